import Foundation
import Testing

/// Hourly news is told apart by its time: rows and article pages show "Today, 07:00" and "Yesterday,
/// 07:00" against the build's clock (`SOURCE_DATE_EPOCH` here), and the day once it is older. The
/// pages change with the day, with nothing else changed (the build is not "up to date" on a new day).
@Suite("Today's and yesterday's times, end to end")
struct RecentTimesEndToEndTests {
    /// 12:00 UTC on 30 Nov, 1 Dec and 2 Dec 2026; the sample's newest article is from 07:00 UTC on 30 Nov (London: UTC+0).
    static let days = ["1796040000", "1796126400", "1796212800"]
    static let row = #"<time datetime="2026-11-30T07:00:00Z">"#

    @Test func theNewestArticleShowsItsTimeTodayAndYesterdayThenItsDay() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        var shown: [String] = []
        for day in Self.days {
            let built = try site.run("build", "--offline", environment: ["SOURCE_DATE_EPOCH": day])
            #expect(built.status == 0, "stderr: \(built.stderr)")
            let home = try site.read("public/index.html")
            let article = try site.read("public/articles/storm-season-shuts-the-outer-breakwater-path/index.html")
            shown.append(Self.timeText(in: home) + " | " + Self.timeText(in: article))
        }
        #expect(shown == ["Today, 07:00 | Today, 07:00", "Yesterday, 07:00 | Yesterday, 07:00", "30 Nov 2026 | 30 Nov 2026"])
        // The same clock again gives the same bytes.
        let before = try site.snapshot()
        #expect(try site.run("build", "--offline", environment: ["SOURCE_DATE_EPOCH": Self.days[2]]).status == 0)
        #expect(try site.snapshot() == before)
    }

    private static func timeText(in page: String) -> String {
        guard let start = page.range(of: row) else { return "(no time)" }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "</time>")?.lowerBound ?? rest.endIndex)])
    }
}
