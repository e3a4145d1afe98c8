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
    }

    @Test(arguments: [
        ("mode", "auto", "source set: unknown key 'mode'; the keys are full-text, title, category, url, path"),
        ("full-text", "sometimes", "source set: full-text takes never, auto, always, or default (take extract.fullText), not 'sometimes'"),
        ("url", "example.org/feed", "source set: url takes an absolute http or https URL, not 'example.org/feed'"),
        ("path", " ", "source set: path takes a feed file's path, relative to the site folder, not ' '"),
    ])
    func misuse(key: String, value: String, message: String) {
        #expect(SourceSet.change(key: key, value: value) == .failure(UsageProblem(message)))
    }
}
