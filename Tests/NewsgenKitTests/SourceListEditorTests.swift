import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// `SourceListEditor`: only the `sources` list changes, in the file's own layout.
@Suite("site.json source list editor")
struct SourceListEditorTests {
    static let harbour = SourceConfig(id: "harbour", title: "Harbour \"News\"", location: .url(URL(string: "https://example.org/feed.xml")!))
    static let valley = SourceConfig(id: "valley", location: .file("content/feeds/valley.xml"))

    private func added(_ text: String, _ sources: [SourceConfig] = [harbour]) throws -> String {
        let editor = try SourceListEditor(Array(text.utf8), file: "site.json")
        let result = String(decoding: editor.adding(sources), as: UTF8.self)
        // Whatever the layout, the result is a configuration newsgen reads, with the sources added.
        let config = try SiteConfig.decode(Data(result.utf8))
        #expect(config.sources.suffix(sources.count).map(\.id) == sources.map(\.id))
        return result
    }

    private func removed(_ text: String, at index: Int) throws -> String {
        String(decoding: try SourceListEditor(Array(text.utf8), file: "site.json").removing(at: index), as: UTF8.self)
    }

    @Test func emptyListAsInitWritesItGetsOneObjectALineBelowTheKey() throws {
        let text = "{\n  \"title\": \"T\",\n  \"sources\": [],\n  \"pageSize\": 20\n}\n"
        #expect(try added(text, [Self.harbour, Self.valley]) == """
            {
              "title": "T",
              "sources": [
                { "id": "harbour", "title": "Harbour \\"News\\"", "url": "https://example.org/feed.xml" },
                { "id": "valley", "path": "content/feeds/valley.xml" }
              ],
              "pageSize": 20
            }

            """)
    }

    @Test func tabsAndFourSpacesAreTheFilesOwn() throws {
        let tabs = "{\n\t\"title\": \"T\",\n\t\"sources\": [ ]\n}"
        #expect(try added(tabs) == "{\n\t\"title\": \"T\",\n\t\"sources\": [\n\t\t{ \"id\": \"harbour\", \"title\": \"Harbour \\\"News\\\"\", \"url\": \"https://example.org/feed.xml\" }\n\t]\n}")
        let four = """
            {
                "title": "T",
                "sources": [
                    {
                        "id": "a",
                        "path" : "a.xml"
                    }
                ]
            }
            """
        #expect(try added(four, [Self.valley]) == """
            {
                "title": "T",
                "sources": [
                    {
                        "id": "a",
                        "path" : "a.xml"
                    },
                    {
                        "id": "valley",
                        "path": "content/feeds/valley.xml"
                    }
                ]
            }
            """)
    }

    @Test func oneLineListAndOneLineFileStayOnOneLine() throws {
        let line = #"{"title":"T","sources":[{"id":"a","path":"a.xml"},{"id":"b","path":"b.xml"}],"pageSize":1}"#
        #expect(try added(line, [Self.valley]) == #"{"title":"T","sources":[{"id":"a","path":"a.xml"},{"id":"b","path":"b.xml"},{"id":"valley","path":"content/feeds/valley.xml"}],"pageSize":1}"#)
        let empty = #"{"title":"T","sources":[]}"#
        #expect(try added(empty, [Self.valley]) == #"{"title":"T","sources":[{ "id": "valley", "path": "content/feeds/valley.xml" }]}"#)
        let spaced = "{\n  \"title\": \"T\",\n  \"sources\": [ { \"id\": \"a\", \"path\": \"a.xml\" } ]\n}\n"
        #expect(try added(spaced, [Self.valley]) == "{\n  \"title\": \"T\",\n  \"sources\": [ { \"id\": \"a\", \"path\": \"a.xml\" }, { \"id\": \"valley\", \"path\": \"content/feeds/valley.xml\" } ]\n}\n")
    }

    @Test func aTrailingCommaAndCRLFAreKept() throws {
        let text = "{\r\n  \"title\": \"T\",\r\n  \"sources\": [\r\n    { \"id\": \"a\", \"path\": \"a.xml\" },\r\n  ]\r\n}\r\n"
        #expect(try added(text, [Self.valley]) == "{\r\n  \"title\": \"T\",\r\n  \"sources\": [\r\n    { \"id\": \"a\", \"path\": \"a.xml\" },\r\n    { \"id\": \"valley\", \"path\": \"content/feeds/valley.xml\" },\r\n  ]\r\n}\r\n")
    }

    @Test func everyByteOutsideTheListIsKept() throws {
        let text = "\u{FEFF}{ \"title\" : \"[T]\",\n\"sources\":\n   [\n      {\"id\":\"a\",\"path\":\"a.xml\"}\n   ] ,\"pageSize\": 7  }\n\n"
        let result = try added(text)
        let list = try #require(text.range(of: "[\n")).lowerBound
        let end = try #require(text.range(of: "   ] ,")).upperBound
        let after = try #require(result.range(of: "   ] ,")).upperBound
        #expect(result[..<list] == text[..<list])
        #expect(result[after...] == text[end...])
        #expect(result.contains("{\"id\":\"a\",\"path\":\"a.xml\"},\n      {\"id\":\"harbour\",\"title\":\"Harbour \\\"News\\\"\",\"url\":\"https://example.org/feed.xml\"}\n   ]"))
    }

    @Test func removingCutsTheElementAndItsComma() throws {
        let text = "{\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    { \"id\": \"b\", \"path\": \"b\" },\n    { \"id\": \"c\", \"path\": \"c\" }\n  ]\n}\n"
        #expect(try removed(text, at: 0) == "{\n  \"sources\": [\n    { \"id\": \"b\", \"path\": \"b\" },\n    { \"id\": \"c\", \"path\": \"c\" }\n  ]\n}\n")
        #expect(try removed(text, at: 1) == "{\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    { \"id\": \"c\", \"path\": \"c\" }\n  ]\n}\n")
        #expect(try removed(text, at: 2) == "{\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    { \"id\": \"b\", \"path\": \"b\" }\n  ]\n}\n")
        #expect(try removed("{\"sources\": [ {\"id\":\"a\",\"path\":\"a\"} ], \"t\": 1}", at: 0) == "{\"sources\": [], \"t\": 1}")
    }

    @Test(arguments: [
        ("{\"title\": \"T\"}", "site.json: has no \"sources\" list (it is required); add \"sources\": [] first"),
        ("{\"sources\": {}}", "site.json: \"sources\" is an object, not a list; it was left untouched"),
        ("[1]", "site.json: is not a JSON object; it was left untouched"),
    ])
    func refusesAFileWithoutASourcesList(text: String, message: String) {
        do {
            _ = try SourceListEditor(Array(text.utf8), file: "site.json")
            Issue.record("no error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aSyntaxErrorNamesItsPlace() {
        do {
            _ = try SourceListEditor(Array("{\n  \"sources\": [,]\n}".utf8), file: "site.json")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("site.json:2:"))
            #expect(error.description.hasSuffix("it was left untouched"))
        }
    }

    private func set(_ text: String, _ key: String, _ value: String?, at index: Int = 0) throws -> String {
        let result = String(decoding: try SourceListEditor(Array(text.utf8), file: "site.json").setting(key, to: value, at: index), as: UTF8.self)
        _ = try SiteConfig.decode(Data(result.utf8))
        return result
    }

    @Test func setReplacesAddsAndTakesOutOneMemberInTheObjectsOwnSpacing() throws {
        let text = "{\n  \"title\": \"T\",\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    {\"id\":\"b\",\"title\":\"B\",\"path\":\"b\"}\n  ]\n}\n"
        #expect(try set(text, "fullText", "auto") == "{\n  \"title\": \"T\",\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\", \"fullText\": \"auto\" },\n    {\"id\":\"b\",\"title\":\"B\",\"path\":\"b\"}\n  ]\n}\n")
        #expect(try set(text, "title", "Bee \"2\"", at: 1) == "{\n  \"title\": \"T\",\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    {\"id\":\"b\",\"title\":\"Bee \\\"2\\\"\",\"path\":\"b\"}\n  ]\n}\n")
        #expect(try set(text, "title", nil, at: 1) == "{\n  \"title\": \"T\",\n  \"sources\": [\n    { \"id\": \"a\", \"path\": \"a\" },\n    {\"id\":\"b\",\"path\":\"b\"}\n  ]\n}\n")
        #expect(try set("{\"title\":\"T\",\"sources\":[{\"id\":\"a\",\"path\":\"a\",\"category\":\"C\"}]}", "category", nil)
                == "{\"title\":\"T\",\"sources\":[{\"id\":\"a\",\"path\":\"a\"}]}")
        #expect(try set(text, "category", nil) == text)
    }
}
