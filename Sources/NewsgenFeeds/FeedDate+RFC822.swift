import Foundation

extension FeedDate {
    /// RFC 822/2822 as RSS uses it, leniently: optional weekday, day and month in
    /// either order, full or short month names, 2-, 3- or 4-digit years, time
    /// with or without seconds (or none: midnight), and a zone that is numeric
    /// (`+0100`, `-01:01`, `GMT+2`), named (UT, GMT, EST, …, MET, MEST) or a
    /// military letter; an unknown zone name is read as UTC, as feedparser does.
    /// The asctime order (time before year) is `asctime`'s.
    public static func rfc822(_ text: String) -> Date? {
        var tokens = RFC822Tokens(text)
        guard !tokens.isEmpty else { return nil }
        if let first = tokens.peek, first.first?.isLetter == true, month(first) == nil {
            guard weekday(first) else { return nil }
            tokens.next()
        }
        guard let first = tokens.next() else { return nil }
        let day: Int, monthNumber: Int
        if let number = number(first) {
            // day month year [time] [zone]
            guard let monthToken = tokens.next(), let value = month(monthToken) else { return nil }
            (day, monthNumber) = (number, value)
        } else if let value = month(first) {
            // month day year [time] [zone], as in `Thu Aug 30 2012 17:26:16 +0200`
            guard let dayToken = tokens.next(), let dayValue = number(dayToken) else { return nil }
            (day, monthNumber) = (dayValue, value)
        } else {
            return nil
        }
        guard let yearToken = tokens.next(), let year = Self.year(yearToken) else { return nil }
        var time: (hour: Int, minute: Int, second: Int)?
        var zoneToken: ArraySlice<UInt8>?
        if let token = tokens.next() {
            guard let parsed = Self.time(token) else { return nil }
            time = parsed
            zoneToken = tokens.next()
        }
        var offset = 0
        if let zoneToken {
            guard let value = zone(zoneToken) else { return nil }
            offset = value
        }
        // Anything left may only be a parenthesised comment, like `+0000 (UTC)`.
        while let extra = tokens.next() {
            guard extra.first == UInt8(ascii: "(") else { return nil }
        }
        return makeDate(year: year, month: monthNumber, day: day, hour: time?.hour ?? 0,
                        minute: time?.minute ?? 0, second: time?.second ?? 0, offsetSeconds: offset)
    }

