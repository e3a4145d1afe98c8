import Foundation

/// Resolving the relative links feeds and content carry (RFC 3986, on
/// `URLReference`), for the feed parser and the sanitizer alike.
public enum URLResolver {
    /// True for a reference that names its scheme (`https:`, `mailto:`, …).
    public static func isAbsolute(_ reference: String) -> Bool {
        URLReference(reference).scheme.map(isValidScheme) ?? false
    }

    /// `reference` resolved against `base` when it is relative and the base is
    /// absolute; otherwise the trimmed reference itself. Nil for an empty reference.
    public static func resolve(_ reference: String?, against base: String?) -> String? {
        guard let reference = reference?.trimmingCharacters(in: .whitespacesAndNewlines), !reference.isEmpty else {
            return nil
        }
        guard !isAbsolute(reference), let base, isAbsolute(base) else { return reference }
        return URLReference(base).resolving(URLReference(reference)).text
    }

    /// The first candidate that is an absolute URL.
    public static func firstAbsolute(_ candidates: String?...) -> String? {
        candidates.compactMap { $0 }.first(where: isAbsolute)
    }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    private static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
