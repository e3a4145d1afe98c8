/// How much of one text another holds, word for word (ADR 064): the measure behind "the page's
/// text shares little with the feed's". Pure, language-blind and cheap: a text is split into
/// words (runs of letters, digits and marks, lowercased; each Han or kana character a word of its
/// own, since Chinese and Japanese write no spaces), and the measure is the share of the first
/// text's distinct words, or of its distinct pairs of consecutive words, that the second holds.
/// A teaser the page contains therefore shares all of its words and pairs with the page.
enum TextOverlap {
    /// The words of `text`, lowercased, in order.
    static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func close() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if isWrittenWithoutSpaces(scalar) {
                close()
                words.append(String(scalar))
            } else if isWordPart(scalar) {
                current.append(scalar)
            } else {
                close()
            }
        }
        close()
        return words
    }

    /// The share (0…1) of `first`'s distinct runs of `length` consecutive words that `second` holds too;
    /// 1 when `first` has no words (nothing of it is missing). A `first` shorter than `length` is one run.
    /// Only `first`'s runs are kept in memory: `second` (a page's text, maybe long) is walked once.
    static func shared(_ first: [String], in second: [String], length: Int) -> Double {
        guard !first.isEmpty else { return 1 }
        let length = min(max(length, 1), first.count)
        let runs = Self.runs(of: first, length: length)
        var found: Set<String> = []
        var start = 0
        while start + length <= second.count, found.count < runs.count {
            let run = second[start..<start + length].joined(separator: "\u{0}")
            if runs.contains(run) { found.insert(run) }
            start += 1
        }
        return Double(found.count) / Double(runs.count)
    }

    /// The distinct runs of `length` consecutive words, each joined with U+0000 (no word holds one).
    static func runs(of words: [String], length: Int) -> Set<String> {
        guard length > 0, words.count >= length else { return [] }
        return Set((0...(words.count - length)).map { words[$0..<$0 + length].joined(separator: "\u{0}") })
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Han ideographs, hiragana and katakana (not the katakana middle dot, U+30FB, a punctuation mark):
    /// scripts written without spaces between words.
    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30FB: return false
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }
}
