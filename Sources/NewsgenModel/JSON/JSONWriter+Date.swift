import Foundation

extension JSONWriter {
    /// `RFC3339.string(from:)` as a JSON string, its digits written directly (an archive line
    /// has two dates, and formatting them through `String` was a tenth of writing the archive).
    public mutating func date(_ date: Date) {
        raw { Self.appendDate(date, to: &$0) }
    }

    private static func appendDate(_ date: Date, to bytes: inout [UInt8]) {
        let whole = date.timeIntervalSince1970.rounded(.down)
        guard let seconds = Int(exactly: whole) else {
            appendQuoted(RFC3339.string(from: date), to: &bytes, escaping: [])
            return
        }
        let c = CivilDate.components(secondsSince1970: seconds)
        guard (0...9999).contains(c.year) else {
            appendQuoted(RFC3339.string(from: date), to: &bytes, escaping: [])
            return
        }
        // `"YYYY-MM-DDTHH:MM:SS`: each field with the separator before it.
        let fields: [(separator: UInt8, value: Int, digits: Int)] = [
            (UInt8(ascii: "\""), c.year, 4), (UInt8(ascii: "-"), c.month, 2), (UInt8(ascii: "-"), c.day, 2),
            (UInt8(ascii: "T"), c.hour, 2), (UInt8(ascii: ":"), c.minute, 2), (UInt8(ascii: ":"), c.second, 2),
        ]
        for field in fields {
            bytes.append(field.separator)
            appendDigits(field.value, count: field.digits, to: &bytes)
        }
        let millis = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        if millis > 0 && millis < 1000 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(millis, count: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` (0 ≤ value < 10^count) zero-padded to `count` digits.
    private static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
