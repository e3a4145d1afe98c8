import Foundation
import Testing
@testable import NewsgenModel

/// The one table of site.json's keys (ADR 060): the decoder reads every key in it and no key outside it,
/// so the manual written from it names every key there is.
@Suite("site.json's table of keys")
struct SiteConfigKeysTests {
    /// A site.json with every key set: a source with a url and one with a path, since none has both,
    /// and one whose fullText is an object with rules.
    static let everyKey = """
    {"version": 1, "title": "T", "baseURL": "https://example.org/news/", "language": "de", "timeZone": "Europe/Berlin",
     "pageSize": 10, "articles": "posts", "static": "files", "bookmarks": "marks.json",
     "sources": [{"id": "a", "title": "A", "url": "https://example.org/feed.xml", "fullText": "auto", "category": "News"},
                 {"id": "b", "path": "b.xml"},
                 {"id": "c", "path": "c.xml", "fullText": {"mode": "always", "select": "article", "remove": [".ad"]}}],
     "archive": {"path": "arch", "keepDays": 30, "keepPerSource": 100},
     "imageCache": {"memoryMB": 10, "diskMB": 20, "directory": "img", "maxImageMB": 2},
     "fetch": {"concurrency": 2, "timeoutSeconds": 5, "retries": 0, "maxFeedMB": 1, "maxItemsPerFeed": 50, "userAgentContact": "me@example.org"},
     "embeds": {"allow": ["player.vimeo.com"]},
     "extract": {"fullText": "always", "perHostDelaySeconds": 0.5, "perHostConcurrency": 2, "maxPageMB": 1, "maxPerBuild": 5,
                 "maxSecondsPerBuild": 10, "timeoutSeconds": 3, "robots": false, "savedPages": "saved"}}
    """

    /// The key paths of a JSON value as the table writes them (`sources[].id`).
    private static func paths(of value: Any, under prefix: String = "") -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set<String>()) { found, member in
                let path = prefix.isEmpty ? member.key : "\(prefix).\(member.key)"
                found.insert(path)
                found.formUnion(paths(of: member.value, under: path))
            }
        }
        if let list = value as? [Any] {
            return list.reduce(into: Set<String>()) { found, item in found.formUnion(paths(of: item, under: prefix + "[]")) }
        }
        return []
    }

    @Test func theTableHasEachKeyOnceWithAMeaningAndADefault() {
        let paths = SiteConfig.keys.map(\.path)
        #expect(Set(paths).count == paths.count)
        for key in SiteConfig.keys {
            #expect(!key.meaning.isEmpty && !key.defaultValue.isEmpty, "\(key.path)")
            #expect(!key.meaning.contains("\n"), "\(key.path): one line of meaning")
        }
    }

    /// Every key of the table is decoded: one the decoder never reads would be refused here as unknown.
    @Test func aSiteJSONWithEveryKeyOfTheTableDecodes() throws {
        let object = try JSONSerialization.jsonObject(with: Data(Self.everyKey.utf8))
        #expect(Self.paths(of: object) == Set(SiteConfig.keys.map(\.path)), "the sample sets every key of the table, and no other")
        let config = try SiteConfig.decode(Data(Self.everyKey.utf8))
        #expect(config.extract.perHostDelaySeconds == 0.5)
        #expect(config.archive.keepDays == 30)
        #expect(config.sources.map(\.fullText) == [.auto, nil, .always])
        #expect(config.sources.map(\.rules) == [nil, nil, FullTextRules(select: "article", remove: [".ad"])])
    }

    /// Every key the decoder reads is in the table: with any row left out, decoding fails and names it.
    @Test(arguments: SiteConfig.keys.map(\.path))
    func aKeyDecodedButMissingFromTheTableFailsTheDecode(_ path: String) {
        let table = SiteConfig.keys.filter { $0.path != path }
        #expect {
            _ = try SiteConfig.decode(Data(Self.everyKey.utf8), file: "site.json", keys: table)
        } throws: { error in
            "\(error)".contains("newsgen reads '\(path)'") && "\(error)".contains("lacks it")
        }
    }

    /// The table's kind is the one the decoder reads: a row saying "string" for an integer fails.
    @Test func aKeyOfAnotherKindInTheTableFailsTheDecode() {
        let table = SiteConfig.keys.map { $0.path == "pageSize" ? SiteConfigKey("pageSize", .string, "20", "x") : $0 }
        #expect {
            _ = try SiteConfig.decode(Data(Self.everyKey.utf8), file: "site.json", keys: table)
        } throws: { error in
            "\(error)".contains("newsgen reads 'pageSize' as integer >= 1") && "\(error)".contains("gives string")
        }
    }

    @Test func theTableGivesTheDecodersDefaults() throws {
        let row = { (path: String) in SiteConfig.keys.first { $0.path == path }?.defaultValue }
        let site = try SiteConfig.decode(Data(#"{"title": "T", "sources": []}"#.utf8))
        #expect(row("extract.perHostDelaySeconds") == "\(Int(site.extract.perHostDelaySeconds))")
        #expect(row("extract.maxPerBuild") == "\(site.extract.maxPerBuild)")
        #expect(row("archive.keepDays") == "keep all" && site.archive.keepDays == nil)
        #expect(row("extract.fullText") == "\"never\"")
        #expect(SiteConfig.keys.first { $0.path == "sources[].fullText" }?.kind.text == "'never', 'auto' or 'always', or an object")
    }
}
