import NewsgenModel

extension JSONValue {
    /// The value as pretty-printed JSON text: two-space indent, object keys in
    /// code-point order, `null` object members left out, no trailing newline.
    ///
    /// Hand-written rather than `JSONSerialization`/`JSONEncoder` so the bytes are
    /// the same on every platform and Foundation version (spacing, escaped
    /// slashes and number formatting differ between them): `newsgen inspect`
    /// output and the site's feed.json are compared byte for byte in tests.
    public func prettyPrinted() -> String {
        var text = ""
        Self.write(self, indent: 0, into: &text)
        return text
    }

    /// An object from optional members: `nil` and `.null` members are dropped,
    /// so builders can write `"url": item.link.map(JSONValue.string)` directly.
    public static func object(dropping members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for (key, value) in members {
            if let value, value != .null { object[key] = value }
        }
        return .object(object)
    }

    private static func write(_ value: JSONValue, indent: Int, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): text += format(number)
        case .string(let string): writeString(string, into: &text)
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                write(element, indent: indent + 2, into: &text)
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            let keys = members.filter { $0.value != .null }.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            guard !keys.isEmpty else { text += "{}"; return }
            text += "{\n"
            for (index, key) in keys.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                writeString(key, into: &text)
                text += ": "
                write(members[key] ?? .null, indent: indent + 2, into: &text)
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Whole numbers without a fraction (`100000`, not `100000.0`); JSON has no NaN or infinity.
    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Escapes what JSON requires (`JSONText`, shared with the bookmark manifest).
    private static func writeString(_ string: String, into text: inout String) {
        JSONText.appendQuoted(string, to: &text)
    }
}
