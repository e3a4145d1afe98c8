/// What Readability's `_getInnerText` length and comma count need from a run of text, kept per text
/// node and combined along a subtree, so a length never needs the text itself to be built.
///
/// `_getInnerText` trims and replaces every run of two or more whitespace characters with one space,
/// so any run, long or short, counts one: the length is the non-space characters plus the runs
/// that are neither leading nor trailing. Lengths are in UTF-16 code units, as JavaScript counts.
struct TextSummary: Equatable {
    /// UTF-16 units that are not whitespace.
    var solid = 0
    /// Maximal whitespace runs.
    var runs = 0
    var startsWithSpace = false
    var endsWithSpace = false
    /// No character at all: the identity of `+`.
    var isEmpty = true
    /// Commas, in any of the scripts Readability counts (`REGEXPS.commas`).
    var commas = 0

    init() {}

    init(_ text: String) {
        var copy = text
        self = copy.withUTF8 { TextSummary(utf8: $0) }
    }

    /// Over the bytes: ASCII (most of any page's text) is judged byte by byte, and only other
    /// characters are decoded to a scalar.
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var inRun = false
        var index = 0
        let count = bytes.count
        isEmpty = count == 0
        while index < count {
            let byte = bytes[index]
            let scalar: UInt32
            let width: Int
            if byte < 0x80 {
                scalar = UInt32(byte); width = 1
            } else if byte < 0xE0 {
                scalar = index + 1 < count ? (UInt32(byte & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F) : 0xFFFD; width = 2
            } else if byte < 0xF0 {
                scalar = index + 2 < count
                    ? (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F) : 0xFFFD
                width = 3
            } else {
                scalar = 0x10000; width = 4
            }
            index += width
            if Self.isSpace(scalar) {
                if !inRun { runs += 1; inRun = true }
                if solid == 0 && runs == 1 { startsWithSpace = true }
                endsWithSpace = true
            } else {
                inRun = false
                endsWithSpace = false
                solid += width == 4 ? 2 : 1
                if Self.isComma(scalar) { commas += 1 }
            }
        }
    }

    /// The length `_getInnerText` returns for this text.
    var length: Int {
        guard solid > 0 else { return 0 }
        return solid + runs - (startsWithSpace ? 1 : 0) - (endsWithSpace ? 1 : 0)
    }

    /// This text followed by `other`.
    static func + (lhs: TextSummary, rhs: TextSummary) -> TextSummary {
        if lhs.isEmpty { return rhs }
        if rhs.isEmpty { return lhs }
        var result = TextSummary()
        result.isEmpty = false
        result.solid = lhs.solid + rhs.solid
        result.runs = lhs.runs + rhs.runs - (lhs.endsWithSpace && rhs.startsWithSpace ? 1 : 0)
        result.startsWithSpace = lhs.startsWithSpace || (lhs.solid == 0 && rhs.startsWithSpace)
        result.endsWithSpace = rhs.endsWithSpace || (rhs.solid == 0 && lhs.endsWithSpace)
        result.commas = lhs.commas + rhs.commas
        return result
    }

    static func += (lhs: inout TextSummary, rhs: TextSummary) { lhs = lhs + rhs }

    /// JavaScript's `\s`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { isSpace(scalar.value) }

    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        switch value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    @inline(__always)
    static func isComma(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x2C }
        switch value {
        case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: return true
        default: return false
        }
    }
}

extension PageTree {
    /// The summary of `node`'s whole text (Readability's `_getInnerText(node)` length and commas).
    func summary(_ node: Int) -> TextSummary {
        if kinds[node] == .text { return textSummaries[node] }
        var result = TextSummary()
        forEachDescendant(of: node) { if kinds[$0] == .text { result += textSummaries[$0] } }
        return result
    }

    func innerTextLength(_ node: Int) -> Int { summary(node).length }

    /// `_getInnerText`: trimmed, runs of two or more whitespace characters as one space.
    func innerText(_ node: Int) -> String {
        Self.normalizingSpaces(textContent(node))
    }

    /// Trims JavaScript whitespace and collapses runs of two or more into one space.
    static func normalizingSpaces(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pending: [Unicode.Scalar] = []
        var started = false
        for scalar in text.unicodeScalars {
            if TextSummary.isSpace(scalar) {
                if started { pending.append(scalar) }
                continue
            }
            if pending.count == 1 { out.append(pending[0]) } else if pending.count > 1 { out.append(" ") }
            pending.removeAll(keepingCapacity: true)
            started = true
            out.append(scalar)
        }
        return String(out)
    }

    /// JavaScript's `trim()`.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !TextSummary.isSpace($0) }),
              let end = scalars.lastIndex(where: { !TextSummary.isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }
}
