import Dispatch
import Foundation

/// Work that waits on the network, spread over plain threads. Not
/// `DispatchQueue.global()`: its pool starts with one thread per core and adds
/// about one a second while they block, so eight requests on a 2-core machine
/// would not run at once (BENCHMARKS.md, issue 5).
enum Workers {
    /// Computes `work(i)` for every `i` in `0..<count` on at most `concurrency`
    /// threads and returns the results in index order.
    static func map<Result: Sendable>(_ count: Int, concurrency: Int, _ work: @escaping @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count: count)
        let group = DispatchGroup()
        for _ in 0..<min(max(1, concurrency), count) {
            group.enter()
            Thread {
                while let index = slots.claim() { slots.set(index, work(index)) }
                group.leave()
            }.start()
        }
        group.wait()
        return slots.values
    }
}

/// Results filled in by concurrent workers, each into its own slot, and the next index to take.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value?]
    private var next = 0

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < stored.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func set(_ index: Int, _ value: Value) { lock.withLock { stored[index] = value } }

    /// Every slot, once all workers are done (each index was claimed and set exactly once).
    var values: [Value] { lock.withLock { stored.compactMap { $0 } } }
}
