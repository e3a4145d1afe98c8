import Foundation

/// The words search knows: the same rules here, for the index, and in `assets/search.js`
/// (`tokenize`), for the query, so that a word typed matches the word indexed. Both sides
/// are tested on the same cases (`SearchTokenizerTests`, `Tests/Browser/search_check.py`).
///
/// The rules, in order: lowercase (Unicode's full mapping); compatibility decomposition
/// (NFKD) and lowercase again (ℍ decomposes to H); every mark (\p{M}) dropped, so "Café" and "cafe" are one word; a few letters
/// spelled out (ß → ss, æ → ae, œ → oe, ø → o, ł → l, đ → d, ı → i, final ς → σ); then
/// words are the runs of letters and digits (\p{L}, \p{N}), and one longer than
/// `maxLength` UTF-16 units (a URL, a hash) is not a word.
enum SearchTokenizer {
    /// UTF-16 units a word may have; longer runs are noise, not words anyone types.
    static let maxLength = 40

    /// The words of `text`, in order, repeats kept.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append($0) }
        return words
    }

    /// Calls `body` with each word of `text`, in order.
    static func forEachWord(in text: String, _ body: (String) -> Void) {
        forEachWordBytes(in: text) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Calls `body` with each word of `text`, in order, as its folded UTF-8 bytes (valid only during
    /// the call): counting words needs no String per occurrence (`SearchTerms`). Works on the UTF-8
    /// bytes: ASCII is folded here, a byte at a time, into one reused buffer; a run of other bytes
    /// (whole scalars, as UTF-8 never puts an ASCII byte inside one) goes through the full rules at
    /// once. Folding a run on its own gives what folding the whole text gives: NFKD reorders only
    /// marks, never across an ASCII character, and the one context-dependent lowercase mapping
    /// (final sigma) is spelled out as σ either way.
    static func forEachWordBytes(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            // A word of at most `maxLength` UTF-16 units has at most three UTF-8 bytes a unit: a longer run is
            // never a word, and is only read to its end, not kept.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * maxLength) { word in
                var count = 0
                var tooLong = false
                func append(_ byte: UInt8) {
                    if count < word.count { word[count] = byte; count += 1 } else { tooLong = true }
                }
                func finish() {
                    defer { count = 0; tooLong = false }
                    guard count > 0, !tooLong else { return }
                    let made = UnsafeBufferPointer(rebasing: word[0..<count])
                    if count <= maxLength || utf16Count(made) <= maxLength { body(made) }
                }
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        switch byte {
                        case 0x30...0x39, 0x61...0x7A: append(byte)
                        case 0x41...0x5A: append(byte + 0x20)
                        default: finish()
                        }
                        index += 1
                        continue
                    }
                    var end = index + 1
                    while end < bytes.count && bytes[end] >= 0x80 { end += 1 }
                    let run = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                    for scalar in fold(run).unicodeScalars {
                        if isWordScalar(scalar) { for byte in scalar.utf8 { append(byte) } } else { finish() }
                    }
                    index = end
                }
                finish()
            }
        }
    }

    /// The UTF-16 units of valid UTF-8 `bytes`: one a scalar, two for one past U+FFFF (a four-byte lead).
    private static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { count, byte in count + (byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1) }
    }

    /// `text` lowercased, decomposed, without marks and with the spelled-out letters.
    static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars where !isMark(scalar) {
            if let spelled = spelledOut[scalar] { folded.append(contentsOf: spelled.unicodeScalars) } else { folded.append(scalar) }
        }
        return String(folded)
    }

    /// Letters that neither lowercasing nor decomposition brings to the letters people type for them.
    static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ς": "σ",
    ]

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// \p{L} or \p{N}, as JavaScript's regular expressions read them.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
