/// Escaping for text we write into HTML ourselves, so that nothing a feed or an
/// author typed can open a tag or end an attribute.
public enum HTMLEscape {
    /// Escapes `&`, `<` and `>`: enough for element content (not for raw-text
    /// elements such as `script`, which newsgen never writes from input).
    public static func text(_ s: String) -> String {
        escape(s, quotes: false)
    }

    /// Escapes `&`, `<`, `>` and `"`: for a value written between double quotes,
    /// which is the only way newsgen writes attributes.
    public static func attribute(_ s: String) -> String {
        escape(s, quotes: true)
    }

    private static func escape(_ s: String, quotes: Bool) -> String {
        // Fast path: most strings need no escaping at all.
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && $0 == 0x22) }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
