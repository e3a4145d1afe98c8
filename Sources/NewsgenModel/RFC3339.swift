import Foundation

/// The archive's and manifest's date format: RFC 3339 in UTC with a `Z`.
/// Hand-rolled on `CivilDate` so it is cheap and never locale-dependent.
public enum RFC3339 {
    public static func string(from date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let c = CivilDate.components(secondsSince1970: Int(whole))
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second)
        let millis = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        if millis > 0 && millis < 1000 { text += String(format: ".%03d", millis) }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`; nil for anything else.
    public static func date(from text: String) -> Date? {
        let s = Array(text.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var value = 0
            for byte in s[from..<(from + count)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard s.count >= 20, let year = num(0, 4), s[4] == 45, let month = num(5, 2), s[7] == 45,
              let day = num(8, 2), s[10] == 84 || s[10] == 116 || s[10] == 32, let hour = num(11, 2), s[13] == 58,
              let minute = num(14, 2), s[16] == 58, let second = num(17, 2) else { return nil }
        var index = 19
        var fraction = 0.0
        if index < s.count, s[index] == 46 {
            index += 1
            var scale = 0.1
            while index < s.count, s[index] >= 48, s[index] <= 57 {
                fraction += Double(s[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        guard index < s.count else { return nil }
        var offset = 0
        if s[index] == 90 || s[index] == 122 {
            index += 1
        } else if s[index] == 43 || s[index] == 45, let oh = num(index + 1, 2), s.count > index + 3, s[index + 3] == 58,
                  let om = num(index + 4, 2) {
            offset = (oh * 60 + om) * 60 * (s[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == s.count, (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let seconds = CivilDate.daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
