import Foundation
import NewsgenTestSupport
import Testing

/// Long full-text extraction through real builds (issue 34): without a terminal the build says how
/// far it has got, `--quiet` says nothing, and a build stopped by SIGTERM or SIGKILL part way
/// through keeps the pages it had extracted in the archive, which the next build does not fetch
/// again (ADR 057). The publisher is a server on 127.0.0.1 whose article pages are slow.
@Suite("Extraction progress and checkpoints, end to end",
       Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the publisher's server"), .serialized)
struct ExtractionProgressEndToEndTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1795000000", "NEWSGEN_PROGRESS_INTERVAL": "0.3"]

    /// A site with one url source on `server`, full text for every item, one page at a time.
    private func site(_ server: SlowPagesHTTPServer) throws -> TemporarySite {
        let site = try TemporarySite.sample()
        try site.editConfig { config in
            config["sources"] = [["id": "slow", "url": server.url("/feed.xml"), "fullText": "always"]]
            config["extract"] = ["perHostDelaySeconds": 0.05, "perHostConcurrency": 1, "maxSecondsPerBuild": 60]
            config["fetch"] = ["timeoutSeconds": 10, "retries": 0]
        }
        try FileManager.default.removeItem(at: site.file("content/articles"))
        return site
    }

    /// The pages (`/news/<n>`) whose full text the archive on disk holds.
    private func extractedPages(_ site: TemporarySite) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: site.file("content/archive").path) else { return [] }
        return Set(try site.archivedArticles().compactMap { article -> String? in
            guard article["fullText"] != nil, let link = article["link"] as? String, let url = URL(string: link) else { return nil }
            return url.path
        })
    }

    @Test func withoutATerminalExtractionSaysHowFarItHasGotAndQuietSaysNothing() throws {
        let server = try SlowPagesHTTPServer(pages: 6, delay: 0.3)
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        let result = try site.run("build", environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("extracting ") }
        #expect(!lines.isEmpty, "no extraction progress in stderr: \(result.stderr)")
        for line in lines {
            #expect(line.wholeMatch(of: /extracting [0-6]\/6 pages( · 127\.0\.0\.1)? · [0-9]+:[0-9]{2}(, about [0-9]+:[0-9]{2} left)?/) != nil,
                    "\(line)")
        }
        #expect(!result.stderr.contains("\r"), "no live line without a terminal")
        #expect(try extractedPages(site).count == 6)

        let quietSite = try self.site(server)
        defer { quietSite.remove() }
        let quiet = try quietSite.run("build", "--quiet", environment: Self.environment)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout == "" && quiet.stderr == "", "stdout: \(quiet.stdout) stderr: \(quiet.stderr)")
        #expect(try extractedPages(quietSite).count == 6)
    }

    /// A build started in the background, its output in files (so that nothing waits on a pipe).
    private final class BackgroundBuild {
        let process = Process()
        let errors: URL

        init(_ site: TemporarySite) throws {
            errors = site.file("build-stderr.txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            // Through python, which unblocks SIGINT and SIGTERM first: a process spawned from the test's thread
            // inherits libdispatch's blocked signals, and a build started from a shell has them unblocked.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM]); "
                                 + "os.execv(sys.argv[1], sys.argv[1:])", Newsgen.binary.path, "build"]
            process.currentDirectoryURL = site.directory
            process.environment = ProcessInfo.processInfo.environment.merging(ExtractionProgressEndToEndTests.environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
    }

    /// What a build stopped part way through left: the pages answered when it was stopped, the pages whose
    /// text the archive then held, what it said, and the site.
    private struct Stopped {
        var answered: Set<String>
        var kept: Set<String>
        var stderr: String
        var site: TemporarySite
    }

    /// Builds a site with 12 pages answered `delay` seconds each, stops the build with `signal` once `answered`
    /// pages were answered and the next is being answered, lets `check` judge what it left, then builds again:
    /// that build must fetch only the pages the archive did not keep, and end with every page's text.
    private func interruptedBuild(_ signal: Int32, after answered: Int, delay: Double, check: (Stopped) throws -> Void) throws {
        let server = try SlowPagesHTTPServer(pages: 12, delay: delay)
        defer { server.stop() }
        let site = try site(server)
        defer { site.remove() }
        let build = try BackgroundBuild(site)
        let deadline = Date().addingTimeInterval(60)
        var log = try server.log()
        while log.answered.count < answered || log.started.count <= answered {
            #expect(build.process.isRunning, "the build ended before it was stopped: \(build.stderr)")
            guard build.process.isRunning, Date() < deadline else { break }
            usleep(20_000)
            log = try server.log()
        }
        // The page just answered is extracted at once; a moment more, so that it surely was.
        usleep(150_000)
        log = try server.log()
        let answeredThen = Set(log.answered)
        kill(build.process.processIdentifier, signal)
        build.process.waitUntilExit()
        #expect(build.process.terminationReason == .uncaughtSignal && build.process.terminationStatus == signal,
                "the build was ended by the signal (\(build.process.terminationStatus)): \(build.stderr)")
        let stopped = Stopped(answered: answeredThen, kept: try extractedPages(site), stderr: build.stderr, site: site)
        try check(stopped)
        try expectNextBuildSkips(stopped.kept, server: server, site: site)
    }

    /// The next build fetches only the pages the archive did not keep, and ends with every page's text.
    private func expectNextBuildSkips(_ kept: Set<String>, server: SlowPagesHTTPServer, site: TemporarySite) throws {
        let before = try server.log().requests
        let next = try site.run("build", environment: Self.environment)
        #expect(next.status == 0, "the archive reads back: \(next.stderr)")
        let after = try server.log().requests
        for page in kept { #expect(after[page] == before[page], "\(page) was fetched again") }
        let fetchedAgain = after.keys.filter { $0.hasPrefix("/news/") && after[$0] != before[$0] }
        #expect(fetchedAgain.count == 12 - kept.count, "\(fetchedAgain.sorted())")
        #expect(try extractedPages(site).count == 12)
    }

    @Test func sigtermDuringExtractionKeepsEveryPageExtractedBeforeIt() throws {
        try interruptedBuild(SIGTERM, after: 3, delay: 0.6) { stopped in
            #expect(stopped.answered.count >= 3)
            #expect(stopped.kept == stopped.answered, "kept \(stopped.kept.sorted()), answered \(stopped.answered.sorted())")
            #expect(stopped.stderr.contains("interrupted (SIGTERM) during full-text extraction; the archive keeps the full text of the \(stopped.kept.count) pages"),
                    "\(stopped.stderr)")
            #expect(!FileManager.default.fileExists(atPath: stopped.site.file("content/archive/.newsgen-journal").path), "the save was finished")
        }
    }

    @Test func sigkillDuringExtractionLosesAtMostTheLastFewPages() throws {
        try interruptedBuild(SIGKILL, after: 7, delay: 0.4) { stopped in
            #expect(stopped.kept.isSubset(of: stopped.answered))
            // A checkpoint every five pages: of seven or more answered, at least the first five are in the archive.
            #expect(stopped.kept.count >= stopped.answered.count - 4 && stopped.kept.count >= 5,
                    "kept \(stopped.kept.sorted()), answered \(stopped.answered.sorted())")
        }
    }
}
