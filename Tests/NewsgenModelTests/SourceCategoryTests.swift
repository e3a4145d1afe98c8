import Foundation
import Testing
@testable import NewsgenModel

/// A source's `category`: the folder a feed reader filed it in, kept through `source import`.
@Suite("site.json: a source's category")
struct SourceCategoryTests {
    @Test func aCategoryIsReadTrimmedAndIsOptional() throws {
        let config = try SiteConfig.decode(Data("""
            {"title": "T", "sources": [{"id": "a", "url": "https://a.example/feed", "category": "  Tech "}, {"id": "b", "path": "b.xml"}]}
            """.utf8))
        #expect(config.sources.map(\.category) == ["Tech", nil])
    }

    @Test(arguments: [
        (#""category": "  ""#, "category"),
        (#""category": 3"#, "category"),
    ])
    func aBlankOrWrongCategoryIsAnErrorNamingItsKey(field: String, key: String) {
        let json = #"{"title": "T", "sources": [{"id": "a", "url": "https://a.example/feed", \#(field)}]}"#
        #expect { try SiteConfig.decode(Data(json.utf8)) } throws: { error in
            "\(error)".contains("sources[0].\(key)")
        }
    }
}
