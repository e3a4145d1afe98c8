/// JSON-shaped coding, so data files and test corpora load straight into
/// contexts: integral JSON numbers decode as `.int`, other numbers as `.double`.
extension MustacheValue: Codable {
    /// Tries null, Bool, Int, Double, String, array, then object, in that order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([MustacheValue].self) {
            self = .list(items)
        } else {
            self = .object(try container.decode([String: MustacheValue].self))
        }
    }

    /// Writes the plain JSON value, so encoding then decoding gives the same value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .list(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }
}
