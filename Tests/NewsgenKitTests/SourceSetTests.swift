import NewsgenModel
import Testing
@testable import NewsgenKit

/// `source set KEY VALUE` checked before anything is read: an unknown key or a value the key does not take is a usage error naming what it takes.
@Suite("source set: keys and values")
struct SourceSetTests {
    @Test func valuesEachKeyTakes() throws {
        #expect(try SourceSet.change(key: "full-text", value: "auto").get() == SourceSet.Change(key: .fullText, value: "auto"))
        #expect(try SourceSet.change(key: "fullText", value: "never").get() == SourceSet.Change(key: .fullText, value: "never"))
        #expect(try SourceSet.change(key: "full-text", value: "default").get() == SourceSet.Change(key: .fullText, value: nil))
        #expect(try SourceSet.change(key: "title", value: "  Harbour\tNews ").get() == SourceSet.Change(key: .title, value: "Harbour News"))
        #expect(try SourceSet.change(key: "category", value: "").get() == SourceSet.Change(key: .category, value: nil))
        #expect(try SourceSet.change(key: "url", value: "https://example.org/feed").get() == SourceSet.Change(key: .url, value: "https://example.org/feed"))
        #expect(try SourceSet.change(key: "full-text.select", value: "article .body").get() == SourceSet.Change(key: .fullTextSelect, value: "article .body"))
        #expect(try SourceSet.change(key: "fullText.remove", value: ".ad, aside").get() == SourceSet.Change(key: .fullTextRemove, value: ".ad, aside"))
        #expect(try SourceSet.change(key: "full-text.remove", value: "").get() == SourceSet.Change(key: .fullTextRemove, value: nil))
    }

    @Test func aRuleIsWrittenIntoFullTextKeepingTheMode() {
        var source = SourceConfig(id: "a", location: .file("a.xml"))
        source.fullText = .auto
        #expect(SourceSet.fullText(source, after: SourceSet.Change(key: .fullTextSelect, value: "article")) == #"{"mode": "auto", "select": "article"}"#)
        source.rules = FullTextRules(select: "article", remove: [])
        #expect(SourceSet.fullText(source, after: SourceSet.Change(key: .fullTextRemove, value: ".ad")) == #"{"mode": "auto", "select": "article", "remove": ".ad"}"#)
        #expect(SourceSet.fullText(source, after: SourceSet.Change(key: .fullText, value: "always")) == #"{"mode": "always", "select": "article"}"#)
        #expect(SourceSet.fullText(source, after: SourceSet.Change(key: .fullTextSelect, value: nil)) == #""auto""#)
        source.fullText = nil
        #expect(SourceSet.fullText(source, after: SourceSet.Change(key: .fullTextSelect, value: nil)) == nil)
    }

    @Test(arguments: [
        ("mode", "auto", "source set: unknown key 'mode'; the keys are full-text, full-text.select, full-text.remove, title, category, url, path"),
        ("full-text", "sometimes", "source set: full-text takes never, auto, always, or default (take extract.fullText), not 'sometimes'"),
        ("url", "example.org/feed", "source set: url takes an absolute http or https URL, not 'example.org/feed'"),
        ("path", " ", "source set: path takes a feed file's path, relative to the site folder, not ' '"),
        ("full-text.select", "article .", "source set: full-text.select 'article .': expected a name after '.' at 9"),
    ])
    func misuse(key: String, value: String, message: String) {
        #expect(SourceSet.change(key: key, value: value) == .failure(UsageProblem(message)))
    }
}
