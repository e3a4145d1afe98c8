/// One `Allow` or `Disallow` line of a robots.txt group, ready to match a path (RFC 9309
/// §2.2.2–2.2.3): `*` matches any run of octets, a final `$` anchors the end, and the
/// pattern and the path are compared after the same percent-encoding normalisation.
///
/// Matching is greedy over the literal runs between `*`s (leftmost occurrence of each),
/// which is exact for patterns without other wildcards and linear in the path per run;
/// each compared octet is taken from a budget the caller gives, so no robots.txt can
/// make a match slow.
struct RobotsRule: Sendable, Equatable {
    /// `Allow` (true) or `Disallow`.
    var allows: Bool
    /// The normalised pattern's length in octets, `*` and `$` included: the longest matching rule decides.
    var length: Int
    /// The literal runs between `*`s; the first is anchored at the path's start, and the
    /// last at its end when `anchoredAtEnd`. Empty runs inside are dropped.
    var pieces: [[UInt8]]
    /// The pattern ended in `$`.
    var anchoredAtEnd: Bool
    /// The fewest path octets a match needs.
    var minimumLength: Int

    /// A rule of `pattern` as written after the colon; nil for an empty one, which matches
    /// nothing (`Disallow:` alone disallows nothing).
    init?(allows: Bool, pattern: some Collection<UInt8>) {
        var bytes = Self.normalised(pattern)
        guard !bytes.isEmpty else { return nil }
        self.allows = allows
        length = bytes.count
        anchoredAtEnd = bytes.last == UInt8(ascii: "$")
        if anchoredAtEnd { bytes.removeLast() }
        let runs = bytes.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
        pieces = runs.count <= 2 ? runs : [runs[0]] + runs[1..<(runs.count - 1)].filter { !$0.isEmpty } + [runs[runs.count - 1]]
        minimumLength = pieces.reduce(0) { $0 + $1.count }
    }

    /// Whether the rule matches `path` (normalised with `normalised`). Each octet compared
    /// costs one from `budget`; at 0 the answer is false and the caller should stop.
    func matches(_ path: [UInt8], budget: inout Int) -> Bool {
        guard path.count >= minimumLength, Self.equal(path, at: 0, pieces[0], budget: &budget) else { return false }
        guard pieces.count > 1 else { return !anchoredAtEnd || path.count == pieces[0].count }
        var position = pieces[0].count
        for piece in pieces[1..<(pieces.count - 1)] {
            guard let found = Self.find(piece, in: path, from: position, budget: &budget) else { return false }
            position = found + piece.count
        }
        let last = pieces[pieces.count - 1]
        if anchoredAtEnd {
            let start = path.count - last.count
            return start >= position && Self.equal(path, at: start, last, budget: &budget)
        }
        return Self.find(last, in: path, from: position, budget: &budget) != nil
    }

    /// `bytes` with every percent-encoded unreserved character decoded, every other
    /// percent-encoding in upper case, and octets outside printable ASCII percent-encoded
    /// (RFC 9309 §2.2.2), so `/%7Ea`, `/~a` and `/%7ea` compare equal, as do `/é` and `/%C3%A9`.
    static func normalised(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%"), index + 2 < input.count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                let decoded = high << 4 | low
                if isUnreserved(decoded) { output.append(decoded) } else { appendEncoded(decoded, to: &output) }
                index += 3
                continue
            }
            if byte <= 0x20 || byte >= 0x7F { appendEncoded(byte, to: &output) } else { output.append(byte) }
            index += 1
        }
        return output
    }

    private static func appendEncoded(_ byte: UInt8, to output: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        output.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// RFC 3986's unreserved characters: ALPHA, DIGIT, `-`, `.`, `_`, `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
        default: return false
        }
    }

    /// `piece` sits in `path` at `start`.
    private static func equal(_ path: [UInt8], at start: Int, _ piece: [UInt8], budget: inout Int) -> Bool {
        guard start + piece.count <= path.count else { return false }
        for offset in 0..<piece.count {
            budget -= 1
            guard budget > 0, path[start + offset] == piece[offset] else { return false }
        }
        return true
    }

    /// The first position at or after `start` where `piece` sits in `path`.
    private static func find(_ piece: [UInt8], in path: [UInt8], from start: Int, budget: inout Int) -> Int? {
        guard !piece.isEmpty else { return start <= path.count ? start : nil }
        guard path.count >= piece.count, start <= path.count - piece.count else { return nil }
        for candidate in start...(path.count - piece.count) {
            if equal(path, at: candidate, piece, budget: &budget) { return candidate }
            guard budget > 0 else { return nil }
        }
        return nil
    }
}
