extension JSONWriter {
    /// Writes `value`: object keys in code-point order, `null` members left out (JSON Feed's
    /// and `bookmark list --json`'s rules), whole numbers without a fraction.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): raw { $0.append(contentsOf: Self.format(number).utf8) }
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            let keys = members.filter { $0.value != .null }.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for key in keys {
                self.key(key)
                self.value(members[key] ?? .null)
            }
            endObject()
        }
    }

    /// Whole numbers without a fraction (`100000`, not `100000.0`); JSON has no NaN or infinity.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return "\(number)"
    }
}
