import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The one read of a user's file (`FileSystem.read`, issue 32): only regular files, said plainly
/// for anything else and never blocking on a named pipe; oversized files refused from their size;
/// and the JSON files people edit refusing a key given twice, naming both places.
@Suite("Reading the user's files")
struct UserFileReadingTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func refusal(_ url: URL, refusing: (Int) -> String? = { _ in nil }) -> String? {
        do {
            _ = try FileSystem.read(url, shownAs: "shown.json", refusing: refusing)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aRegularFileIsReadWhole() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: root.appendingPathComponent("big"))
        try Data().write(to: root.appendingPathComponent("empty"))
        #expect(try FileSystem.read(root.appendingPathComponent("big"), shownAs: "big") == bytes)
        #expect(try FileSystem.read(root.appendingPathComponent("empty"), shownAs: "empty") == Data())
        #expect(refusal(root.appendingPathComponent("missing")) == "shown.json: not found")
    }

    /// Opening a named pipe to read waits for a writer: the read must say what it is at once instead.
    @Test func aNamedPipeIsRefusedWithoutWaiting() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let pipe = root.appendingPathComponent("state.json")
        try #require(mkfifo(pipe.path, 0o644) == 0)
        let started = Date()
        #expect(refusal(pipe) == "shown.json: is a named pipe (FIFO), not a regular file; newsgen reads only regular files")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aFolderASocketAndADeviceAreNamed() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(refusal(root) == "shown.json: is a folder, not a regular file; newsgen reads only regular files")
        #expect(refusal(URL(fileURLWithPath: "/dev/null")) == "shown.json: is a character device, not a regular file; newsgen reads only regular files")

        let socketPath = root.appendingPathComponent("s").path
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(refusal(URL(fileURLWithPath: socketPath)) == "shown.json: is a socket, not a regular file; newsgen reads only regular files")
    }

    /// A symbolic link is read through, and what it leads to must be a regular file too.
    @Test func aLinkToANamedPipeIsRefusedToo() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try #require(mkfifo(root.appendingPathComponent("pipe").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("site.json").path, withDestinationPath: "pipe")
        #expect(refusal(root.appendingPathComponent("site.json"))?.contains("is a named pipe (FIFO)") == true)
    }

    @Test func anOversizedFileIsRefusedFromItsSize() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("site.json")
        try Data(count: 100).write(to: file)
        #expect(refusal(file) { $0 > 99 ? "is \($0) bytes, over 99" : nil } == "shown.json: is 100 bytes, over 99")
        #expect(refusal(file) { $0 > 100 ? "over" : nil } == nil)
        #expect(refusal(file, refusing: SiteConfig.sizeProblem(bytes:)) == nil)
    }

    @Test func aStateFileWithAKeyGivenTwiceStopsTheLoadNamingBoth() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("state.json")
        try Data("{\n  \"sources\": {},\n  \"version\": 1,\n  \"sources\": {}\n}\n".utf8).write(to: file)
        let store = FetchStateStore(file: file, shownAs: "content/archive/state.json")
        #expect(throws: BuildError(path: "content/archive/state.json",
                                   "cannot be read as newsgen's fetch state (key 'sources' is given twice in one object, at 2:3 and at 4:3; keep one); "
                                   + "it was left untouched")) { try store.load() }
        // The same state without the second copy reads.
        try Data("{\n  \"sources\": {},\n  \"version\": 1\n}\n".utf8).write(to: file)
        #expect(try store.load() == FetchState())
    }

    @Test func aTakedownListWithAKeyGivenTwiceIsRefusedNamingBoth() {
        let json = #"{"version": 1, "takedowns": [{"id": "0123456789abcdef", "removed": "2026-01-05T10:00:00Z", "title": "a", "title": "b"}]}"#
        #expect(throws: BuildError(path: "content/archive/takedowns.json:1:106",
                                   "key 'takedowns[0].title' is given twice in one object, at 1:92 and at 1:106; keep one; the file was left untouched")) {
            try TakedownList.decode(Data(json.utf8), file: "content/archive/takedowns.json")
        }
    }

    @Test func aStringsFileWithAKeyGivenTwiceIsRefusedNamingBoth() {
        let json = "{\n  \"builtWith\": \"Built with newsgen\",\n  \"builtWith\": \"Made with newsgen\"\n}\n"
        #expect(throws: BuildError(path: "templates/strings/en.json:3:3",
                                   "key 'builtWith' is given twice in one object, at 2:3 and at 3:3; keep one")) {
            try ThemeStrings.parse(Data(json.utf8), shownAs: "templates/strings/en.json")
        }
    }
}
