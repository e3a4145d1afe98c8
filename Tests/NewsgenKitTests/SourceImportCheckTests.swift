import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// The check after `source import` (ADR 039 and 056, amended), in memory: hosts taken one feed at a time,
/// the total deadline, and what is printed, in file order.
@Suite("source import's teaser check")
struct SourceImportCheckTests {
    private func source(_ id: String, _ address: String) -> SourceConfig {
        SourceConfig(id: id, location: .url(URL(string: address)!))
    }

    @Test func feedsAreGroupedByHostInFileOrder() {
        let sources = [source("a", "https://One.example/a.xml"), source("b", "https://two.example/b.xml"),
                       source("c", "https://one.example:443/c.xml"), source("d", "https://one.example:8443/d.xml"),
                       SourceConfig(id: "e", location: .file("content/feeds/e.xml")), source("f", "https://two.example/f.xml")]
        #expect(SourceImportCheck.byHost(sources) == [[0, 2], [1, 5], [3], [4]])
    }

    @Test func theTotalDeadlineLeavesTheRestNotCheckedOneHostAtATime() {
        // One host, each request taking 7 s on the stub's clock: the 2 minutes end after the 18th.
        let stub = HTTPStub(secondsPerRequest: 7)
        let sources = (0..<30).map { source("feed-\($0)", "https://slow.example/\($0).xml") }
        let outcomes = SourceImportCheck.run(sources, config: SiteConfig(title: "Check", sources: sources), network: stub.network)
        #expect(outcomes.prefix(17).allSatisfy { $0 == .unreadable("the server answered HTTP 404 (not found)") }, "\(outcomes)")
        #expect(outcomes.suffix(12).allSatisfy { $0 == .notChecked }, "\(outcomes)")
        #expect(stub.requests.count <= 18)
        // Never two at once on the host: each request starts when the one before it ended.
        #expect(zip(stub.exchanges, stub.exchanges.dropFirst()).allSatisfy { $0.end <= $1.start })
        #expect(stub.requests.allSatisfy { $0.headers["User-Agent"] == HTTPFetcher.defaultUserAgent })
    }

    @Test func textListsTeasersWithTheCommandInFileOrderAndCountsPastTen() {
        let sources = (0..<14).map { source("s\($0)", "https://h\($0).example/feed") }
        var outcomes = Array(repeating: SourceImportCheck.Outcome.unreadable("the server answered HTTP 404 (not found)"), count: 14)
        outcomes[0] = .teaser
        outcomes[1] = .whole
        outcomes[13] = .notChecked
        outcomes[2] = .teaser
        let text = SourceImportCheck.text(sources, outcomes, siteMode: .never, deadline: 120)
        #expect(text.hasPrefix("Read 13 of the 14 feeds added, once each,"))
        #expect(text.contains("2 sources (s0, s2) give only a teaser of each article, and full text is off, so the archive would keep a sentence "
            + "and a link. To keep whole articles: newsgen source set s0,s2 full-text auto\n"))
        #expect(text.contains("Could not read 10 feeds (still added; each build tries again and reports on it):\n  s3: https://h3.example/feed: "))
        #expect(text.contains("  s12: https://h12.example/feed: ") && !text.contains("… and"))
        #expect(text.hasSuffix("Not checked, 1 feed: the check's 120 seconds ran out (the next build names any that give only teasers): s13"))
        outcomes[13] = .unreadable("timed out")
        let more = SourceImportCheck.text(sources, outcomes, siteMode: .never, deadline: 120)
        #expect(more.contains("Could not read 11 feeds") && more.hasSuffix("  s12: https://h12.example/feed: the server answered HTTP 404 (not found)\n  … and 1 more"))
    }

    @Test func aSiteWhoseDefaultReadsPagesIsToldSoWithoutACommand() {
        let sources = [source("gazette", "https://news.example/feed")]
        let text = SourceImportCheck.text(sources, [.teaser], siteMode: .auto, deadline: 120)
        #expect(text.contains("Only teasers from gazette; full text is auto for them (extract.fullText)"))
        #expect(!text.contains("source set"))
        #expect(SourceImportCheck.text(sources, [.whole], siteMode: .never, deadline: 120).hasSuffix("None of those read gives only teasers."))
    }
}
