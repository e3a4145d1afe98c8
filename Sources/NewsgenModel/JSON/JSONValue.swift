/// A JSON value built in code, for documents newsgen writes from a model (JSON Feed,
/// `bookmark list --json`) through `JSONWriter`; read documents are `JSONElement`s,
/// which keep their places (`JSONElement.value` makes one of these).
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON type name as a person says it, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
