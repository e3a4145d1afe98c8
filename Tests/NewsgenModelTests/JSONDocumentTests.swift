import Foundation
import Testing
@testable import NewsgenModel

/// The one JSON reader (ADR 020): what it accepts and refuses, with Foundation's
/// `JSONSerialization` (whose sentences newsgen's messages quote) as the oracle.
@Suite("JSON reader")
struct JSONDocumentTests {
    /// What `JSONSerialization` says of `bytes`: nil when it reads them.
    private func foundation(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
    }

    private func ours(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONDocument(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    static let documents: [String] = [
        "", " ", "{", "}", "[", "[,]", "[1,]", "{\"a\":1,}", "{,}", "[1,,2]", "{\"a\":1,,}", "[1 2]", "{1:2}", "{\"a\" 1}",
        "{\"a\": }", "[1] x", "01", "[01]", "[-01]", "-", "-x", "[-]", "1.", "1.x", "1e", "1ex", "[1e]", "[1.e3]", "[1.5e]",
        "1e400", "-1e400", "1e-400", "-0", "0.5e-3", "1E5", "123456789012345678901234567890", "tru", "trux", "[tru]", "nul",
        "nulx", "true", "false", "null", "\"\\x\"", "\"\\u12g4\"", "\"\\u12\"", "\"a\tb\"", "\"a\u{0}b\"", "\"\u{0}\"", "[\"\u{0}\"]", "\"\\", "\"abc",
        "\"\\ud800\"", "[\"\\ud800\"]", "\"\\ud800x\"", "[\"\\ud800ab\"]", "\"\\udc00\"", "[\"\\ud800\\u0041\"]",
        "[\"\\ud800\\ud800\"]", "[\"\\ud800\\\\\"]", "[\"\\ud83d\\ude00\"]", "\u{FEFF}{}", "\u{FEFF}[,]", " \u{FEFF}{}",
        "[\"é\",,]", "[\"é\" 1]", "\t\n\r {\"a\":1}  ", "{\"a\":[1,{\"b\":null}],\"c\":\"\\\"\\/\\b\\f\\n\\r\\t\"}", "[+1]", "[.5]",
        "[Infinity]", "[NaN]", "[1,]]", "{\"a\":1}x", "\"\u{7F}\"", "[tru, 1]", "[trux]", "[tru]   ", "trux   ", "[fals]", "[nul, 1]",
        "[truex]", "[t]", "[t]   ", "[trxe]", "[truE]", "\"\\ud800\"   ", "\"\\ud800\\u", "\"\\ud800\\uab", "\"\\ud800\\uabcd",
        "{\"t\": \"\\ud800\", \"s\": []}",
    ]

    @Test(arguments: documents)
    func refusesWhatFoundationRefusedInItsWords(document: String) {
        let bytes = Array(document.utf8)
        #expect(ours(bytes) == foundation(bytes))
    }

    @Test(arguments: [[0x22, 0xFF, 0x22], [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
                      [0x5B, 0x22, 0xE2, 0x82, 0xAC, 0xFF, 0x22, 0x5D], [0xFF], [0x5B, 0xFF, 0x5D], [0x22, 0xC0, 0x80, 0x22],
                      [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]] as [[UInt8]])
    func invalidUTF8IsRefused(bytes: [UInt8]) {
        #expect((ours(bytes) == nil) == (foundation(bytes) == nil))
    }

    /// UTF-16 and UTF-32, with or without a byte order mark, as Foundation's readers took them.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian, .utf32])
    func otherUnicodeEncodingsAreRead(encoding: String.Encoding) throws {
        let text = #"{"title": "Café 😀", "n": [1, 2]}"#
        let bytes = [UInt8](try #require(text.data(using: encoding)))
        #expect(try JSONDocument(bytes).root.member("title")?.string == "Café 😀")
        #expect(foundation(bytes) == nil)
    }

    @Test func depthIsBoundedAsFoundationBoundedIt() {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(ours(Array(deepest.utf8)) == nil)
        let tooDeep = "[" + deepest + "]"
        #expect(ours(Array(tooDeep.utf8)) == "Too many nested arrays or dictionaries around character 513.")
        #expect(ours(Array(tooDeep.utf8)) == foundation(Array(tooDeep.utf8)))
        // Far deeper input fails at the bound, without recursing further.
        #expect(ours(Array(String(repeating: "{\"a\":[", count: 100_000).utf8)) != nil)
    }

    @Test func errorsArePlacedByLineAndColumn() throws {
        let bytes = Array("{\n  \"a\": [1,\n   2 3]\n}".utf8)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONDocument(bytes) }
        #expect(error.reason == "invalid value")
        #expect(JSONDocument.place(of: error, in: bytes) == TextPlace(line: 3, column: 6))
        let end = Array("{\"a\": [\n".utf8)
        let eof = try #require(throws: JSONSyntaxError.self) { try JSONDocument(end) }
        #expect(eof.shortReason == "unexpected end of file")
        #expect(JSONDocument.place(of: eof, in: end) == TextPlace(line: 2, column: 1))
        // Columns count characters, not bytes.
        let wide = Array("[\"日本\", x]".utf8)
        let afterWide = try #require(throws: JSONSyntaxError.self) { try JSONDocument(wide) }
        #expect(JSONDocument.place(of: afterWide, in: wide) == TextPlace(line: 1, column: 8))
        // A lone surrogate names no place.
        let lone = Array("\"\\udc00\"".utf8)
        let surrogate = try #require(throws: JSONSyntaxError.self) { try JSONDocument(lone) }
        #expect(JSONDocument.place(of: surrogate, in: lone) == nil)
    }

    @Test func valuesKeepTheirBytesAndPlaces() throws {
        let document = try JSONDocument(Array("{\n  \"title\": \"A\",\n  \"n\": [10, -2.5e1]\n}".utf8))
        let title = try #require(document.root.member("title"))
        #expect(title.byteRange == 13..<16)
        #expect(title.place == TextPlace(line: 2, column: 12))
        #expect(document.root.memberEntry("n")?.keyPlace == TextPlace(line: 3, column: 3))
        #expect(document.root.byteRange == 0..<document.bytes.count)
    }

    @Test func numbers() throws {
        let values = try JSONDocument(Array("[0, -0, 3, 3.0, 3e2, 2.5, -9223372036854775808, 9223372036854775807, 18446744073709551615, 1e-2, 18446744073709551616]".utf8))
            .root.elements
        #expect(values.map(\.int64) == [0, 0, 3, 3, 300, nil, .min, .max, nil, nil, nil])
        #expect(values.map(\.uint64) == [0, 0, 3, 3, 300, nil, nil, 9_223_372_036_854_775_807, .max, nil, nil])
        #expect(values.map(\.double) == [0, -0.0, 3, 3, 300, 2.5, -9.223372036854775808e18, 9.223372036854775807e18,
                                         1.8446744073709551615e19, 0.01, 1.8446744073709551616e19])
        #expect(values[5].isWholeLiteral == false && values[2].isWholeLiteral)
    }

    @Test func everyEscapeIsDecoded() throws {
        let text = try JSONDocument(Array(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00 plain""#.utf8)).root.string
        #expect(text == "\"\\/\u{8}\u{C}\n\r\tAé€😀 plain")
    }

    @Test func keysAreComparedAsDecoded() throws {
        let root = try JSONDocument(Array(#"{"a\u0062":1,"ab":2,"c":3,"c":4}"#.utf8)).root
        #expect(root.member("ab")?.int == 1)
        #expect(root.lastMember("ab")?.int == 2)
        #expect(root.member("c")?.int == 3 && root.lastMember("c")?.int == 4)
        #expect(root.members.map(\.key) == ["ab", "ab", "c", "c"])
        #expect(root.value == .object(["ab": .number(1), "c": .number(3)]))
    }

    @Test func bigInputs() throws {
        let long = String(repeating: "x", count: 4_000_000)
        #expect(try JSONDocument(Array("\"\(long)\"".utf8)).root.string == long)
        let many = "[" + (0..<200_000).map(String.init).joined(separator: ",\n") + "]"
        let document = try JSONDocument(Array(many.utf8))
        let items = document.root.elements
        #expect(items.count == 200_000 && items.last?.int == 199_999)
        #expect(items.last?.place == TextPlace(line: 200_000, column: 1))
    }
}
