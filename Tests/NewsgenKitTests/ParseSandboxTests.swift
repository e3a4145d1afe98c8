import Foundation
@testable import NewsgenKit
import NewsgenExtract
import NewsgenFeeds
import NewsgenModel
import NewsgenTestSupport
import Testing

/// `ParseSandbox` with real worker processes (the `newsgen` binary built beside the tests):
/// what a worker answers is exactly what this process would have parsed, for every feed of
/// feedparser's corpus and the sample site, errors included; a worker is reused; and the
/// sandbox without an executable parses in this process.
@Suite("Parse sandbox", .serialized, Prerequisite.require(SandboxWorkerBinary.path != nil, "needs the newsgen binary built beside the tests (swift build)"))
struct ParseSandboxTests {
    static let packageRoot = SandboxWorkerBinary.packageRoot
    static let worker = SandboxWorkerBinary.path

    static let corpus = packageRoot.appendingPathComponent("../shared/corpora/feedparser-tests").standardized

    /// Every feed document of the corpus and of the sample site.
    static func documents() -> [URL] {
        var found: [URL] = []
        for folder in [corpus, packageRoot.appendingPathComponent("content/feeds")] {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walk where ["xml", "rdf", "json", "atom", "rss"].contains(file.pathExtension) {
                found.append(file)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func aWorkerAnswersExactlyWhatThisProcessParses() throws {
        let sandbox = ParseSandbox(executable: Self.worker)
        let documents = Self.documents()
        if !FileManager.default.fileExists(atPath: Self.corpus.path) {
            #expect(!Prerequisite.requiredHere, "../shared/corpora/feedparser-tests is missing, and CI=true makes that a failure")
            print("parse sandbox: feedparser's corpus not found; only the sample site's feeds are compared")
        }
        var parsed = 0, refused = 0, differing: [String] = []
        for file in documents {
            let data = try Data(contentsOf: file)
            let base = "http://example.org/\(file.lastPathComponent)"
            let inProcess = Result { () throws(FeedParseError) in try FeedParser.parse(data, baseURL: base, maxBytes: 1 << 24) }
            let contained = Result { () throws(FeedParseError) in try sandbox.feed(data, baseURL: base, maxBytes: 1 << 24, seconds: 30) }
            if case .success = inProcess { parsed += 1 } else { refused += 1 }
            if inProcess != contained { differing.append(file.lastPathComponent) }
        }
        print("parse sandbox: \(documents.count) documents, \(parsed) parsed and \(refused) refused, \(differing.count) answered differently by a worker")
        #expect(differing.isEmpty, "\(differing.prefix(20))")
        #expect(documents.count > 3)
    }

    /// Readability's test pages (every second one: a debug build extracts each twice here), extracted
    /// by a worker and here: the same result for every one.
    @Test func aWorkerExtractsEachPageAsThisProcessDoes() throws {
        let pages = Self.packageRoot.appendingPathComponent("../shared/corpora/readability-test-pages").standardized
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []
        if folders.isEmpty {
            #expect(!Prerequisite.requiredHere, "../shared/corpora/readability-test-pages is missing, and CI=true makes that a failure")
            print("parse sandbox: Readability's pages not found; skipped")
            return
        }
        let sandbox = ParseSandbox(executable: Self.worker)
        var compared = 0, differing: [String] = []
        for (index, folder) in folders.sorted().enumerated() where index % 2 == 0 {
            guard let data = try? Data(contentsOf: pages.appendingPathComponent(folder).appendingPathComponent("source.html")) else { continue }
            let url = URL(string: "http://fakehost/\(folder)/page.html")!
            let contained = try sandbox.page(data, pageURL: url, contentType: "text/html", seconds: 30)
            if contained != ArticleExtractor.extract(html: data, pageURL: url, contentType: "text/html") { differing.append(folder) }
            compared += 1
        }
        print("parse sandbox: \(compared) pages, \(differing.count) extracted differently by a worker")
        #expect(differing.isEmpty, "\(differing)")
        #expect(compared > 50)
    }

    @Test func withoutAnExecutableTheSandboxParsesInThisProcess() throws {
        let data = Data(#"<rss version="2.0"><channel><title>T</title><item><title>One</title></item></channel></rss>"#.utf8)
        let feed = try ParseSandbox(executable: nil).feed(data, maxBytes: 1 << 20, seconds: 1)
        #expect(feed.items.map { $0.title?.value } == ["One"])
    }

    @Test func aWorkerThatCannotStartLeavesParsingToThisProcess() throws {
        let data = Data(#"<rss version="2.0"><channel><title>T</title><item><title>One</title></item></channel></rss>"#.utf8)
        let feed = try ParseSandbox(executable: "/nonexistent/newsgen").feed(data, maxBytes: 1 << 20, seconds: 1)
        #expect(feed.items.map { $0.title?.value } == ["One"])
    }

    /// Jobs from many threads at once share the workers and each gets its own answer.
    @Test func concurrentJobsEachGetTheirOwnAnswer() throws {
        let sandbox = ParseSandbox(executable: Self.worker)
        let titles = Workers.map(24, concurrency: 6) { index -> String? in
            let data = Data(#"<rss version="2.0"><channel><title>T</title><item><title>Item \#(index)</title></item></channel></rss>"#.utf8)
            return (try? sandbox.feed(data, maxBytes: 1 << 20, seconds: 30))?.items.first?.title?.value
        }
        #expect(titles == (0..<24).map { "Item \($0)" })
    }
}

extension Result where Failure == FeedParseError {
    init(_ body: () throws(FeedParseError) -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}

/// The newsgen executable SwiftPM built next to this test bundle: what starts the workers.
enum SandboxWorkerBinary {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let path: String? = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("newsgen")
        let candidates = [besideTests, packageRoot.appendingPathComponent(".build/debug/newsgen")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
    }()
}
