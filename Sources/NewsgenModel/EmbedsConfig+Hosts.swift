extension EmbedsConfig {
    /// True when `host` is a bare DNS host name as `embeds.allow` takes it:
    /// lowercase letters, digits, `-` and dots, at least two labels of 1–63
    /// characters that neither start nor end with `-`, at most 253 characters,
    /// not an IP address. No scheme, port, path or wildcard: an allowed host
    /// also allows its subdomains (`youtube-nocookie.com` covers
    /// `www.youtube-nocookie.com`), so a wildcard is never needed.
    public static func isValidHost(_ host: String) -> Bool {
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, !last.allSatisfy(\.isNumber) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }
        }
    }

    /// True when `host` (lowercased) is `allowed` itself or one of its subdomains.
    public static func host(_ host: String, isCoveredBy allowed: String) -> Bool {
        host == allowed || host.hasSuffix("." + allowed)
    }
}
