import Foundation
import NewsgenModel

extension FeedDate {
    /// The ISO 8601 forms feedparser accepts beyond W3CDTF: basic (`20031231`,
    /// `031231`), ordinal (`2003335`, `03335`, `2003-335`), two-digit years
    /// (`03-12-31`, `-0312`, `-03-12`), a zero-padded month (`2003-012-31`),
    /// then optionally `[T]hh:mm[:ss[.fff]]` and a zone (`Z`, `±hh`, `±hh:mm`, `±hhmm`).
    ///
    /// Kept apart from `w3cdtf` because the two disagree: W3CDTF rejects `22013`,
    /// which ISO 8601 reads as day 13 of 2022. Differences from feedparser, for
    /// determinism and safety: a two-digit year is always 20YY (feedparser uses
    /// the current century), the whole text must match (feedparser ignores
    /// trailing text), out-of-range fields are refused rather than rolled over,
    /// and forms that need today's date to be complete (`--12-31`, `-335`) are refused.
    public static func iso8601(_ text: String) -> Date? {
        let start = ByteScanner(text)
        guard !start.isAtEnd else { return nil }
        for template in isoTemplates {
            if let date = isoMatch(template, start) { return date }
        }
        return nil
    }

    /// One piece of a date template: fixed-width digit fields and separators.
    private enum ISOPiece {
        case year4, year2, month, day, ordinal
        case dash, optionalDash, zero
    }

    /// feedparser's templates in its order (the first that matches wins), less
    /// those that take a field from the clock.
    private static let isoTemplates: [[ISOPiece]] = [
        [.year4, .optionalDash, .month, .optionalDash, .day],   // YYYY-?MM-?DD
        [.year4, .dash, .zero, .month, .optionalDash, .day],    // YYYY-0MM-?DD
        [.year4, .dash, .month],                                // YYYY-MM
        [.year4, .optionalDash, .ordinal],                      // YYYY-?OOO
        [.year2, .optionalDash, .month, .optionalDash, .day],   // YY-?MM-?DD
        [.year2, .optionalDash, .ordinal],                      // YY-?OOO
        [.year4],                                               // YYYY
        [.dash, .year2, .optionalDash, .month],                 // -YY-?MM
    ]

    /// The date when `template` and then an optional time consume all of the text.
    private static func isoMatch(_ template: [ISOPiece], _ start: ByteScanner) -> Date? {
        var scanner = start // shares the bytes: no copy
        var year = 0, month = 1, day = 1, ordinal = 0
        for piece in template {
            switch piece {
            case .year4:
                guard let value = scanner.digits(exactly: 4) else { return nil }
                year = value
            case .year2:
                guard let value = scanner.digits(exactly: 2) else { return nil }
                year = 2000 + value
            case .month:
                guard scanner.peekDigit(atMost: 1), let value = scanner.digits(exactly: 2) else { return nil }
                month = value
            case .day:
                guard scanner.peekDigit(atMost: 3), let value = scanner.digits(exactly: 2) else { return nil }
                day = value
            case .ordinal:
                guard scanner.peekDigit(atMost: 3), let value = scanner.digits(exactly: 3) else { return nil }
                ordinal = value
            case .dash:
                guard scanner.skip("-") else { return nil }
            case .optionalDash:
                _ = scanner.skip("-")
            case .zero:
                guard scanner.skip("0") else { return nil }
            }
        }
        if ordinal > 0 {
            let length = CivilDate.daysInMonth(year: year, month: 2) == 29 ? 366 : 365
            guard ordinal <= length else { return nil }
            let days = CivilDate.daysFromCivil(year: year, month: 1, day: 1) + ordinal - 1
            (year, month, day) = CivilDate.civilFromDays(days)
        } else if template.contains(.ordinal) {
            return nil // day 000
        }
        var hour = 0, minute = 0, second = 0, fraction = 0.0, offset = 0
        if !scanner.isAtEnd {
            _ = scanner.skip("T")
            guard let h = scanner.digits(exactly: 2), scanner.skip(":"),
                  let m = scanner.digits(exactly: 2) else { return nil }
            (hour, minute) = (h, m)
            if scanner.skip(":") {
                guard let s = scanner.digits(exactly: 2) else { return nil }
                second = s
            }
            if scanner.skip(".") {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
            if !scanner.isAtEnd {
                guard let value = scanner.zoneOffset(), scanner.isAtEnd else { return nil }
                offset = value
            }
        }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                        fraction: fraction, offsetSeconds: offset)
    }
}

extension ByteScanner {
    /// True when the next byte is a digit no greater than `limit` (ISO 8601's `[01]\d` month, `[0-3]\d` day).
    func peekDigit(atMost limit: UInt8) -> Bool {
        index < bytes.count && bytes[index].isDigit && bytes[index] - 48 <= limit
    }
}
