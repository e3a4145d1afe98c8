import Foundation

/// Resolving the relative links feeds and content carry (RFC 3986, on
/// `URLReference`), for the feed parser and the sanitizer alike.
public enum URLResolver {
    /// True for a reference that names its scheme (`https:`, `mailto:`, …).
    public static func isAbsolute(_ reference: String) -> Bool {
        if let decided = reference.utf8.withContiguousStorageIfAvailable(schemeIsValid), let decided { return decided }
        return URLReference(reference).scheme.map(isValidScheme) ?? false
    }

    /// `isAbsolute` on the bytes, without splitting the reference: called for
    /// every link of every article. A valid scheme is ASCII, so the answer is
    /// known from the bytes up to the first `:`, `/`, `?` or `#`, except when a
    /// non-ASCII character follows that `:` (a combining mark would make it part
    /// of another character for `URLReference`, which reads characters): nil then.
    static func schemeIsValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: ":"):
                guard index > 0, HTMLBytes.isLetter(bytes[0]) else { return false }
                return index + 1 < bytes.count && bytes[index + 1] >= 0x80 ? nil : true
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return false
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            default:
                // Anything else before the first delimiter leaves no valid scheme.
                guard HTMLBytes.isLetter(byte) else { return false }
            }
        }
        return false
    }

    /// `reference` resolved against `base` when it is relative and the base is
    /// absolute; otherwise the trimmed reference itself. Nil for an empty reference.
    public static func resolve(_ reference: String?, against base: String?) -> String? {
        guard let reference = reference?.trimmingWhitespaceAndNewlines(), !reference.isEmpty else {
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
