import Foundation

extension FeedDate {
    /// RFC 3339 / W3CDTF: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, optionally followed by
    /// `T` (or a space) and `hh:mm[:ss[.fff]]` with an optional zone (`Z`,
    /// `±hh:mm`, `±hhmm`, `±hh`, possibly after a space). A time without a zone is UTC.
    public static func w3cdtf(_ text: String) -> Date? {
        var scanner = ByteScanner(text)
        guard let year = scanner.digits(exactly: 4) else { return nil }
        var month = 1, day = 1
        if scanner.skip("-") {
            guard let value = scanner.digits(exactly: 2) else { return nil }
            month = value
            if scanner.skip("-") {
                guard let value = scanner.digits(exactly: 2) else { return nil }
                day = value
            }
        }
        if scanner.isAtEnd { return makeDate(year: year, month: month, day: day) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") else { return nil }
        guard let hour = scanner.digits(exactly: 2), scanner.skip(":"),
              let minute = scanner.digits(exactly: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.digits(exactly: 2) else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
        }
        var offset = 0
        if !scanner.isAtEnd {
            _ = scanner.skip(" ")
            guard let value = scanner.zoneOffset(), scanner.isAtEnd else { return nil }
            offset = value
        }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                        fraction: fraction, offsetSeconds: offset)
    }
}

/// A cursor over a date's UTF-8 bytes.
struct ByteScanner {
    let bytes: [UInt8]
    var index: Int

    init(_ text: String) {
        let all = Array(text.utf8)
        var start = 0, end = all.count
        while start < end, all[start].isSpace { start += 1 }
        while end > start, all[end - 1].isSpace { end -= 1 }
        bytes = Array(all[start..<end])
        index = 0
    }

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = Array(bytes)
        index = 0
    }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(exactly count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte.isDigit else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += count
        return value
    }

    /// Between `min` and `max` ASCII digits, as many as there are.
    mutating func digits(min: Int, max: Int) -> Int? {
        var value = 0, count = 0
        while count < max, index < bytes.count, bytes[index].isDigit {
            value = value * 10 + Int(bytes[index] - 48)
            index += 1
            count += 1
        }
        return count >= min ? value : nil
    }

    /// The digits of a decimal fraction (after its separator) as a value below 1.
    mutating func fraction() -> Double? {
        var value = 0.0, scale = 0.1, count = 0
        while index < bytes.count, bytes[index].isDigit {
            value += Double(bytes[index] - 48) * scale
            scale /= 10
            index += 1
            count += 1
        }
        return count > 0 ? value : nil
    }

    /// `Z`, `±hh:mm`, `±hhmm` or `±hh`, in seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(exactly: 2), hours <= 23 else { return nil }
        var minutes = 0
        if skip(":") {
            guard let value = digits(exactly: 2) else { return nil }
            minutes = value
        } else if let value = digits(exactly: 2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}

extension UInt8 {
    var isDigit: Bool { self >= 48 && self <= 57 }
    var isSpace: Bool { self == 32 || self == 9 || self == 10 || self == 13 }
    var isLetter: Bool { (self | 0x20) >= 97 && (self | 0x20) <= 122 }
    var lowercasedASCII: UInt8 { isLetter ? self | 0x20 : self }
}