    private static let monthNames: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ].map { Array($0.utf8) }

    private static let weekdayNames: [[UInt8]] = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ].map { Array($0.utf8) }

    /// A token that starts a name: at least three letters, all a prefix of it (`Jan`, `Sept`, `January`).
    private static func matchName(_ token: ArraySlice<UInt8>, in names: [[UInt8]]) -> Int? {
        guard token.count >= 3 else { return nil }
        for (index, name) in names.enumerated() where token.count <= name.count {
            if zip(token, name).allSatisfy({ $0.lowercasedASCII == $1 }) { return index }
        }
        return nil
    }

    static func month(_ token: ArraySlice<UInt8>) -> Int? {
        matchName(token, in: monthNames).map { $0 + 1 }
    }

    static func weekday(_ token: ArraySlice<UInt8>) -> Bool {
        matchName(token, in: weekdayNames) != nil
    }

    /// One or two digits.
    static func number(_ token: ArraySlice<UInt8>) -> Int? {
        guard (1...2).contains(token.count), token.allSatisfy(\.isDigit) else { return nil }
        return token.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// RFC 2822 §4.3: two-digit years 00–49 are 2000–2049, 50–99 are 1950–1999;
    /// three-digit years add 1900.
    static func year(_ token: ArraySlice<UInt8>) -> Int? {
        guard (2...4).contains(token.count), token.allSatisfy(\.isDigit) else { return nil }
        let value = token.reduce(0) { $0 * 10 + Int($1 - 48) }
        switch token.count {
        case 2: return value < 50 ? 2000 + value : 1900 + value
        case 3: return 1900 + value
        default: return value
        }
    }

    /// `h:mm`, `hh:mm` or `hh:mm:ss`.
    static func time(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var scanner = ByteScanner(bytes: token)
        guard let hour = scanner.digits(min: 1, max: 2), scanner.skip(":"),
              let minute = scanner.digits(exactly: 2) else { return nil }
        var second = 0
        if scanner.skip(":") {
            guard let value = scanner.digits(exactly: 2) else { return nil }
            second = value
        }
        guard scanner.isAtEnd else { return nil }
        return (hour, minute, second)
    }

    /// Named zones in hours east of UTC (RFC 822 plus the names feeds use).
    private static let zoneNames: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0,
        "edt": -4, "est": -5, "cdt": -5, "cst": -6, "mdt": -6, "mst": -7, "pdt": -7, "pst": -8,
        "adt": -3, "ast": -4, "at": -4, "et": -5, "ct": -6, "mt": -7, "pt": -8,
        "met": 1, "mest": 2, "cet": 1, "cest": 2, "wet": 0, "west": 1, "bst": 1,
    ]

    /// A zone token in seconds east of UTC; nil for a malformed numeric one.
    static func zone(_ token: ArraySlice<UInt8>) -> Int? {
        var lower = token.map(\.lowercasedASCII)[...]
        if lower.starts(with: "etc/".utf8) { lower = lower.dropFirst(4) }
        for prefix in ["gmt", "utc", "ut"] where lower.starts(with: prefix.utf8) {
            let rest = lower.dropFirst(prefix.count)
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { return numericZone(rest) }
        }
        if lower.first == UInt8(ascii: "+") || lower.first == UInt8(ascii: "-") { return numericZone(lower) }
        guard lower.allSatisfy(\.isLetter) else { return nil }
        if lower.count == 1, let letter = lower.first {
            return militaryZone(letter).map { $0 * 3_600 }
        }
        return (zoneNames[String(decoding: lower, as: UTF8.self)] ?? 0) * 3_600
    }

    /// `±hhmm`, `±hh:mm`, `±hh` or `±h`.
    private static func numericZone(_ token: ArraySlice<UInt8>) -> Int? {
        var scanner = ByteScanner(bytes: token)
        let sign = scanner.skip("-") ? -1 : (scanner.skip("+") ? 1 : 0)
        guard sign != 0 else { return nil }
        let remaining = token.count - 1
        let hours: Int?
        if remaining == 1 || remaining == 2 {
            hours = scanner.digits(min: remaining, max: remaining)
        } else {
            hours = scanner.digits(exactly: 2)
        }
        guard let hours, hours <= 23 else { return nil }
        var minutes = 0
        if !scanner.isAtEnd {
            _ = scanner.skip(":")
            guard let value = scanner.digits(exactly: 2), scanner.isAtEnd, value <= 59 else { return nil }
            minutes = value
        }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// RFC 822 military zones as written there: A–I and K–M west (-1…-12), N–Y east (+1…+12), Z UTC.
    private static func militaryZone(_ letter: UInt8) -> Int? {
        switch letter {
        case UInt8(ascii: "z"): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "i"): return -Int(letter - UInt8(ascii: "a") + 1)
        case UInt8(ascii: "k")...UInt8(ascii: "m"): return -Int(letter - UInt8(ascii: "k") + 10)
        case UInt8(ascii: "n")...UInt8(ascii: "y"): return Int(letter - UInt8(ascii: "n") + 1)
        default: return nil
        }
    }
}

/// The words of an RFC 822 date, split at whitespace and commas.
struct RFC822Tokens {
    private let bytes: [UInt8]
    private var tokens: [Range<Int>] = []
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            if byte.isSpace || byte == UInt8(ascii: ",") {
                if let begin = start { tokens.append(begin..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { tokens.append(begin..<bytes.count) }
    }

    var isEmpty: Bool { tokens.isEmpty }

    var peek: ArraySlice<UInt8>? {
        position < tokens.count ? bytes[tokens[position]] : nil
    }

    @discardableResult
    mutating func next() -> ArraySlice<UInt8>? {
        defer { position += 1 }
        return peek
    }
}
