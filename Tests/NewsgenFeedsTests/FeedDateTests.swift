import Foundation
import Testing
import NewsgenFeeds

@Suite("FeedDate")
struct FeedDateTests {
    @Test(arguments: [
        ("Fri, 27 Nov 2026 17:45:00 +0000", utc(2026, 11, 27, 17, 45)),
        ("27 Nov 2026 17:45:00 GMT", utc(2026, 11, 27, 17, 45)),
        ("Fri, 27 Nov 26 17:45:00 UT", utc(2026, 11, 27, 17, 45)),
        ("Sat, 01 Jan 99 00:00:00 Z", utc(1999, 1, 1)),
        ("Fri, 27 Nov 2026 17:45 EST", utc(2026, 11, 27, 22, 45)),
        ("Tue, 06 Oct 2026 08:00:00 EDT", utc(2026, 10, 6, 12)),
        ("Tue, 06 Oct 2026 08:00:00 CST", utc(2026, 10, 6, 14)),
        ("Tue, 06 Oct 2026 08:00:00 CDT", utc(2026, 10, 6, 13)),
        ("Tue, 06 Oct 2026 08:00:00 MST", utc(2026, 10, 6, 15)),
        ("Tue, 06 Oct 2026 08:00:00 MDT", utc(2026, 10, 6, 14)),
        ("Tue, 06 Oct 2026 08:00:00 PST", utc(2026, 10, 6, 16)),
        ("Tue, 06 Oct 2026 08:00:00 PDT", utc(2026, 10, 6, 15)),
        ("Tue, 06 Oct 2026 08:00:00 A", utc(2026, 10, 6, 9)),
        ("Tue, 06 Oct 2026 08:00:00 M", utc(2026, 10, 6, 20)),
        ("Tue, 06 Oct 2026 08:00:00 N", utc(2026, 10, 6, 7)),
        ("Tue, 06 Oct 2026 08:00:00 Y", utc(2026, 10, 5, 20)),
        ("Tue, 06 Oct 2026 08:00:00 +0530", utc(2026, 10, 6, 2, 30)),
        ("tue, 6 october 2026 8:00:00 -0100", utc(2026, 10, 6, 9)),
        ("Tue, 06 Oct 2026 08:00:00 +0000 (UTC)", utc(2026, 10, 6, 8)),
        ("  Tue, 06 Oct 2026  ", utc(2026, 10, 6)),
        ("Thu, 29 Feb 2024 12:00:00 GMT", utc(2024, 2, 29, 12)),
        ("2026-11-27T17:45:00Z", utc(2026, 11, 27, 17, 45)),
        ("2026-11-27t17:45:00z", utc(2026, 11, 27, 17, 45)),
        ("2026-11-27T17:45:00+01:00", utc(2026, 11, 27, 16, 45)),
        ("2026-11-27T17:45:00-0330", utc(2026, 11, 27, 21, 15)),
        ("2026-11-27T17:45:00+01", utc(2026, 11, 27, 16, 45)),
        ("2026-11-27T17:45Z", utc(2026, 11, 27, 17, 45)),
        ("2026-11-27T17:45:00", utc(2026, 11, 27, 17, 45)),
        ("2026-11-27", utc(2026, 11, 27)),
        ("2026-11", utc(2026, 11, 1)),
        ("2026", utc(2026, 1, 1)),
    ] as [(String, Date)])
    func parses(text: String, expected: Date) {
        #expect(FeedDate.parse(text) == expected, "\(text)")
    }

    @Test func fractionsAreKept() {
        #expect(FeedDate.parse("2026-11-27T17:45:00.250Z") == utc(2026, 11, 27, 17, 45).addingTimeInterval(0.25))
    }

    @Test(arguments: [
        "", "yesterday", "Fri, 31 Nov 2026 10:00:00 GMT", "Fri, 29 Feb 2026 10:00:00 GMT",
        "Fri, 27 Nov 2026 24:00:00 GMT", "Fri, 27 Nov 2026 10:60:00 GMT", "Fri, 27 Foo 2026 10:00:00 GMT",
        "Fri, 27 Nov 2026 10:00:00 +2500", "Fri, 27 Nov 2026 10:00:00 GMT extra",
        "2026-13-01", "2026-11-31", "2026-11-27T17:45:00+01:00x", "2026-11-27T1:45:00Z", "2026-366",
        "--12-31", "-335", "2026-11-27T17:45:00Zjunk", "Sun Jan  4 16:29:06", "Sun Jan  4 16:29:06 2004 GMT",
    ])
    func rejects(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }

    @Test func grammarsAreAlsoAvailableOnTheirOwn() {
        #expect(FeedDate.rfc822("2026-11-27") == nil)
        #expect(FeedDate.w3cdtf("Fri, 27 Nov 2026 17:45:00 +0000") == nil)
        #expect(FeedDate.rfc822("Sun Jan  4 16:29:06 2004") == nil)
        #expect(FeedDate.asctime("Sun Jan  4 16:29:06 2004") == utc(2004, 1, 4, 16, 29, 6))
        #expect(FeedDate.asctime("Fri, 27 Nov 2026 17:45:00 +0000") == nil)
        // W3CDTF refuses what ISO 8601 reads as an ordinal date, and FeedDate.parse falls through to it.
        #expect(FeedDate.w3cdtf("22013") == nil)
        #expect(FeedDate.iso8601("22013") == utc(2022, 1, 13))
        #expect(FeedDate.parse("22013") == utc(2022, 1, 13))
    }

    @Test(arguments: [
        ("20031231", utc(2003, 12, 31)),
        ("031231", utc(2003, 12, 31)),
        ("03-12-31", utc(2003, 12, 31)),
        ("-0312", utc(2003, 12, 1)),
        ("-03-12", utc(2003, 12, 1)),
        ("03335", utc(2003, 12, 1)),
        ("2003335", utc(2003, 12, 1)),
        ("2004-060", utc(2004, 2, 29)),
        ("2003-012-31T10:14:55+00:00", utc(2003, 12, 31, 10, 14, 55)),
        ("20031231T10:14:55-0130", utc(2003, 12, 31, 11, 44, 55)),
        ("2003-12-31T10:14Z", utc(2003, 12, 31, 10, 14)),
        ("2003", utc(2003, 1, 1)),
    ] as [(String, Date)])
    func iso8601(text: String, expected: Date) {
        #expect(FeedDate.iso8601(text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("Sun Jul 15 01:16:00 +0000 2012", utc(2012, 7, 15, 1, 16)),
        ("Sun Jul 15 01:16:00 -0200 2012", utc(2012, 7, 15, 3, 16)),
        ("Jul 15 01:16 2012", utc(2012, 7, 15, 1, 16)),
    ] as [(String, Date)])
    func asctime(text: String, expected: Date) {
        #expect(FeedDate.asctime(text) == expected, "\(text)")
        #expect(FeedDate.parse(text) == expected, "\(text)")
    }

    /// Every date of a large feed parses (how fast is the benchmarks' business, never a unit test's: timings swing here).
    @Test func parsesEveryDateOfALargeFeed() {
        var parsed = 0
        for index in 0..<20_000 {
            if FeedDate.parse("Fri, \(index % 28 + 1) Nov 2026 17:45:00 +0000") != nil { parsed += 1 }
            if FeedDate.parse("2026-11-\(String(format: "%02d", index % 28 + 1))T17:45:00.5+01:00") != nil { parsed += 1 }
        }
        #expect(parsed == 40_000)
    }
}
