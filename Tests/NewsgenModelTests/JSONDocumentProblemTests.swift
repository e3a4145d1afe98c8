import Foundation
import Testing
@testable import NewsgenModel

/// `JSONDocument.firstProblem` (issue 32): a key given twice in one object, named with its key
/// path and both places, and a string over a limit, measured in decoded UTF-8.
@Suite("JSON documents' duplicate keys and long strings")
struct JSONDocumentProblemTests {
    private func problem(_ json: String, maxStringBytes: Int? = nil) throws -> JSONDocumentProblem? {
        try JSONDocument(Array(json.utf8)).firstProblem(maxStringBytes: maxStringBytes)
    }

    @Test(arguments: [
        (#"{"a": 1, "b": 2, "a": 3}"#, "key 'a' is given twice in one object, at 1:2 and at 1:18; keep one"),
        ("{\n  \"title\": \"One\",\n  \"title\": \"Two\"\n}", "key 'title' is given twice in one object, at 2:3 and at 3:3; keep one"),
        (#"{"sources": [{"id": "a"}, {"id": "b", "url": "x", "url": "y"}]}"#,
         "key 'sources[1].url' is given twice in one object, at 1:39 and at 1:51; keep one"),
        // The same key however it is escaped.
        (#"{"a": 1, "\u0061": 2}"#, "key 'a' is given twice in one object, at 1:2 and at 1:10; keep one"),
        (#"[[], [{"x": {"y": 1, "y": 2}}]]"#, "key '[1][0].x.y' is given twice in one object, at 1:14 and at 1:22; keep one"),
        (#"{"ü": 1, "ü": 2}"#, "key 'ü' is given twice in one object, at 1:2 and at 1:10; keep one"),
    ])
    func aDuplicateKeyIsNamedWithBothPlaces(json: String, expected: String) throws {
        let found = try #require(try problem(json))
        #expect(found.message == expected)
    }

    @Test(arguments: [#"{"a": 1, "b": {"a": 2}}"#, #"[{"a": 1}, {"a": 2}]"#, #"{"a": 1, "A": 2, "a ": 3}"#, "{}", "[]", "\"a\"", "1"])
    func keysOnlyClashInTheirOwnObject(json: String) throws {
        #expect(try problem(json) == nil)
    }

    @Test func theFirstProblemInDocumentOrderIsReported() throws {
        let found = try #require(try problem(#"{"a": {"b": 1, "b": 2}, "a": 3}"#))
        #expect(found.pathText == "a.b")
    }

    @Test func aStringOverTheLimitIsNamedByItsKeyPath() throws {
        let json = #"{"title": "12345678", "sources": [{"url": "123456789"}]}"#
        #expect(try problem(json, maxStringBytes: 9) == nil)
        let found = try #require(try problem(json, maxStringBytes: 8))
        #expect(found.message == "'sources[0].url' is 9 bytes long; a string here may be at most 8 bytes")
        #expect(found.place == TextPlace(line: 1, column: 43))
        #expect(try problem(json, maxStringBytes: nil) == nil, "no limit, no length problem")
    }

    @Test func lengthIsCountedInDecodedUTF8() throws {
        // Twelve bytes written, two decoded (U+00E9 is two bytes in UTF-8); "é" written is two bytes.
        #expect(try problem(#"{"t": "\u00e9\u00e9"}"#, maxStringBytes: 4) == nil)
        #expect(try problem(#"{"t": "ééé"}"#, maxStringBytes: 6) == nil)
        #expect(try problem(#"{"t": "ééé"}"#, maxStringBytes: 5)?.kind == .longString(bytes: 6, limit: 5, isKey: false))
    }

    @Test func aKeyOverTheLimitIsNamedByItsObject() throws {
        let found = try #require(try problem(#"{"fetch": {"0123456789": 1}}"#, maxStringBytes: 9))
        #expect(found.message == "a key of 'fetch' is 10 bytes long; a string here may be at most 9 bytes")
        #expect(try problem(#"{"0123456789": 1}"#, maxStringBytes: 9)?.message
                == "a key of the top level is 10 bytes long; a string here may be at most 9 bytes")
    }

    /// An object of many members is checked with one pass, not pairwise.
    @Test func aLargeObjectIsCheckedInOnePass() throws {
        let members = (0..<100_000).map { "\"key-\($0)\": \($0)" }
        let started = Date()
        #expect(try problem("{" + members.joined(separator: ",") + "}") == nil)
        #expect(try problem("{" + members.joined(separator: ",") + ", \"key-5\": 0}")?.pathText == "key-5")
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
