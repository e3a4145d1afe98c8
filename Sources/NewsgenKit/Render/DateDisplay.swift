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

    func iso(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let c = local(date)
        let zone = offset == 0 ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second) + zone
    }

    private func local(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        CivilDate.components(secondsSince1970: Int(date.timeIntervalSince1970.rounded(.down)), offset: timeZone.secondsFromGMT(for: date))
    }
}
