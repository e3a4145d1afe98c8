import Foundation

/// Resolves the relative links feeds carry (RFC 3986) against a base.
enum URLResolver {
    /// True for a reference that names its scheme (`https:`, `mailto:`, …).
    static func isAbsolute(_ reference: String) -> Bool {
        var sawLetter = false
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard sawLetter else { return false }
            case UInt8(ascii: ":"):
                return sawLetter
            default:
                return false
            }
        }
        return false
    }

    /// `reference` resolved against `base` when it is relative and the base is
    /// absolute; otherwise the trimmed reference itself. Nil for an empty reference.
    static func resolve(_ reference: String?, against base: String?) -> String? {
        guard let reference = reference?.trimmingCharacters(in: .whitespacesAndNewlines), !reference.isEmpty else {
            return nil
        }
        guard !isAbsolute(reference), let base, isAbsolute(base), let baseURL = URL(string: base),
              let resolved = URL(string: reference, relativeTo: baseURL) else { return reference }
        return resolved.absoluteString
    }

    /// The first candidate that is an absolute URL.
    static func firstAbsolute(_ candidates: String?...) -> String? {
        candidates.compactMap { $0 }.first(where: isAbsolute)
    }
}
