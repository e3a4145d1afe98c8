/// A key path as errors write it (`bookmarks[2].added`, `embeds.allow[0]`), to find the value
/// an error is about in a `JSONDocument`.
public enum JSONPath {
    /// One step of a key path: an object key or a list index.
    public enum Component: Sendable, Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// Parses a key path into components. Keys containing `.` or `[` cannot be told apart
    /// from nesting; paths built from known keys never have them.
    public static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: true) {
            var rest = Substring(segment)
            let name = rest.prefix { $0 != "[" }
            if !name.isEmpty { result.append(.key(String(name))) }
            rest = rest.dropFirst(name.count)
            while rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                  let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                result.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { result.append(.key(String(rest))) }
        }
        return result
    }
}
