import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// `BuildLock.acquire(site:waiting:)`, the wait `newsgen serve`'s rebuild makes for another build (ADR 058).
/// `flock` locks belong to an open file, so a second open in this process meets the first as another process would.
@Suite("Waiting for the build lock")
struct BuildLockWaitTests {
    private static func site() throws -> Site {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lock-wait-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return Site(directory: root, config: SiteConfig(title: "Bay", sources: []))
    }

    @Test func aLockLetGoWhileWaitingIsTakenAndTheWaitIsSaidOnce() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(at: site.directory) }
        let held = Held(try BuildLock.acquire(site: site))
        let told = Told()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { held.lock.release() }
        let lock = try BuildLock.acquire(site: site, waiting: BuildLock.Wait(seconds: 30) { told.add() })
        lock.release()
        #expect(told.count == 1)
    }

    @Test func aLockHeldPastTheBoundIsAnErrorThatSaysItWaited() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(at: site.directory) }
        let held = try BuildLock.acquire(site: site)
        defer { held.release() }
        #expect(throws: BuildError.self) { try BuildLock.acquire(site: site) }
        do {
            _ = try BuildLock.acquire(site: site, waiting: BuildLock.Wait(seconds: 0.3) {})
            Issue.record("the lock was taken while held")
        } catch {
            #expect(error.description.contains("still held its lock (.newsgen/build.lock) after 0.3 s of waiting"), "\(error)")
        }
        // Giving up (the preview stopping) ends the wait at once, long before the bound.
        let started = Date()
        #expect(throws: BuildError.self) { try BuildLock.acquire(site: site, waiting: BuildLock.Wait(seconds: 60, givesUp: { true }) {}) }
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

/// How often the wait was said, from whichever thread said it.
private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var said = 0
    func add() { lock.withLock { said += 1 } }
    var count: Int { lock.withLock { said } }
}

/// A lock let go from another thread, as another process's build ends.
private final class Held: @unchecked Sendable {
    let lock: BuildLock
    init(_ lock: BuildLock) { self.lock = lock }
}
