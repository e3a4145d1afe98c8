import Foundation
import Testing

/// Issue 32: the files a user owns, read by the real binary when they are not what they should
/// be. A named pipe is refused at once (opening one to read waits for a writer for ever), a
/// folder is named as a folder, an oversized site.json is refused before it is read, and a
/// state.json that stops the build fails `newsgen check` in the same words. Every run here is
/// held to a deadline by `timeout`, so a hang fails the test instead of stopping the suite.
@Suite("User files that are not what they should be, end to end", .serialized)
struct UserFileEndToEndTests {
    /// Seconds a run may take before `timeout` ends it (exit 124): far more than any of these
    /// needs with the fix (well under a second each), far less than the minutes or the for ever
    /// they took before it.
    static let deadline = 60

    /// `newsgen ARGS` in the site, ended after `deadline` seconds; the build's "now" is fixed.
    private func run(_ site: TemporarySite, _ arguments: String...) throws -> ProcessResult {
        try Newsgen.run(arguments, in: site.directory, environment: ["SOURCE_DATE_EPOCH": "1795000000"], killedAfter: Self.deadline)
    }

    private func makeFIFO(_ site: TemporarySite, _ relative: String) throws {
        let url = site.file(relative)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(relative)")
    }

    /// Every file of the site a build reads, as a named pipe: the build and the check stop at once
    /// with an error naming the file and what it is, and never wait on the pipe.
    @Test(arguments: ["site.json", "bookmarks.json", "content/archive/state.json", "content/archive/takedowns.json"])
    func aNamedPipeIsRefusedNotWaitedOn(relative: String) throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try makeFIFO(site, relative)
        let build = try run(site, "build", "--offline")
        #expect(build.status == 1, "exit \(build.status) (124: still waiting on the pipe after \(Self.deadline) s)\n\(build.stderr)")
        #expect(build.stderr.contains("\(relative): is a named pipe (FIFO), not a regular file"), "\(build.stderr)")
        let check = try run(site, "check", "--offline")
        #expect(check.status == 1, "exit \(check.status)\n\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("is a named pipe (FIFO), not a regular file"), "\(check.stdout)")
    }

    /// A path source's feed file as a named pipe fails that source, as any unreadable feed file does
    /// (a warning for the build, a problem for the check), and nothing waits on it. (A pipe in a folder
    /// that is listed, templates/ or content/articles/, is not listed: only regular files are.)
    @Test func aNamedPipeAsAFeedFileFailsItsSource() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try makeFIFO(site, "content/feeds/bay-weekly.xml")
        let build = try run(site, "build", "--offline")
        #expect(build.status == 0, "exit \(build.status) (124: still waiting on the pipe after \(Self.deadline) s)\n\(build.stderr)")
        #expect(build.stderr.contains("warning: source 'bay-weekly' failed: content/feeds/bay-weekly.xml: is a named pipe (FIFO), not a regular file"),
                "\(build.stderr)")
        let check = try run(site, "check", "--offline")
        #expect(check.status == 1, "exit \(check.status)\n\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("error: source 'bay-weekly' failed: content/feeds/bay-weekly.xml: is a named pipe (FIFO)"), "\(check.stdout)")
    }

    @Test func aFolderWhereSiteJSONShouldBeIsCalledAFolder() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.removeItem(at: site.file("site.json"))
        try FileManager.default.createDirectory(at: site.file("site.json"), withIntermediateDirectories: false)
        for command in ["build", "check"] {
            let result = try run(site, command, "--offline")
            let said = result.stdout + result.stderr
            #expect(result.status == 1, "\(command): exit \(result.status)\n\(said)")
            #expect(said.contains("site.json: is a folder, not a regular file"), "\(command): \(said)")
            #expect(!said.contains("NSCocoaErrorDomain"), "\(command): \(said)")
        }
    }

    @Test func aFolderWhereTheStateShouldBeIsCalledAFolder() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.file("content/archive/state.json"), withIntermediateDirectories: true)
        let result = try run(site, "build", "--offline")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("content/archive/state.json: is a folder, not a regular file"), "\(result.stderr)")
    }

    /// A 30 MB title once built for over six minutes at 3.6 GB (it is written into every page and
    /// every row of the site's own articles). Over `SiteConfig.maxFileBytes`, the file is refused
    /// from its size, before it is read.
    @Test func aSiteJSONOverItsBoundIsRefusedBeforeItIsRead() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.editConfig { $0["title"] = String(repeating: "Marrow Bay ", count: 3_000_000) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: site.file("site.json").path)[.size] as? Int)
        let started = Date()
        let measured = try MeasuredRun.newsgen(["build", "--offline"], in: site.directory)
        #expect(Date().timeIntervalSince(started) < 10, "refused at once, not built")
        #expect(measured.status == 1, "\(measured.stderr)")
        #expect(measured.stderr.contains("site.json: is \(size) bytes; a site.json may be at most 16777216 bytes (16 MiB)"), "\(measured.stderr)")
        #expect(measured.peakMegabytes < 100, "\(measured.peakMegabytes) MB: the file was not read")
    }

    /// Under the file's bound, a string over `SiteConfig.maxStringBytes` is refused, naming its key and place.
    @Test func aLongTitleIsRefusedNamingItsKey() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let text = try site.read("site.json").replacingOccurrences(of: "\"Marrow Bay Archive\"",
                                                                  with: "\"" + String(repeating: "M", count: 1_000_000) + "\"")
        try site.write("site.json", text)
        for command in ["build", "check"] {
            let result = try run(site, command, "--offline")
            let said = result.stdout + result.stderr
            #expect(result.status == 1, "\(command): exit \(result.status)\n\(said.prefix(2_000))")
            #expect(said.contains("site.json:3:12: 'title' is 1000000 bytes long; a string here may be at most 8192 bytes"),
                    "\(command): \(said.prefix(2_000))")
        }
    }

    /// What stops the build stops the check: a state.json that is not newsgen's is a problem for
    /// both, in the same words.
    @Test(arguments: ["{\"version\": 1, \"sources\": ", "{\"version\": 1, \"sources\": {}, \"sources\": {}}", "[]",
                      "{\"version\": 2, \"sources\": {}}"])
    func aStateFileTheBuildRefusesFailsTheCheck(state: String) throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        try site.write("content/archive/state.json", state)
        let build = try run(site, "build", "--offline")
        #expect(build.status == 1, "\(build.stderr)")
        let reason = try #require(build.stderr.split(separator: "\n").first { $0.contains("content/archive/state.json: ") },
                                  "the build names state.json: \(build.stderr)")
        let check = try run(site, "check", "--offline")
        #expect(check.status == 1, "check exits 1 as the build did:\n\(check.stdout)")
        let said = reason.replacingOccurrences(of: "error: ", with: "")
        #expect(check.stdout.contains(said), "the check says what the build said (\(said)):\n\(check.stdout)")
    }
}
