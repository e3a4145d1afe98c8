/// JSON string literals written the one way newsgen writes them: the least
/// escaping that is still safe — `"`, `\` and control characters (short forms
/// where JSON has them), plus U+2028/U+2029, which some JavaScript parsers take
/// for line breaks. `/` and other non-ASCII characters stay as they are.
public enum JSONText {
    /// `string` as a quoted JSON literal.
    public static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    /// Appends `string` as a quoted JSON literal to `text`, without an intermediate copy.
    public static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
