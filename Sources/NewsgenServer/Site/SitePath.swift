/// A request path made into file names under the root, or refused. The path is percent-decoded
/// exactly once, per segment, and a segment that could name anything but one entry of its
/// folder is refused: `.` and `..` (raw or `%2e%2e`), `/` or `\` inside it, NUL, non-UTF-8.
struct SitePath: Equatable {
    var segments: [String]
    /// The path ended with "/": a folder's `index.html` is meant.
    var isFolder: Bool

    enum Refusal: Error, Equatable { case malformed }

    static func parse(_ path: String) -> Result<SitePath, Refusal> {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return .failure(.malformed) }
        let raw = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, segment) in raw.enumerated() {
            let isLast = index == raw.count - 1
            if segment.isEmpty {
                // Only the end may be empty ("/" or "/folder/"): "//host" must never reach a Location.
                guard isLast else { return .failure(.malformed) }
                continue
            }
            guard let name = decode(segment) else { return .failure(.malformed) }
            segments.append(name)
        }
        return .success(SitePath(segments: segments, isFolder: raw.last?.isEmpty ?? true))
    }

    private static func decode(_ segment: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        var index = segment.startIndex
        while index < segment.endIndex {
            let byte = segment[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < segment.endIndex,
                      let high = hex(segment[index + 1]), let low = hex(segment[index + 2])
                else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        guard !out.contains(0), !out.contains(UInt8(ascii: "/")), !out.contains(UInt8(ascii: "\\")),
              let name = String(validating: out, as: UTF8.self),
              name != ".", name != ".."
        else { return nil }
        return name
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
