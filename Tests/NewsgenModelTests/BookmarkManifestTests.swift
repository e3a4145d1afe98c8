import Foundation
import Testing
@testable import NewsgenModel

@Suite("bookmarks.json")
struct BookmarkManifestTests {
    private static func date(_ text: String) -> Date {
        RFC3339.date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    private static let swift = Bookmark(id: "3f9a1c0d5e7b2a64", added: date("2026-11-29T10:00:00Z"), title: "Swift 6.3 released",
                                        url: "https://www.swift.org/blog/swift-6.3-released/", note: "for the weekly digest")
    private static let bare = Bookmark(id: "0b2c4e6f8a1d3e5f", added: date("2026-11-30T08:15:30.250Z"), title: "A bare one")

    private func message(_ json: String) -> String? {
        do { _ = try BookmarkManifest.decode(Data(json.utf8)); return nil } catch { return error.description }
    }

    // MARK: Encoding

    @Test func twoEntriesAreWrittenExactly() {
        let manifest = BookmarkManifest(bookmarks: [Self.swift, Self.bare])
        let expected = """
        {
          "version": 1,
          "bookmarks": [
            {
              "id": "0b2c4e6f8a1d3e5f",
              "added": "2026-11-30T08:15:30.250Z",
              "title": "A bare one"
            },
            {
              "id": "3f9a1c0d5e7b2a64",
              "added": "2026-11-29T10:00:00Z",
              "title": "Swift 6.3 released",
              "url": "https://www.swift.org/blog/swift-6.3-released/",
              "note": "for the weekly digest"
            }
          ]
        }

        """
        #expect(String(decoding: manifest.encoded(), as: UTF8.self) == expected)
    }

    @Test func emptyManifestIsWrittenExactly() {
        #expect(BookmarkManifest().encoded() == Data("{\n  \"version\": 1,\n  \"bookmarks\": []\n}\n".utf8))
    }

    @Test func stringsAreEscapedMinimally() {
        let text = "say \"hi\"\\ a/b\n\r\t\u{08}\u{0C}\u{00}\u{1F}\u{7F} é 😀 \u{2028}\u{2029}"
        #expect(BookmarkManifest.quoted(text) == #""say \"hi\"\\ a/b\n\r\t\b\f\u0000\u001f"# + "\u{7F} é 😀 " + #"\u2028\u2029""#)
    }

    @Test(arguments: [
        "quotes \"inside\" and 'single'",
        "back\\slash \\\" and \\u0041 written out",
        "line one\nline two\r\nline three",
        "\ttabbed\t",
        "emoji 😀👩‍👩‍👧 and é (e\u{301}) and 中文",
        "nul \u{00} and unit separator \u{1F} and delete \u{7F}",
        "separators \u{2028} and \u{2029}",
        "a slash / and </script>",
        "",
    ])
    func awkwardStringsRoundTrip(text: String) throws {
        let manifest = BookmarkManifest(bookmarks: [
            Bookmark(id: text, added: Self.date("2026-01-02T03:04:05Z"), title: text, url: text, note: text),
            Bookmark(id: "z" + text, added: Self.date("2026-01-02T03:04:05.5Z"), title: "t" + text),
        ])
        let decoded = try BookmarkManifest.decode(manifest.encoded())
        #expect(decoded == manifest)
        #expect(decoded.encoded() == manifest.encoded())
    }

    @Test(arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    func sortedByIdWhateverTheInsertionOrder(order: [Int]) throws {
        let entries = [
            Bookmark(id: "8000000000000000", added: Self.date("2026-01-01T00:00:00Z"), title: "eight"),
            Bookmark(id: "1000000000000000", added: Self.date("2026-03-01T00:00:00Z"), title: "one"),
            Bookmark(id: "5000000000000000", added: Self.date("2026-02-01T00:00:00Z"), title: "five"),
        ]
        var added = BookmarkManifest()
        for index in order {
            let inserted = added.add(entries[index])
            #expect(inserted)
        }
        let initialised = BookmarkManifest(bookmarks: order.map { entries[$0] })
        #expect(added.bookmarks.map(\.id) == ["1000000000000000", "5000000000000000", "8000000000000000"])
        #expect(added == initialised)
        #expect(added.encoded() == initialised.encoded())
        #expect(added.newestFirst.map(\.title) == ["one", "five", "eight"])
    }

    @Test func addTwiceIsRefusedAndRemoveGivesTheBookmarkBack() {
        var manifest = BookmarkManifest(bookmarks: [Self.swift])
        let first = manifest.add(Self.bare)
        let second = manifest.add(Bookmark(id: Self.bare.id, added: Self.date("2027-01-01T00:00:00Z"), title: "Other"))
        #expect(first)
        #expect(!second)
        #expect(manifest.bookmark(id: Self.bare.id) == Self.bare)
        #expect(manifest.contains(Self.swift.id))
        let removed = manifest.remove(id: Self.swift.id)
        let removedAgain = manifest.remove(id: Self.swift.id)
        #expect(removed == Self.swift)
        #expect(removedAgain == nil)
        #expect(manifest.bookmark(id: Self.swift.id) == nil)
        #expect(manifest.bookmarks == [Self.bare])
    }

    // MARK: Errors with line and column

    /// Two good entries (lines 4–14, the second with a note full of JSON punctuation that a
    /// careless scanner would take for structure) and a third whose body, from line 16 on, is `third`.
    private static func manifest(third: [String]) -> String {
        """
        {
          "version": 1,
          "bookmarks": [
            {
              "id": "1000000000000000",
              "added": "2026-11-29T10:00:00Z",
              "title": "First"
            },
            {
              "id": "2000000000000000",
              "added": "2026-11-29T11:00:00Z",
              "title": "Second",
              "note": "tricky \\"}], {[\\\\ \\u0022title\\u0022: 1"
            },
            {
        \(third.map { "      " + $0 }.joined(separator: "\n"))
            }
          ]
        }

        """
    }

    @Test(arguments: [
        (["\"id\": \"3000000000000000\",", "\"added\": \"2026-11-29T12:00:00Z\""],
         "bookmarks.json:15:5: 'bookmarks[2].title' is required"),
        (["\"id\": \"3000000000000000\",", "\"added\": \"yesterday\",", "\"title\": \"Third\""],
         "bookmarks.json:17:16: 'bookmarks[2].added' must be an RFC 3339 date such as 2026-11-29T10:00:00Z, found 'yesterday'"),
        (["\"id\": \"3000000000000000\",", "\"added\": \"2026-11-29T12:00:00Z\",", "\"title\": \"Third\",", "\"nots\": \"x\""],
         "bookmarks.json:19:7: unknown key 'bookmarks[2].nots' (did you mean 'note'?)"),
        (["\"id\": \"3000000000000000\",", "\"added\": \"2026-11-29T12:00:00Z\",", "\"title\": \"Third\",", "\"url\": 42"],
         "bookmarks.json:19:14: 'bookmarks[2].url' must be a string, found a number"),
        (["\"id\": \"3000000000000000\",", "\"added\": \"2026-11-29T12:00:00Z\"", "\"title\": \"Third\""],
         "bookmarks.json:18:7: not valid JSON (invalid value)"),
    ])
    func errorsSayFileLineAndColumn(third: [String], expected: String) {
        #expect(message(Self.manifest(third: third)) == expected)
    }

    @Test(arguments: [
        (#"{"version": 1, "bookmarks": {}}"#, "bookmarks.json:1:29: 'bookmarks' must be a list, found an object"),
        (#"{"version": 1, "bookmarks": [{"id": "a", "added": "2026-11-29T12:00:00Z", "title": "t"}, "b"]}"#,
         "bookmarks.json:1:90: 'bookmarks[1]' must be an object, found a string"),
        (#"{"version": 2, "bookmarks": []}"#, "bookmarks.json:1:13: 'version' is 2, newer than this newsgen reads (1): a newer newsgen wrote it, update newsgen"),
        (#"{"version": 1, "bookmark": []}"#, "bookmarks.json:1:16: unknown key 'bookmark' (did you mean 'bookmarks'?)"),
        (#"["bookmarks"]"#, "bookmarks.json:1:1: the top level must be an object, found a list"),
        // Columns count characters: é and 😀 are one column each.
        (#"{"version": 1, "bookmarks": [{"id": "é😀", "added": "x", "title": "t"}]}"#,
         "bookmarks.json:1:52: 'bookmarks[0].added' must be an RFC 3339 date such as 2026-11-29T10:00:00Z, found 'x'"),
        // Escaped keys are decoded before they are compared.
        (#"{"version": 1, "bookmarks": [{"\u0069d": 7, "added": "2026-11-29T12:00:00Z", "title": "t"}]}"#,
         "bookmarks.json:1:42: 'bookmarks[0].id' must be a string, found a number"),
        // A key given twice is refused at its second place, naming both (issue 32): which one counts would be a guess.
        (#"{"version": 1, "bookmarks": [{"id": "a", "added": "2026-11-29T12:00:00Z", "title": 1, "title": "t"}]}"#,
         "bookmarks.json:1:87: key 'bookmarks[0].title' is given twice in one object, at 1:75 and at 1:87; keep one"),
        (#"{"version": 1, "bookmarks": ["#, "bookmarks.json:1:30: not valid JSON (unexpected end of file)"),
        ("", "bookmarks.json:1:1: not valid JSON (unexpected end of file)"),
    ])
    func moreErrorsSayFileLineAndColumn(json: String, expected: String) {
        #expect(message(json) == expected)
    }

    @Test func theFileNameIsTheOneGiven() {
        #expect(throws: ConfigError(file: "marks.json", message: "'bookmarks[0].id' is required", line: 1, column: 16)) {
            try BookmarkManifest.decode(Data(#"{"bookmarks": [{}]}"#.utf8), file: "marks.json")
        }
    }

    // MARK: Places in the document (JSONElement)

    @Test func locationsOfValuesAndKeys() throws {
        let data = Data("\u{FEFF}{\n  \"a\": [1, {\"b\": \"x\\\"y\"}, [2, 3]],\r\n  \"c\" : null\n}".utf8)
        let root = try JSONDocument(data).root
        func value(_ path: [JSONPath.Component]) -> TextPlace? { root.element(at: path)?.place }
        func key(_ path: [JSONPath.Component]) -> TextPlace? {
            guard case .key(let name)? = path.last else { return nil }
            return root.element(at: Array(path.dropLast()))?.memberEntry(name)?.keyPlace
        }
        #expect(value([]) == TextPlace(line: 1, column: 1))
        #expect(value([.key("a")]) == TextPlace(line: 2, column: 8))
        #expect(value([.key("a"), .index(1), .key("b")]) == TextPlace(line: 2, column: 18))
        #expect(value([.key("a"), .index(2), .index(1)]) == TextPlace(line: 2, column: 31))
        #expect(value([.key("c")]) == TextPlace(line: 3, column: 9))
        #expect(key([.key("c")]) == TextPlace(line: 3, column: 3))
        #expect(value([.key("a"), .index(3)]) == nil)
        #expect(value([.key("d")]) == nil)
        #expect(value([.key("c"), .key("e")]) == nil)
        #expect(key([.key("a"), .index(0)]) == nil)
    }

    @Test(arguments: [
        ("bookmarks[2].added", [JSONPath.Component.key("bookmarks"), .index(2), .key("added")]),
        ("embeds.allow[0]", [.key("embeds"), .key("allow"), .index(0)]),
        ("a[1][2]", [.key("a"), .index(1), .index(2)]),
        ("", []),
    ])
    func keyPathsAreSplitIntoComponents(path: String, components: [JSONPath.Component]) {
        #expect(JSONPath.components(path) == components)
    }
}
