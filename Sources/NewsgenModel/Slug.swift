import Foundation

/// URL slugs: ASCII-folded, lowercase, `[a-z0-9-]`, at most 60 characters.
public enum Slug {
    public static let maxLength = 60

    /// Letters that diacritic folding leaves alone but readers expect spelled out.
    private static let spelledOut: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "&": "and",
    ]

    /// The slug for `text`; "article" when nothing sluggable is left.
    public static func make(from text: String) -> String {
        let slug = folded(text)
        return slug.isEmpty ? "article" : slug
    }

    /// `make(from:)` without its fallback: empty when nothing sluggable is left,
    /// so callers with a better fallback (tag slugs, `SafeName`) can tell.
    public static func folded(_ text: String) -> String {
        var spelled = ""
        for character in text { spelled += spelledOut[character] ?? String(character) }
        let folded = spelled.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let isWordScalar = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isWordScalar {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else if scalar >= "A" && scalar <= "Z" {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            } else if scalar.value == 0x27 || scalar.value == 0x2019 {
                continue  // apostrophes join: "don't" → "dont"
            } else {
                pendingDash = true
            }
        }
        if slug.count > maxLength {
            slug = String(slug.prefix(maxLength))
            // Cut at the last word boundary when one is reasonably near.
            if let dash = slug.lastIndex(of: "-"), slug.distance(from: slug.startIndex, to: dash) >= maxLength / 2 {
                slug = String(slug[..<dash])
            }
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug
    }

    /// True when `text` is already a valid slug (what a Markdown front matter may set).
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maxLength && !text.hasPrefix("-") && !text.hasSuffix("-")
            && text.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
    }

    /// `base` if free, else `base-2`, `base-3`, … (trimmed so the suffix fits the length bound).
    public static func unique(_ base: String, taken: Set<String>) -> String {
        var next: [String: Int] = [:]
        return unique(base, taken: taken, next: &next)
    }

    /// `unique(_:taken:)` for many slugs made one after another while `taken` only grows (an
    /// import of thousands of feeds, many of one title): `next` keeps, per base, the suffix
    /// after the last one tried, so the n-th slug of one base costs one look-up, not n.
    public static func unique(_ base: String, taken: Set<String>, next: inout [String: Int]) -> String {
        if !taken.contains(base) { return base }
        var n = next[base] ?? 2
        while true {
            let suffix = "-\(n)"
            var stem = String(base.prefix(maxLength - suffix.count))
            while stem.hasSuffix("-") { stem.removeLast() }
            let candidate = stem + suffix
            n += 1
            if !taken.contains(candidate) {
                next[base] = n
                return candidate
            }
        }
    }
}
