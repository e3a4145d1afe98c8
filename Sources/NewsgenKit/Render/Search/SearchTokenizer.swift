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
        var current = String.UnicodeScalarView()
        var pending = String.UnicodeScalarView()
        func finish() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        // ASCII is folded here, a scalar at a time; a run of other scalars goes through the full
        // rules at once. Folding a run on its own gives what folding the whole text gives: NFKD
        // reorders only marks, never across an ASCII character, and the one context-dependent
        // lowercase mapping (final sigma) is spelled out as σ either way.
        func flushPending() {
            guard !pending.isEmpty else { return }
            for scalar in fold(String(pending)).unicodeScalars {
                if isWordScalar(scalar) { current.append(scalar) } else { finish() }
            }
            pending = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                flushPending()
                switch value {
                case 0x30...0x39, 0x61...0x7A: current.append(scalar)
                case 0x41...0x5A: current.append(Unicode.Scalar(value + 0x20)!)
                default: finish()
                }
            } else {
                pending.append(scalar)
            }
        }
        flushPending()
        finish()
        // Words longer than the limit were counted in scalars above; the limit is in UTF-16 units, as in JS.
        return words.filter { $0.utf16.count <= maxLength }
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
