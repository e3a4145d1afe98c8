import Foundation
import NewsgenModel

/// Dates as pages show them, in the site's time zone: "28 Nov 2026" for people,
/// RFC 3339 with the zone's offset for `<time datetime>`. Fixed English month
/// names rather than the system locale, so output is the same on every machine.
struct DateDisplay: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private let timeZone: TimeZone

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    func display(_ date: Date) -> String {
        let c = local(date)
        return "\(c.day) \(Self.months[c.month - 1]) \(c.year)"
    }

    /// "28 Nov 2026, 14:05 UTC" (or "UTC+01:00"): for fetch times, where the day alone says too little to hourly builds.
    func displayWithTime(_ date: Date) -> String {
        let c = local(date)
        return display(date) + String(format: ", %02d:%02d ", c.hour, c.minute) + zoneName(for: date)
    }

    func iso(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let c = local(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second) + (offset == 0 ? "Z" : Self.offset(offset))
    }

    /// "UTC", or "UTC+05:30": an offset rather than an abbreviation, which differs between systems.
    private func zoneName(for date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        return "UTC" + (offset == 0 ? "" : Self.offset(offset))
    }

    private static func offset(_ seconds: Int) -> String {
        String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    private func local(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        CivilDate.components(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)), offset: timeZone.secondsFromGMT(for: date))
    }
}
