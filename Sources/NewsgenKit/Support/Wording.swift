/// Numbers in the words newsgen prints (summaries of build and check): the same everywhere,
/// and never from the locale, so output stays deterministic.
public enum Wording {
    /// `1,204`: grouped by thousands the same way everywhere (no locale).
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// `1 source`, `3 sources`.
    public static func counted(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
