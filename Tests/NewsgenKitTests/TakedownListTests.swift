import Foundation
import NewsgenKit
import Testing

/// `content/archive/takedowns.json`: written the one way, read back, refused with the reason.
@Suite("takedown list")
struct TakedownListTests {
    static let removed = Date(timeIntervalSince1970: 1_795_946_400)  // 2026-11-29T10:00:00Z

    @Test func encodesSortedByIDWithOptionalFields() throws {
        let list = TakedownList([
            Takedown(id: "ca210d146b328b1f", removed: Self.removed, title: "Lantern \"Walk\"", url: "https://example.org/a", reason: "legal request"),
            Takedown(id: "0123456789abcdef", removed: Self.removed, title: "Plain"),
        ])
        let text = String(decoding: list.encoded(), as: UTF8.self)
        #expect(text == """
            {
              "version": 1,
              "takedowns": [
                {
                  "id": "0123456789abcdef",
                  "removed": "2026-11-29T10:00:00Z",
                  "title": "Plain"
                },
                {
                  "id": "ca210d146b328b1f",
                  "removed": "2026-11-29T10:00:00Z",
                  "title": "Lantern \\"Walk\\"",
                  "url": "https://example.org/a",
                  "reason": "legal request"
                }
              ]
            }

            """)
        #expect(try TakedownList.decode(list.encoded(), file: "t.json") == list)
        #expect(String(decoding: TakedownList().encoded(), as: UTF8.self) == "{\n  \"version\": 1,\n  \"takedowns\": []\n}\n")
    }

    @Test(arguments: [
        ("{", "t.json: not valid JSON; the file was left untouched"),
        (#"{"version": 2, "takedowns": []}"#, "t.json: version 2 is not supported (this newsgen reads version 1: a newer newsgen wrote it, update newsgen); the file was left untouched"),
        (#"{"version": 1}"#, "t.json: 'takedowns' is missing; the file was left untouched"),
        (#"{"version": 1, "takedowns": [{"id": "x", "removed": "2026-11-29T10:00:00Z", "title": "T"}]}"#,
         "t.json: takedowns[0].id 'x' is not an article id (16 hex digits); the file was left untouched"),
        (#"{"version": 1, "takedowns": [{"id": "0123456789abcdef", "removed": "yesterday", "title": "T"}]}"#,
         "t.json: 'takedowns[0].removed': 'yesterday' is not an RFC 3339 date; the file was left untouched"),
    ])
    func refusesWhatItCannotRead(text: String, message: String) {
        let error = #expect(throws: BuildError.self) { try TakedownList.decode(Data(text.utf8), file: "t.json") }
        #expect(error?.description == message)
    }
}
