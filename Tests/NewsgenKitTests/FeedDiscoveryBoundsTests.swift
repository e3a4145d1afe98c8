import Foundation
@testable import NewsgenKit
import Testing

/// What keeps `source add` bounded on a hostile page or host (issue 32): alternates de-duplicated in
/// one pass, one deadline for all of discovery, and a message that names what timed out.
@Suite("feed discovery, bounded")
struct FeedDiscoveryBoundsTests {
    @Test func aHundredThousandAlternatesAreDeDuplicatedInOnePass() {
        // 100,000 links naming 50,000 feeds, each twice: about 9 MB, the issue's page. Pairwise took 286 s.
        var html = "<!doctype html><html><head>"
        for index in 0..<100_000 {
            html += #"<link rel="alternate" type="application/rss+xml" href="/feeds/\#(index % 50_000).xml">"#
        }
        html += "</head></html>"
        let page = FetchedDocument(data: Data(html.utf8), url: URL(string: "https://example.org/")!, contentType: "text/html")
        let started = ContinuousClock.now
        let found = FeedDiscovery.alternates(in: page)
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(found.count == 50_000)
        #expect(found.prefix(2).map(\.url.absoluteString) == ["https://example.org/feeds/0.xml", "https://example.org/feeds/1.xml"])
        #expect(found.last?.url.absoluteString == "https://example.org/feeds/49999.xml")
    }

    /// A host whose every `/feed…` path hangs: with a 20 s timeout, discovery has 60 s. The page takes
    /// its 20 s here too, so two paths time out and the other five are never asked.
    @Test func hangingFeedPathsStopAtTheDeadlineAndAreNamed() throws {
        let stub = HTTPStub(secondsPerRequest: 20)
        stub.on("https://slow.example/", .response(HTTPStub.page("A page that names no feed")))
        for path in FeedDiscovery.usualPaths { stub.on("https://slow.example" + path, .failure(.timedOut(seconds: 20))) }
        #expect(throws: BuildError("https://slow.example/ is a web page that names no feed (no <link rel=\"alternate\"> of a feed type), "
                                   + "and no usual feed path on slow.example gave one: /feed and /feed.xml timed out after 20 seconds each; "
                                   + "/rss, /rss.xml, /atom.xml, /index.xml and /feed.json were not asked; give the feed's own address")) {
            try Self.discovery(stub).discover(URL(string: "https://slow.example/")!, pick: nil)
        }
        #expect(stub.urls == ["https://slow.example/", "https://slow.example/feed", "https://slow.example/feed.xml"])
        #expect(stub.exchanges.last?.end == 60)
    }

    @Test func aHostThatAnswersAtOnceKeepsTheShortMessage() throws {
        let stub = HTTPStub()
        stub.on("https://quick.example/", .response(HTTPStub.page("A page that names no feed")))
        #expect(throws: BuildError("https://quick.example/ is a web page that names no feed (no <link rel=\"alternate\"> of a feed type), "
                                   + "and none of /feed, /feed.xml, /rss, /rss.xml, /atom.xml, /index.xml, /feed.json on quick.example is one; "
                                   + "give the feed's own address")) {
            try Self.discovery(stub).discover(URL(string: "https://quick.example/")!, pick: nil)
        }
        #expect(stub.urls.count == 1 + FeedDiscovery.usualPaths.count)
    }

    /// Discovery over `stub` with the default `fetch.timeoutSeconds`, 20.
    private static func discovery(_ stub: HTTPStub) -> FeedDiscovery {
        FeedDiscovery(fetcher: stub.fetcher(deadline: 20), maxBytes: 1_048_576, deadline: FeedDiscovery.overallDeadline(timeoutSeconds: 20))
    }

    @Test func theDeadlineIsThreeTimeouts() {
        #expect(FeedDiscovery.overallDeadline(timeoutSeconds: 20) == 60)
        #expect(FeedDiscovery.overallDeadline(timeoutSeconds: 1) == 3)
    }

    @Test func whatHappenedNamesTimeoutsTheCutOffTheRestAndTheUnasked() {
        var tries = FeedDiscovery.UsualPathTries()
        #expect(tries.whatHappened(timeout: 20, deadline: 60) == nil)
        tries.other = ["/feed"]
        #expect(tries.whatHappened(timeout: 20, deadline: 60) == nil)
        tries.timedOut = ["/feed.xml"]
        tries.cutOff = ["/rss"]
        tries.notAsked = ["/feed.json"]
        #expect(tries.whatHappened(timeout: 20, deadline: 60) == "/feed.xml timed out after 20 seconds; /feed is no feed; "
                + "/rss timed out when discovery's 60 seconds (3 × fetch.timeoutSeconds) ran out; /feed.json was not asked")
    }
}
