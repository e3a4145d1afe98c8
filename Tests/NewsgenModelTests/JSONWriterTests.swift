import Foundation
import Testing
@testable import NewsgenModel

/// The one JSON writer: its layouts and escapes, each as a file newsgen writes needs it.
@Suite("JSON writer")
struct JSONWriterTests {
    private func written(_ layout: JSONWriter.Layout, _ escapes: JSONWriter.Escapes = .standard, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(layout: layout, escapes: escapes)
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func sample(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("a"); writer.integer(1)
        writer.key("empty"); writer.beginObject(); writer.endObject()
        writer.key("list"); writer.beginArray(); writer.string("x"); writer.bool(true); writer.null(); writer.beginArray(); writer.endArray(); writer.endArray()
        writer.endObject()
    }

    @Test func compactHasNoWhiteSpace() {
        #expect(written(.compact, .standard, sample) == #"{"a":1,"empty":{},"list":["x",true,null,[]]}"#)
    }

    @Test func prettyIsTheManifestsLayout() {
        #expect(written(.pretty, .standard, sample) == "{\n  \"a\": 1,\n  \"empty\": {},\n  \"list\": [\n    \"x\",\n    true,\n    null,\n    []\n  ]\n}")
    }

    @Test func foundationPrettyIsJSONEncodersLayout() {
        #expect(written(.foundationPretty, .standard, sample)
            == "{\n  \"a\" : 1,\n  \"empty\" : {\n\n  },\n  \"list\" : [\n    \"x\",\n    true,\n    null,\n    [\n\n    ]\n  ]\n}")
    }

    @Test(arguments: [
        (JSONWriter.Escapes.standard, "\"q\\\" b\\\\ s/ \\n\\r\\t\\b\\f\\u0000\\u001f \u{7F} é \\u2028\\u2029 <>&\""),
        (JSONWriter.Escapes.foundation, "\"q\\\" b\\\\ s/ \\n\\r\\t\\b\\f\\u0000\\u001f \u{7F} é \u{2028}\u{2029} <>&\""),
        ([.shortBackspaceAndFormFeed, .slash], "\"q\\\" b\\\\ s\\/ \\n\\r\\t\\b\\f\\u0000\\u001f \u{7F} é \u{2028}\u{2029} <>&\""),
        ([.htmlSignificant, .lineSeparators], "\"q\\\" b\\\\ s/ \\n\\r\\t\\u0008\\u000c\\u0000\\u001f \u{7F} é \\u2028\\u2029 \\u003c\\u003e\\u0026\""),
    ] as [(JSONWriter.Escapes, String)])
    func stringsAreEscapedAsTheFormatAsks(escapes: JSONWriter.Escapes, expected: String) {
        let text = "q\" b\\ s/ \n\r\t\u{8}\u{C}\u{0}\u{1F} \u{7F} é \u{2028}\u{2029} <>&"
        #expect(written(.compact, escapes) { $0.string(text) } == expected)
    }

    @Test func whatIsWrittenReadsBack() throws {
        let value = JSONValue.object(["s": .string("a\"\u{2028}😀\u{0}"), "n": .number(-2.5), "big": .number(1e300), "list": .array([.bool(false), .null]),
                                      "o": .object(["k": .number(12)])])
        var writer = JSONWriter()
        writer.value(value)
        #expect(try JSONDocument(writer.bytes).root.value == value)
    }

    @Test func datesAreRFC3339() {
        for seconds in [0.0, 1_790_000_000.25, -1.5, 253_402_300_799, 253_402_300_800, -62_167_219_201] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(written(.compact) { $0.date(date) } == JSONWriter.quoted(RFC3339.string(from: date)))
        }
    }
}
