import Foundation
import NewsgenModel

/// Dates as feeds write them: RFC 822/2822 (RSS), RFC 3339/W3CDTF (Atom,
/// Dublin Core), and the ISO 8601 and asctime variants found in the wild.
///
/// Hand-written over UTF-8 bytes, locale-independent and allocation-light, with
/// no `DateFormatter` or `Calendar`: a feed of thousands of items parses its
/// dates in microseconds, and results never depend on the machine. Days are
/// counted in the proleptic Gregorian calendar, as RFC 3339 asks.
public enum FeedDate {
    /// Parses any supported form; nil when the text is not a date we understand.
    /// The grammars are tried in feedparser's order, so an ambiguous text (`22013`
    /// is not W3CDTF but is ISO 8601's day 13 of 2022) reads as feedparser reads it.
    public static func parse(_ text: String) -> Date? {
        w3cdtf(text) ?? rfc822(text) ?? iso8601(text) ?? asctime(text)
    }

    /// The instant for a UTC civil time minus a zone offset, or nil when a field is out of range.
    static func makeDate(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                         fraction: Double = 0, offsetSeconds: Int = 0) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= CivilDate.daysInMonth(year: year, month: month),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
