/// A value a template can render.
///
/// The engine sees data only through this enum, so the pipeline decides once how
/// its model maps onto templates and the engine never needs reflection.
/// Falsey values (sections skip them, inverted sections show): `.null`,
/// `.bool(false)` and the empty list. Everything else, the empty string and `0`
/// included, is truthy, as the Mustache spec says.
public indirect enum MustacheValue: Sendable, Equatable {
    /// Missing data: falsey, and interpolates as nothing.
    case null
    /// A flag for `{{#flag}}` / `{{^flag}}`.
    case bool(Bool)
    /// Printed in decimal.
    case int(Int)
    /// Printed without a fraction when integral (`1.0` → `1`).
    case double(Double)
    /// Text; escaped by `{{name}}`, raw in `{{{name}}}` and `{{&name}}`.
    case string(String)
    /// Iterated by sections, falsey when empty.
    case list([MustacheValue])
    /// Named fields, searched by name lookup through the context stack.
    case object([String: MustacheValue])

    /// Whether a section over this value renders (and an inverted one does not).
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .int, .double, .string, .object: return true
        }
    }

    /// The text an interpolation tag shows, before HTML escaping.
    ///
    /// Integral doubles print without a fraction (`1.0` → `1`) so that JSON
    /// numbers look the same whichever way they were decoded. `.null` shows as
    /// nothing; lists and objects have no useful text and show as nothing too.
    public var interpolationText: String {
        switch self {
        case .null, .list, .object: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return MustacheValue.text(of: number)
        case .string(let text): return text
        }
    }

    static func text(of number: Double) -> String {
        if number.isFinite, number == number.rounded(.towardZero), abs(number) < 1e15 {
            return String(Int(number))
        }
        return number.description
    }
}
