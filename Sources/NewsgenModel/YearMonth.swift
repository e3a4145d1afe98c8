import Foundation

/// A calendar month in UTC, the unit list pages are split by (ADR 028): `/archive/2026/11/`.
/// Years 0–9999, the ones a path's four digits can name (and the archive's month files hold).
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// Nil for a month that is not 1–12 or a year outside 0–9999.
    public init?(year: Int, month: Int) {
        guard (0...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month an article of `date` is listed under: its UTC month. An undated article (and a date
    /// outside years 0–9999, which no feed date parser makes) is listed under January 1970, the date
    /// feeds give undated entries (`SiteFeeds.undated`): it sorts after every dated article
    /// (`Article.newestFirst`), and a fixed month keeps it from moving when older articles arrive.
    public init(listing date: Date?) {
        let undated = YearMonth(year: 1970, month: 1)!
        guard let date, let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)),
              (-62_167_219_200...253_402_300_799).contains(seconds) else { self = undated; return }
        let civil = CivilDate.components(secondsSince1970: seconds)
        self = YearMonth(year: civil.year, month: civil.month) ?? undated
    }

    /// `2026/11`: the year in four digits, the month in two, as paths spell them.
    public var pathComponent: String {
        let year = String(year), month = String(month)
        return String(repeating: "0", count: 4 - year.count) + year + "/" + (self.month < 10 ? "0" : "") + month
    }

    /// "November 2026", in English as the built-in theme is.
    public var name: String { "\(monthName) \(year)" }

    /// "November".
    public var monthName: String { Self.monthNames[month - 1] }

    public var description: String { pathComponent }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// Parses a path's `yyyy` and `mm` segments: exactly four and two digits, a real month.
    static func parse(year: String, month: String) -> YearMonth? {
        guard year.utf8.count == 4, month.utf8.count == 2,
              year.utf8.allSatisfy({ (0x30...0x39).contains($0) }), month.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let y = Int(year), let m = Int(month) else { return nil }
        return YearMonth(year: y, month: m)
    }
}
