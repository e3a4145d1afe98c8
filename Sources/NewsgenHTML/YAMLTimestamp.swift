import Foundation
import NewsgenModel

/// YAML timestamps, as authors write them in front matter: `2026-11-02`,
/// `2026-11-02 09:30`, `2026-11-02T09:30:00Z`, `2026-11-02T09:30:00.5+01:00`,
/// `2026-11-02 09:30:00 -5`. No zone means UTC. Pure arithmetic: no calendar,
/// locale or clock is consulted.
enum YAMLTimestamp {
    static func date(from text: String) -> Date? {
        let s = Array(text.utf8)
        var i = 0
        func isDigit(_ at: Int) -> Bool { at < s.count && s[at] >= 48 && s[at] <= 57 }
        func number(minDigits: Int, maxDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maxDigits, isDigit(i) {
                value = value * 10 + Int(s[i] - 48)
                i += 1
                count += 1
            }
            return count >= minDigits ? value : nil
        }
        func take(_ byte: UInt8) -> Bool {
            guard i < s.count, s[i] == byte else { return false }
            i += 1
            return true
        }
        func skipBlanks() -> Bool {
            let start = i
            while i < s.count, s[i] == 32 || s[i] == 9 { i += 1 }
            return i > start
        }

        guard let year = number(minDigits: 4, maxDigits: 4), take(45),
              let month = number(minDigits: 1, maxDigits: 2), take(45),
              let day = number(minDigits: 1, maxDigits: 2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        var seconds = Double(CivilDate.daysFromCivil(year: year, month: month, day: day)) * 86_400
        if i == s.count { return Date(timeIntervalSince1970: seconds) }

        guard take(84) || take(116) || skipBlanks(),
              let hour = number(minDigits: 1, maxDigits: 2), take(58),
              let minute = number(minDigits: 2, maxDigits: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if take(58) {
            guard let value = number(minDigits: 2, maxDigits: 2) else { return nil }
            second = value
            if take(46) {
                var scale = 0.1
                guard isDigit(i) else { return nil }
                while isDigit(i) {
                    fraction += Double(s[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
            }
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second) + fraction

        _ = skipBlanks()
        if i == s.count || take(90) || take(122) {
            return i == s.count ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if take(43) { sign = 1 } else if take(45) { sign = -1 } else { return nil }
        guard let offsetHours = number(minDigits: 1, maxDigits: 2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if i < s.count {
            _ = take(58)
            guard let value = number(minDigits: 2, maxDigits: 2), value < 60 else { return nil }
            offsetMinutes = value
        }
        guard i == s.count else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
    }
}
