import Foundation
import Testing

/// Standard output or standard error that cannot be written never crashes newsgen (issue 32: a full
/// disk ended every command with SIGILL, exit 132, `bookmark add` after saving bookmarks.json). A
/// lost output is exit 1 with a sentence on standard error saying what was done; a lost standard
/// error is dropped; a reader that closed the pipe (`| head -1`) ends the command quietly with
/// the status it had (ADR 050). `/dev/full` answers every write with ENOSPC: a real full disk.
@Suite("Output on a full disk or a closed pipe, end to end", .serialized)
struct OutputFailureEndToEndTests {
    static let full = "/dev/full"
    static let noSpace = "writing the output failed: No space left on device"
    static let feed = "content/feeds/harbor-gazette.xml"

    /// A copy of the sample site, built, and the id of one of its articles.
    private func builtSite() throws -> (site: TemporarySite, article: String) {
        let site = try TemporarySite.sample()
        let built = try site.run("build", "--offline", "--quiet")
        try #require(built.status == 0, "stderr: \(built.stderr)")
        let article = try #require(try site.archivedArticles().first?["id"] as? String)
        return (site, article)
    }

    private func bookmarked(_ site: TemporarySite) throws -> String { try site.read("bookmarks.json") }

    @Test func bookmarkAddSaysTheBookmarkWasSavedWhenItsOutputCannotBeWritten() throws {
        let (site, article) = try builtSite()
        defer { site.remove() }
        let added = try Newsgen.run(["bookmark", "add", article], in: site.directory, output: .file(Self.full))
        #expect(!added.signalled, "died of signal \(added.status)")
        #expect(added.status == 1)
        #expect(added.stderr == "error: bookmarks.json was saved; \(Self.noSpace)\n")
        #expect(try bookmarked(site).contains("\"id\": \"\(article)\""))
    }

    /// Every kind of command: what it prints is lost, and it says so; the build says it built.
    @Test(arguments: [
        (["--help"], ""), (["help", "--man"], ""), (["--version"], ""), (["completion", "bash"], ""),
        (["source", "list"], ""), (["source", "export"], ""), (["bookmark", "list"], ""),
        (["inspect", Self.feed], ""), (["extract", Self.feed, "--format", "text"], ""),
        (["check", "--offline"], ""), (["build", "--offline"], "the site was built; "),
    ])
    func everyCommandWhoseOutputCannotBeWrittenEndsWithExitOne(arguments: [String], done: String) throws {
        let (site, _) = try builtSite()
        defer { site.remove() }
        let run = try Newsgen.run(arguments, in: site.directory, output: .file(Self.full))
        #expect(!run.signalled, "died of signal \(run.status)")
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("error: \(done)\(Self.noSpace)\n"), "stderr: \(run.stderr)")
    }

    /// Diagnostics that cannot be written are dropped: the exit status still tells.
    @Test func diagnosticsThatCannotBeWrittenAreDropped() throws {
        let (site, article) = try builtSite()
        defer { site.remove() }
        let unknown = try Newsgen.run(["bookmark", "add", "no-such-article"], in: site.directory, errors: .file(Self.full))
        #expect(!unknown.signalled && unknown.status == 1, "status \(unknown.status), signalled \(unknown.signalled)")
        let usage = try Newsgen.run(["frobnicate"], in: site.directory, errors: .file(Self.full))
        #expect(!usage.signalled && usage.status == 64, "status \(usage.status), signalled \(usage.signalled)")
        let build = try Newsgen.run(["build", "--offline"], in: site.directory, errors: .file(Self.full))
        #expect(!build.signalled && build.status == 0, "status \(build.status), signalled \(build.signalled)")
        #expect(build.stdout.contains("public/"), "stdout: \(build.stdout)")

        let both = try Newsgen.run(["bookmark", "add", article], in: site.directory, output: .file(Self.full), errors: .file(Self.full))
        #expect(!both.signalled && both.status == 1, "status \(both.status), signalled \(both.signalled)")
        #expect(try bookmarked(site).contains("\"id\": \"\(article)\""))
    }

    /// A non-blocking pipe takes 64 KB and then answers EAGAIN until its reader catches up: the
    /// 2.4 MB of `inspect` on a feed of 2,000 items arrive whole (before, the first EAGAIN was SIGILL).
    @Test func aNonBlockingPipeGetsAllTheOutput() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let items = (0..<2_000).map { number in
            "<item><title>Item \(number)</title><link>https://example.org/\(number)</link><guid>g\(number)</guid>"
                + "<description>\(String(repeating: "word ", count: 40))</description></item>"
        }
        try site.write("big.xml", #"<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://example.org/</link>"#
                           + "<description>d</description>\(items.joined())</channel></rss>")
        let run = try Newsgen.run(["inspect", "big.xml"], in: site.directory, output: .nonBlockingPipe)
        #expect(!run.signalled, "died of signal \(run.status)")
        #expect(run.status == 0, "stderr: \(run.stderr.prefix(500))")
        #expect(run.stdout.utf8.count > 1_000_000)
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((json?["items"] as? [Any])?.count == 2_000)
    }

    /// `newsgen … | head -1` once head has gone: no signal, no message, the command's own status.
    @Test func aClosedPipeEndsTheCommandQuietly() throws {
        let (site, article) = try builtSite()
        defer { site.remove() }
        for arguments in [["--help"], ["help", "--man"], ["source", "list"], ["build", "--offline"], ["bookmark", "add", article]] {
            let run = try Newsgen.run(arguments, in: site.directory, output: .closedPipe)
            #expect(!run.signalled, "\(arguments): died of signal \(run.status)")
            #expect(run.status == 0, "\(arguments): status \(run.status)")
            #expect(run.stderr == "", "\(arguments): \(run.stderr)")
        }
        #expect(try bookmarked(site).contains("\"id\": \"\(article)\""))
        let check = try Newsgen.run(["check", "--offline", "--site", "no-such-folder"], in: site.directory, output: .closedPipe)
        #expect(!check.signalled && check.status == 1, "status \(check.status), signalled \(check.signalled)")
    }
}
