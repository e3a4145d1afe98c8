/// JSON-shaped coding, so data files and test corpora load straight into
/// contexts: integral JSON numbers decode as `.int`, other numbers as `.double`.
extension MustacheValue: Codable {
    /// Tries null, object, array, Bool, Int, Double, then String, in that order: containers first,
    /// since each failed attempt costs an error that carries the whole coding path, and trying the
    /// four scalars before every object made data nested 512 deep (the most `JSONDecoder` takes)
    /// take 11 s to decode in the fuzz target instead of 0.1 s.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let fields = try? container.decode([String: MustacheValue].self) {
            self = .object(fields)
        } else if let items = try? container.decode([MustacheValue].self) {
            self = .list(items)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try container.decode(String.self))
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
