import Foundation
import NewsgenModel

/// Dates as pages show them, in the site's time zone: "28 Nov 2026" for people (the
/// theme's `dateFormat` and short month names: "28. Nov. 2026" in German), RFC 3339 with the
/// zone's offset for `<time datetime>`. The strings table rather than the system locale, so
/// output is the same on every machine.
public struct DateDisplay: Sendable {
    private let timeZone: TimeZone
    private let strings: ThemeStrings
    /// The build's day in the site's zone, as days since 1970 there: what "today" means on the pages. Nil
    /// (no clock given) shows every date as a day.
    private let today: Int?

    public init(timeZone: TimeZone) {
        self.init(timeZone: timeZone, strings: .english)
    }

    /// `now` is the build's clock (never read here), so the same build gives the same words.
    init(timeZone: TimeZone, strings: ThemeStrings, now: Date? = nil) {
        self.timeZone = timeZone
        self.strings = strings
        today = now.map { Self.localDay($0, timeZone) }
    }

    /// Where `date` falls against the build's day: hourly news is told apart by its time.
    enum Recency: UInt64 { case earlier = 0, yesterday = 1, today = 2 }

    func recency(_ date: Date) -> Recency {
        guard let today else { return .earlier }
        switch today - Self.localDay(date, timeZone) {
        case 0: return .today
        case 1: return .yesterday
        default: return .earlier  // older, or dated ahead of the build
        }
    }

    /// What a row or an article shows: "Today, 14:05" and "Yesterday, 09:30" (the theme's `todayAt`
    /// and `yesterdayAt`) for the build's day and the one before, the day ("28 Nov 2026") otherwise.
    func shown(_ date: Date) -> String {
        let recency = recency(date)
        guard recency != .earlier else { return display(date) }
        let c = local(date)
        return strings.text(recency == .today ? "todayAt" : "yesterdayAt", ["time": Self.padded(c.hour, 2) + ":" + Self.padded(c.minute, 2)])
    }

    private static func localDay(_ date: Date, _ zone: TimeZone) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    func display(_ date: Date) -> String {
        let c = local(date)
        return strings.text("dateFormat", ["day": String(c.day), "month": strings.shortMonthName(c.month), "year": String(c.year)])
    }

    /// "28 Nov 2026, 14:05 UTC" (or "UTC+01:00"): for fetch times, where the day alone says too little to hourly builds.
    func displayWithTime(_ date: Date) -> String {
        let c = local(date)
        return strings.text("dateTimeFormat", ["date": display(date), "time": Self.padded(c.hour, 2) + ":" + Self.padded(c.minute, 2),
                                               "zone": zoneName(for: date)])
    }

    /// RFC 3339 in the site's zone, "2026-11-28T14:05:00+01:00" (`<time datetime>`, `bookmark list`'s day).
    public func iso(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let c = local(date)
        return Self.padded(c.year, 4) + "-" + Self.padded(c.month, 2) + "-" + Self.padded(c.day, 2) + "T" + Self.padded(c.hour, 2) + ":"
            + Self.padded(c.minute, 2) + ":" + Self.padded(c.second, 2) + (offset == 0 ? "Z" : Self.offset(offset))
    }

    /// "UTC", or "UTC+05:30": an offset rather than an abbreviation, which differs between systems.
    private func zoneName(for date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        return "UTC" + (offset == 0 ? "" : Self.offset(offset))
    }

    private static func offset(_ seconds: Int) -> String {
        (seconds < 0 ? "-" : "+") + padded(abs(seconds) / 3600, 2) + ":" + padded(abs(seconds) % 3600 / 60, 2)
    }

    /// `value` in decimal, zero-padded to `width` digits as `%0Nd` does (a minus sign counts toward the width).
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }

    private func local(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        CivilDate.components(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)), offset: timeZone.secondsFromGMT(for: date))
    }
}
