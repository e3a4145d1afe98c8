import Foundation
import Testing
import NewsgenFeeds
import NewsgenTestSupport

/// feedparser's date cases (../shared/corpora/feedparser-tests/dates.json).
/// Each group goes through its own grammar (W3CDTF and ISO 8601 disagree on
/// `22013`, so neither can stand in for the other); the rfc822, w3dtf, iso8601
/// and asctime groups must pass in full, and the pass rates are printed.
@Suite("Date corpus conformance")
struct DateCorpusTests {
    static let corpus = repositoryRoot.appendingPathComponent("../shared/corpora/feedparser-tests/dates.json").standardized
    static let corpusExists = FileManager.default.fileExists(atPath: corpus.path)

    struct Case: Decodable {
        var parser: String
        var input: String
        var expected_utc: String?
    }

    struct Corpus: Decodable {
        var cases: [Case]
    }

    /// Seconds since 1970 for `YYYY-MM-DDThh:mm:ssZ`, in the proleptic Gregorian
    /// calendar, counted year by year so it shares nothing with `FeedDate`.
    static func expectedSeconds(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { "-T:Z".contains($0) }).compactMap { Int($0) }
        guard parts.count == 6 else { return nil }
        func leap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }
        var days = 0
        if parts[0] >= 1970 {
            for year in 1970..<parts[0] { days += leap(year) ? 366 : 365 }
        } else {
            for year in parts[0]..<1970 { days -= leap(year) ? 366 : 365 }
        }
        let monthLengths = [31, leap(parts[0]) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        days += monthLengths.prefix(parts[1] - 1).reduce(0, +) + parts[2] - 1
        return days * 86_400 + parts[3] * 3_600 + parts[4] * 60 + parts[5]
    }

    /// The groups newsgen reads, each with the entry point that implements it.
    static let grammars: [(group: String, parse: @Sendable (String) -> Date?)] = [
        ("rfc822", FeedDate.rfc822), ("w3dtf", FeedDate.w3cdtf),
        ("iso8601", FeedDate.iso8601), ("asctime", FeedDate.asctime),
    ]

    static func seconds(_ date: Date?) -> Int? {
        date.map { Int($0.timeIntervalSince1970.rounded(.down)) }
    }

    @Test("rfc822, w3dtf, iso8601 and asctime groups",
          Prerequisite.require(corpusExists, "date corpus not found at ../shared/corpora/feedparser-tests/dates.json"))
    func conformance() throws {
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: Self.corpus))
        var failures: [String] = []
        var report: [String] = []
        for (group, parse) in Self.grammars {
            let cases = corpus.cases.filter { $0.parser == group }
            #expect(!cases.isEmpty, "no \(group) cases in the corpus")
            var passed = 0
            for item in cases {
                let actual = Self.seconds(parse(item.input))
                if actual == item.expected_utc.flatMap(Self.expectedSeconds) {
                    passed += 1
                } else {
                    failures.append("\(group): \(item.input.debugDescription) expected \(item.expected_utc ?? "nil"), got \(actual.map(String.init) ?? "nil")")
                }
            }
            report.append("\(group) \(passed)/\(cases.count) (\(cases.isEmpty ? 0 : passed * 100 / cases.count)%)")
        }
        // Localised formats (Greek, Hungarian, Korean, Perforce) newsgen does not read.
        let modelled = Set(Self.grammars.map(\.group))
        let others = Set(corpus.cases.map(\.parser)).subtracting(modelled).sorted()
        print("date corpus pass rate: " + report.joined(separator: ", ")
              + " (not read: " + others.joined(separator: ", ") + ")")
        for failure in failures { print("  failed \(failure)") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// `FeedDate.parse`, what the readers call, tries the grammars in feedparser's
    /// order: every case a group accepts reads the same through it.
    @Test(Prerequisite.require(corpusExists, "date corpus not found at ../shared/corpora/feedparser-tests/dates.json"))
    func combinedParserAgreesOnAcceptedCases() throws {
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: Self.corpus))
        let groups = Set(Self.grammars.map(\.group))
        for item in corpus.cases where groups.contains(item.parser) {
            guard let expected = item.expected_utc.flatMap(Self.expectedSeconds) else { continue }
            #expect(Self.seconds(FeedDate.parse(item.input)) == expected, "\(item.input)")
        }
    }
}
