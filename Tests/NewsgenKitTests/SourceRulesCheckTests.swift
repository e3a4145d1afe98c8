import Foundation
import Testing
@testable import NewsgenKit

/// A source's rule that cannot be read stops `check` and `build` as any other mistake of site.json does (ADR 062).
@Suite struct SourceRulesCheckTests {
    static let badRule = #"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml", "fullText": {"mode": "auto", "select": "article ."}}]}"#
    static let expected = "site.json:1:110: 'sources[0].fullText.select' of source 'news': expected a name after '.' at 9"

    @Test func checkNamesTheSourceTheKeyAndThePosition() throws {
        let site = try CheckSite(config: Self.badRule)
        defer { site.remove() }
        let findings = site.check().findings.map(\.description)
        #expect(findings.first == Self.expected)
    }

    @Test func buildRefusesTheSiteWithTheSameWords() throws {
        let site = try CheckSite(config: Self.badRule)
        defer { site.remove() }
        #expect {
            _ = try Site.load(from: site.folder)
        } throws: { error in
            "\(error)" == Self.expected
        }
    }

    @Test func anXPathRuleIsCheckedByLibxml2() throws {
        let site = try CheckSite(config: #"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml", "fullText": {"remove": ["aside", "//div[@class="]}}]}"#)
        defer { site.remove() }
        let first = site.check().findings.first?.description ?? ""
        #expect(first.contains("'sources[0].fullText.remove[1]' of source 'news': XPath: "))
    }

    @Test func readableRulesLoad() throws {
        let site = try CheckSite(config: #"{"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml", "fullText": {"select": "article .body", "remove": ".ad, aside"}}]}"#)
        defer { site.remove() }
        let loaded = try Site.load(from: site.folder)
        #expect(loaded.config.sources[0].extractionRules?.select?.xpath.hasPrefix("descendant-or-self::article/descendant::*") == true)
    }
}
