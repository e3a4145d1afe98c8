/// Trimming white space without Foundation: `trimmingCharacters(in:)` goes
/// through `NSString` on Linux and copies the whole text into UTF-16 and back,
/// which for a feed's article bodies was half of the Parse stage's time
/// (BENCHMARKS.md, issue 9). These walk the Unicode scalars from each end and
/// return the string itself, uncopied, when there is nothing to trim.
///
/// The sets are Foundation's on Linux, scalar for scalar (UnicodeWhitespaceTests
/// compares them): `whitespaces` is U+0009, the space separators (General
/// Category Zs) and U+200B; `whitespacesAndNewlines` adds U+000A–U+000D,
/// U+0085, U+2028 and U+2029.
extension String {
    /// The string without leading and trailing `CharacterSet.whitespacesAndNewlines`.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimming(UnicodeWhitespace.isWhitespaceOrNewline)
    }

    /// The string without leading and trailing `CharacterSet.whitespaces`.
    package func trimmingWhitespace() -> String {
        trimming(UnicodeWhitespace.isWhitespace)
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { scalars.formIndex(after: &start) }
        while end > start {
            let last = scalars.index(before: end)
            guard isTrimmed(scalars[last]) else { break }
            end = last
        }
        if start == scalars.startIndex, end == scalars.endIndex { return self }
        return String(scalars[start..<end])
    }
}

/// The scalar classes behind the trimming functions above.
package enum UnicodeWhitespace {
    /// `CharacterSet.whitespaces`: tab, the space separators (Zs) and U+200B.
    package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// `CharacterSet.whitespacesAndNewlines`.
    package static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
