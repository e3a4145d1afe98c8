import Foundation
import Testing
@testable import NewsgenModel

/// `sources[].fullText` as an object: a mode and the source's rules (ADR 062).
@Suite struct FullTextRulesConfigTests {
    private func source(_ fullText: String, check: SiteConfig.SelectorCheck? = nil) throws(ConfigError) -> SourceConfig {
        let json = #"{"title": "T", "sources": [{"id": "a", "path": "a.xml"}, {"id": "blog", "path": "b.xml", "fullText": "# + fullText + #"}]}"#
        return try SiteConfig.decode(Data(json.utf8), selectorCheck: check).sources[1]
    }

    private func message(_ fullText: String, check: SiteConfig.SelectorCheck? = nil) -> String? {
        do { _ = try source(fullText, check: check); return nil } catch { return error.description }
    }

    @Test func aStringIsTheModeAsBefore() throws {
        let read = try source(#""always""#)
        #expect(read.fullText == .always && read.rules == nil)
    }

    @Test func anObjectGivesTheModeAndTheRules() throws {
        let read = try source(#"{"mode": "auto", "select": "article .story-body", "remove": [".related", "aside"]}"#)
        #expect(read.fullText == .auto)
        #expect(read.rules == FullTextRules(select: "article .story-body", remove: [".related", "aside"]))
    }

    @Test func removeMayBeOneStringWithCommas() throws {
        let read = try source(#"{"remove": ".related, aside"}"#)
        #expect(read.fullText == nil)
        #expect(read.rules == FullTextRules(select: nil, remove: [".related, aside"]))
    }

    @Test func anObjectWithoutRulesHasNone() throws {
        #expect(try source(#"{"mode": "never"}"#).rules == nil)
    }

    @Test func mistakesNameTheirKey() {
        #expect(message(#"{"mode": "sometimes"}"#)?.contains("'sources[1].fullText.mode' must be 'never', 'auto', 'always', found 'sometimes'") == true)
        #expect(message(#"{"selector": "article"}"#)?.contains("unknown key 'sources[1].fullText.selector' (did you mean 'select'?)") == true)
        #expect(message(#"{"remove": [".a", 3]}"#)?.contains("'sources[1].fullText.remove[1]' must be a string, found a number") == true)
        #expect(message(#"{"select": "  "}"#)?.contains("'sources[1].fullText.select' is blank") == true)
        #expect(message("3")?.contains("'sources[1].fullText' must be 'never', 'auto' or 'always', or an object") == true)
    }

    @Test func aSelectorTheCheckRefusesIsAnErrorAtItsKey() {
        let check: SiteConfig.SelectorCheck = { $0.hasSuffix(".") ? "expected a name after '.' at \($0.count)" : nil }
        let select = message(#"{"select": "article ."}"#, check: check)
        #expect(select == "site.json:1:113: 'sources[1].fullText.select' of source 'blog': expected a name after '.' at 9")
        #expect(message(#"{"remove": ["aside", "div."]}"#, check: check)?.contains("'sources[1].fullText.remove[1]' of source 'blog': expected a name after '.' at 4") == true)
        #expect(message(#"{"select": "article"}"#, check: check) == nil)
    }

    @Test func theDigestFollowsTheRules() {
        let rules = FullTextRules(select: "article", remove: [".ad"])
        #expect(rules.digest.count == 16)
        #expect(rules.digest == FullTextRules(select: "article", remove: [".ad"]).digest)
        #expect(rules.digest != FullTextRules(select: "article", remove: [".ads"]).digest)
        #expect(rules.digest != FullTextRules(select: nil, remove: ["article", ".ad"]).digest)
        #expect(FullTextRules(select: "a", remove: ["b"]).digest != FullTextRules(select: "a", remove: ["", "b"]).digest)
    }
}
