import Foundation
import NewsgenModel

/// How long a server asked to be left alone (`Retry-After`, RFC 9110 §10.2.3):
/// a number of seconds, or an HTTP date.
///
/// A date is measured against the server's own `Date` header when it sent one,
/// so a clock that is wrong on either machine does not change the wait; only
/// without it is the build's "now" used, and with neither the wait is unknown
/// (the caller falls back to its normal backoff). Pure: no clock is read here.
public enum RetryAfter {
    /// The seconds to wait before asking again, or nil when the header is not
    /// understood or is a date with nothing to measure it against. A date in
    /// the past is a wait of 0.
    /// - Parameters:
    ///   - header: `Retry-After`, as sent.
    ///   - serverDate: the same response's `Date` header, as sent, if any.
    ///   - now: the build's idea of the current time, used only without a usable `serverDate`.
    public static func delay(_ header: String, serverDate: String? = nil, now: Date? = nil) -> Double? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // 1*DIGIT; a value too long for an Int is simply very long.
            return Double(text)
        }
        let reference = serverDate.flatMap { httpDate($0, reference: now) } ?? now
        guard let reference, let date = httpDate(text, reference: reference) else { return nil }
        return max(0, date.timeIntervalSince(reference))
    }

    /// An HTTP date in any of the three forms RFC 9110 §5.6.7 says a recipient
    /// accepts: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete
    /// RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
    /// (`Sun Nov  6 08:49:37 1994`). Names are matched without regard to case;
    /// the weekday is checked to be a weekday name, not against the date.
    /// - Parameter reference: decides the century of an RFC 850 two-digit year (a year
    ///   more than 50 years after it is taken as the century before); without it,
    ///   00–69 are 20xx and 70–99 are 19xx.
    public static func httpDate(_ text: String, reference: Date? = nil) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch fields.count {
        case 6: // IMF-fixdate: day-name "," SP 2DIGIT SP month SP 4DIGIT SP time SP "GMT"
            guard fields[0].hasSuffix(","), shortDays.contains(fields[0].dropLast().lowercased()),
                  fields[1].count == 2, let day = digits(fields[1]), let month = month(fields[2]),
                  fields[3].count == 4, let year = digits(fields[3]), fields[5].uppercased() == "GMT" else { return nil }
            return date(year: year, month: month, day: day, time: fields[4])
        case 4: // rfc850-date: day-name-l "," SP 2DIGIT "-" month "-" 2DIGIT SP time SP "GMT"
            let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard fields[0].hasSuffix(","), longDays.contains(fields[0].dropLast().lowercased()), parts.count == 3,
                  parts[0].count == 2, let day = digits(parts[0]), let month = month(parts[1]),
                  parts[2].count == 2, let twoDigits = digits(parts[2]), fields[3].uppercased() == "GMT" else { return nil }
            return date(year: fullYear(twoDigits, reference: reference), month: month, day: day, time: fields[2])
        case 5: // asctime-date: day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time SP 4DIGIT
            guard shortDays.contains(fields[0].lowercased()), let month = month(fields[1]),
                  (1...2).contains(fields[2].count), let day = digits(fields[2]),
                  fields[4].count == 4, let year = digits(fields[4]) else { return nil }
            return date(year: year, month: month, day: day, time: fields[3])
        default:
            return nil
        }
    }

    private static let shortDays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longDays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ text: String) -> Int? {
        months.firstIndex(of: text.lowercased()).map { $0 + 1 }
    }

    /// A non-empty run of ASCII digits (at most 9, so it fits any Int) as a number.
    private static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// RFC 9110: a two-digit year that would be more than 50 years in the future
    /// is the most recent past year with those digits.
    private static func fullYear(_ twoDigits: Int, reference: Date?) -> Int {
        guard let reference else { return twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits }
        let current = CivilDate.civilFromDays(Int((reference.timeIntervalSince1970 / 86_400).rounded(.down))).year
        var year = current - current % 100 + twoDigits
        if year > current + 50 { year -= 100 } else if year < current - 49 { year += 100 }
        return year
    }

    /// The instant of a UTC calendar date and an `HH:MM:SS` time, nil when any part is out of range.
    private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
              let hour = digits(parts[0]), let minute = digits(parts[1]), let second = digits(parts[2]),
              hour < 24, minute < 60, second <= 60, // 60: a leap second
              day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}
