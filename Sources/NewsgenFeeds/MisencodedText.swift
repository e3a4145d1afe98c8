import Foundation
import NewsgenModel

/// Repairs the two encoding mistakes feeds make most, as feedparser repairs
/// every element's text:
///
/// - UTF-8 read as ISO-8859-1 and encoded again (`â€¦` for `…`, or
///   `&#226;&#128;&#166;`): text whose characters are all below U+0100 and
///   whose bytes, taken as ISO-8859-1, are valid UTF-8 is decoded once more.
/// - Windows-1252 punctuation written as C1 control characters (U+0080–U+009F,
///   `&#146;` for `’`), which no feed means literally: mapped to the
///   characters Windows-1252 puts there.
enum MisencodedText {
    static func repair(_ text: String) -> String {
        // Fast path: ASCII, or nothing between U+0080 and U+00FF, whose UTF-8 lead
        // bytes are 0xC2 and 0xC3 (every text node of a feed passes here: memchr).
        let mayNeedRepair = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0xC2, bytes.count) != nil || memchr(base, 0xC3, bytes.count) != nil
        } ?? text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xC3 })
        guard mayNeedRepair else { return text }
        var result = text
        if text.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) {
            let bytes = text.unicodeScalars.map { UInt8($0.value) }
            if bytes.withUnsafeBytes(UTF8Validation.isValid) {
                result = String(decoding: bytes, as: UTF8.self)
            }
        }
        guard result.unicodeScalars.contains(where: { $0.value >= 0x80 && $0.value <= 0x9F }) else { return result }
        var scalars = String.UnicodeScalarView()
        for scalar in result.unicodeScalars {
            if scalar.value >= 0x80, scalar.value <= 0x9F, let replacement = windows1252[Int(scalar.value - 0x80)] {
                scalars.append(replacement)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Windows-1252's characters for 0x80–0x9F; nil where it defines none.
    private static let windows1252: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]
}
