import Foundation
import Testing
import NewsgenModel
import NewsgenTestSupport

/// `bookmarks.json` is written one key per line, sorted by id, so that two people who each
/// bookmark something on their own branch can merge without a conflict. These tests ask real
/// git, because "git merges it" is the claim.
@Suite("bookmarks.json under git merge",
       Prerequisite.require(GitRepository.isInstalled, "git is not installed (/usr/bin/env git failed); the merge tests need real git"))
struct BookmarkMergeTests {
    private static func bookmark(_ id: String) -> Bookmark {
        let digit = Int(id.prefix(1)) ?? 0
        return Bookmark(id: id, added: Date(timeIntervalSince1970: 1_790_000_000 + Double(digit) * 3600), title: "Entry \(digit)",
                        url: "https://example.org/\(digit)", note: digit.isMultiple(of: 2) ? nil : "note \(digit)")
    }

    private static let base = BookmarkManifest(bookmarks: [bookmark("2000000000000000"), bookmark("8000000000000000")])

    /// Commits `base` on main, then `onA` on branch a and `onB` on branch b (from main), and merges b into a.
    private static func merge(addingOnA onA: String, addingOnB onB: String, in repository: GitRepository) throws -> GitRepository.Result {
        try repository.git("init", "-q", "-b", "main").check()
        try repository.commit(base, message: "base")
        try repository.git("checkout", "-q", "-b", "a").check()
        var a = base
        a.add(bookmark(onA))
        try repository.commit(a, message: "a adds \(onA)")
        try repository.git("checkout", "-q", "-b", "b", "main").check()
        var b = base
        b.add(bookmark(onB))
        try repository.commit(b, message: "b adds \(onB)")
        try repository.git("checkout", "-q", "a").check()
        return try repository.git("merge", "-q", "--no-edit", "b")
    }

    @Test(arguments: [
        ("1000000000000000", "5000000000000000"),  // first and middle
        ("5000000000000000", "1000000000000000"),
        ("5000000000000000", "9000000000000000"),  // middle and end (the old last entry gains a comma)
        ("9000000000000000", "5000000000000000"),
        ("1000000000000000", "9000000000000000"),  // first and end
    ])
    func addsAtDifferentPlacesMergeWithoutConflict(onA: String, onB: String) throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        let result = try Self.merge(addingOnA: onA, addingOnB: onB, in: repository)
        #expect(result.status == 0, "git merge: \(result.output)")
        #expect(try repository.git("diff", "--name-only", "--diff-filter=U").output == "")

        let merged = try repository.manifestData()
        let union = BookmarkManifest(bookmarks: Self.base.bookmarks + [Self.bookmark(onA), Self.bookmark(onB)])
        #expect(try BookmarkManifest.decode(merged).bookmarks.map(\.id) == [onA, onB, "2000000000000000", "8000000000000000"].sorted())
        #expect(String(decoding: merged, as: UTF8.self) == String(decoding: union.encoded(), as: UTF8.self))
    }

    /// The limit, stated honestly: two bookmarks whose ids sort between the same two neighbours
    /// touch the same lines, and git reports a conflict (newsgen then refuses the file, with a position).
    @Test(arguments: [
        ("3000000000000000", "4000000000000000"),  // both between 2… and 8…
        ("9000000000000000", "9500000000000000"),  // both at the end
    ])
    func addsAtTheSamePlaceConflict(onA: String, onB: String) throws {
        let repository = try GitRepository()
        defer { repository.remove() }
        let result = try Self.merge(addingOnA: onA, addingOnB: onB, in: repository)
        #expect(result.status == 1, "git merge: \(result.output)")
        #expect(result.output.contains("CONFLICT (content): Merge conflict in bookmarks.json"), "git merge: \(result.output)")
        #expect(try repository.git("diff", "--name-only", "--diff-filter=U").output == "bookmarks.json\n")

        let conflicted = try repository.manifestData()
        #expect(String(decoding: conflicted, as: UTF8.self).contains("<<<<<<< HEAD\n"))
        do {
            _ = try BookmarkManifest.decode(conflicted)
            Issue.record("a file with conflict markers was accepted")
        } catch {
            #expect(error.line != nil && error.column != nil)
            #expect(error.message.hasPrefix("not valid JSON ("), "\(error)")
        }
    }
}

/// A throwaway git repository in a temporary folder, with git isolated from the machine's configuration.
struct GitRepository: Sendable {
    struct Result: Sendable {
        var status: Int32
        var output: String

        /// Fails the calling step (not just an expectation) when git did not succeed.
        func check() throws {
            guard status == 0 else { throw Failure(output: output) }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var output: String
        var description: String { "git failed: \(output)" }
    }

    static let isInstalled: Bool = {
        guard let directory = try? GitRepository() else { return false }
        defer { directory.remove() }
        return (try? directory.git("--version"))?.status == 0
    }()

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    func git(_ arguments: String...) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    func commit(_ manifest: BookmarkManifest, message: String) throws {
        try manifest.encoded().write(to: directory.appendingPathComponent("bookmarks.json"))
        try git("add", "bookmarks.json").check()
        try git("commit", "-q", "-m", message).check()
    }

    func manifestData() throws -> Data { try Data(contentsOf: directory.appendingPathComponent("bookmarks.json")) }
}
