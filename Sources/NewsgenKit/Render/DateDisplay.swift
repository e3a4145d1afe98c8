import Foundation

/// Dates as pages show them, in the site's time zone: "28 Nov 2026" for people,
/// RFC 3339 with the zone's offset for `<time datetime>`. Fixed English month
/// names rather than the system locale, so output is the same on every machine.
struct DateDisplay: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func display(_ date: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(c.day ?? 1) \(Self.months[(c.month ?? 1) - 1]) \(c.year ?? 1970)"
    }

    func iso(_ date: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        let zone = offset == 0 ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0) + zone
    }
}
