import Foundation
import NewsgenModel
import Testing
@testable import NewsgenHTML

@Suite struct FrontMatterTests {
    @Test func readsEveryField() throws {
        let yaml = """
        title: Ferry timetable changes, explained
        date: 2026-11-18T07:45:00+01:00
        author: Ines Calloway
        summary: >
          What changes,
          and why.
        tags: [transport, harbour]
        image: /media/ferry.jpg
        slug: ferry-winter-timetable

        """
        let matter = try FrontMatter.parse(yaml, firstLine: 2)
        #expect(matter == FrontMatter(
            title: "Ferry timetable changes, explained", date: RFC3339.date(from: "2026-11-18T06:45:00Z"),
            author: "Ines Calloway", summary: "What changes, and why.", tags: ["transport", "harbour"],
            image: "/media/ferry.jpg", slug: "ferry-winter-timetable"))
    }

    @Test func needsOnlyATitle() throws {
        #expect(try FrontMatter.parse("title: \"Quoted: with colon\"\n", firstLine: 2) == FrontMatter(title: "Quoted: with colon"))
    }

    @Test(arguments: [
        ("2026-11-02", "2026-11-02T00:00:00Z"),
        ("2026-11-02 09:30", "2026-11-02T09:30:00Z"),
        ("2026-11-02 09:30:15", "2026-11-02T09:30:15Z"),
        ("2026-11-02T09:30:00Z", "2026-11-02T09:30:00Z"),
        ("2026-11-02T09:30:00+01:00", "2026-11-02T08:30:00Z"),
        ("2026-11-02t09:30:00.5-05:00", "2026-11-02T14:30:00.500Z"),
        ("2026-11-02 09:30:00 -5", "2026-11-02T14:30:00Z"),
        ("2026-11-02T09:30+0130", "2026-11-02T08:00:00Z"),
        ("\"2026-11-02\"", "2026-11-02T00:00:00Z"),
        ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("1969-12-31 23:59", "1969-12-31T23:59:00Z"),
    ])
    func readsDates(written: String, expected: String) throws {
        let matter = try FrontMatter.parse("title: T\ndate: \(written)\n", firstLine: 2)
        #expect(matter.date.map(RFC3339.string(from:)) == expected)
    }

    @Test(arguments: [
        "2026-13-01", "2026-02-29", "2026-11-31", "2026-11-02T24:00", "2026-11-02 09:60", "2026-11-02T09:30:00+01:00x",
        "02/11/2026", "yesterday", "2026-11-02T", "2026-11-02 9",
    ])
    func refusesInvalidDates(written: String) {
        #expect(throws: FrontMatterError(line: 3, column: 7, reason: "invalid date '\(written)': use 2026-11-02, 2026-11-02 09:30 or 2026-11-02T09:30:00+01:00")) {
            try FrontMatter.parse("title: T\ndate: \(written)\n", firstLine: 2)
        }
    }

    @Test(arguments: [
        ("tags: [a, b]", ["a", "b"]),
        ("tags:\n  - harbour\n  - ferry", ["harbour", "ferry"]),
        ("tags: harbour", ["harbour"]),
        ("tags: \"a, b\"", ["a, b"]),
        ("tags: [a, b, a]", ["a", "b"]),
        ("tags:", []),
        ("tags: []", []),
    ])
    func readsTags(line: String, expected: [String]) throws {
        #expect(try FrontMatter.parse("title: T\n\(line)\n", firstLine: 2).tags == expected)
    }

    @Test func treatsNullValuesAsAbsent() throws {
        #expect(try FrontMatter.parse("title: T\nauthor: ~\nsummary:\ndate: null\nslug: \"\"\n", firstLine: 2) == FrontMatter(title: "T"))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var yaml: String
        var line: Int
        var column: Int
        var reason: String
        var testDescription: String { reason }
    }

    static let errors: [ErrorCase] = [
        ErrorCase(yaml: "title: a: b\n", line: 2, column: 9, reason: "invalid YAML: mapping values are not allowed in this context"),
        ErrorCase(yaml: "title: \"open\n", line: 3, column: 1,
                  reason: "invalid YAML: found unexpected end of stream (while scanning a quoted scalar from 2:8)"),
        ErrorCase(yaml: "title: T\n\tdate: 2026-11-02\n", line: 3, column: 1,
                  reason: "invalid YAML: found a tab character that violates indentation (while scanning a plain scalar from 2:8)"),
        ErrorCase(yaml: "title: T\nsummary: bell\u{7}\n", line: 3, column: 14, reason: "invalid YAML: control characters are not allowed"),
        ErrorCase(yaml: "title: T\n  tags: [a]\n", line: 3, column: 7, reason: "invalid YAML: mapping values are not allowed in this context"),
        ErrorCase(yaml: "  title: T\n bad: x\n", line: 3, column: 2, reason: "invalid YAML: did not find expected <document start>"),
        ErrorCase(yaml: "- title\n- date\n", line: 2, column: 1, reason: "front matter must be a mapping of keys to values, such as 'title: …'"),
        ErrorCase(yaml: "Just a sentence.\n", line: 2, column: 1, reason: "front matter must be a mapping of keys to values, such as 'title: …'"),
        ErrorCase(yaml: "title: T\ntitel: U\n", line: 3, column: 1, reason: "unknown front matter key 'titel' (did you mean 'title'?)"),
        ErrorCase(yaml: "title: T\ncategory: x\n", line: 3, column: 1, reason: "unknown front matter key 'category'"),
        ErrorCase(yaml: "title: T\ntitle: U\n", line: 3, column: 1, reason: "duplicate front matter key 'title'"),
        ErrorCase(yaml: "title: T\n[a]: b\n", line: 3, column: 1, reason: "front matter keys must be plain words such as 'title'"),
        ErrorCase(yaml: "title: [A, B]\n", line: 2, column: 8, reason: "'title' must be a string"),
        ErrorCase(yaml: "title: T\nauthor: {name: X}\n", line: 3, column: 9, reason: "'author' must be a string"),
        ErrorCase(yaml: "title:\n", line: 2, column: 7, reason: "'title' must not be empty"),
        ErrorCase(yaml: "title: \"  \"\n", line: 2, column: 8, reason: "'title' must not be empty"),
        ErrorCase(yaml: "title: T\ntags: {a: b}\n", line: 3, column: 7, reason: "'tags' must be a list of strings"),
        ErrorCase(yaml: "title: T\ntags: [a, [b]]\n", line: 3, column: 11, reason: "'tags' must be a list of strings"),
        ErrorCase(yaml: "title: T\ntags:\n  - a\n  -\n", line: 5, column: 4, reason: "'tags' must be a list of strings"),
        ErrorCase(yaml: "title: T\ndate: [2026-11-02]\n", line: 3, column: 7, reason: "'date' must be a date such as 2026-11-02"),
        ErrorCase(yaml: "title: T\nslug: Ferry Times\n", line: 3, column: 7,
                  reason: "invalid slug 'Ferry Times': use only a-z, 0-9 and '-', at most 60 characters, not starting or ending with '-'"),
        ErrorCase(yaml: "title: T\nslug: -ferry\n", line: 3, column: 7,
                  reason: "invalid slug '-ferry': use only a-z, 0-9 and '-', at most 60 characters, not starting or ending with '-'"),
        ErrorCase(yaml: "author: Ines\n", line: 1, column: 1, reason: "missing required front matter key 'title'"),
        ErrorCase(yaml: "", line: 1, column: 1, reason: "missing required front matter key 'title'"),
    ]

    @Test(arguments: errors)
    func reportsErrorsWithTheirPosition(_ example: ErrorCase) {
        #expect(throws: FrontMatterError(line: example.line, column: example.column, reason: example.reason)) {
            try FrontMatter.parse(example.yaml, firstLine: 2)
        }
    }

    @Test func countsLinesFromTheGivenFirstLine() {
        #expect(throws: FrontMatterError(line: 12, column: 1, reason: "unknown front matter key 'draft'")) {
            try FrontMatter.parse("title: T\ndraft: true\n", firstLine: 11)
        }
    }

    @Test func describesErrorsAsLineColumnReason() {
        #expect(FrontMatterError(line: 4, column: 7, reason: "unknown front matter key 'titel'").description
            == "4:7: unknown front matter key 'titel'")
    }
}
