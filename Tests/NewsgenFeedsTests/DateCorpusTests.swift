import Foundation
import Testing
import NewsgenFeeds

/// feedparser's date cases (../shared/corpora/feedparser-tests/dates.json). The
/// rfc822 and w3dtf groups are checked through `FeedDate.parse`; the pass rate
/// is printed so progress toward the full corpus stays visible.
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

    @Test("rfc822 and w3dtf groups", .enabled(if: corpusExists, "date corpus not found at ../shared/corpora/feedparser-tests/dates.json"))
    func conformance() throws {
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: Self.corpus))
        var failures: [String] = []
        var report: [String] = []
        for group in ["rfc822", "w3dtf"] {
            let cases = corpus.cases.filter { $0.parser == group }
            var passed = 0
            for item in cases {
                let actual = FeedDate.parse(item.input).map { Int($0.timeIntervalSince1970.rounded(.down)) }
                let expected = item.expected_utc.flatMap(Self.expectedSeconds)
                if actual == expected {
                    passed += 1
                } else {
                    failures.append("\(group): \(item.input.debugDescription) expected \(item.expected_utc ?? "nil"), got \(actual.map(String.init) ?? "nil")")
                }
            }
            report.append("\(group) \(passed)/\(cases.count)")
            #expect(!cases.isEmpty)
        }
        // Groups a later issue requires, reported but not yet asserted.
        var pending: [String] = []
        for group in ["asctime", "iso8601"] {
            let cases = corpus.cases.filter { $0.parser == group }
            let passed = cases.filter { item in
                FeedDate.parse(item.input).map { Int($0.timeIntervalSince1970.rounded(.down)) }
                    == item.expected_utc.flatMap(Self.expectedSeconds)
            }.count
            pending.append("\(group) \(passed)/\(cases.count)")
        }
        print("date corpus pass rate: " + report.joined(separator: ", ") + " (not yet required: "
              + pending.joined(separator: ", ") + ")")
        for failure in failures { print("  failed \(failure)") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
