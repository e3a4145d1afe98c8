import Foundation

/// The rule that keeps one picture from showing twice on an article's page (issue 34): the lead image
/// (the feed's thumbnail or enclosure, else the publisher's lead image found by extraction) is left out
/// of the page when the article's text shows the same picture, named by the same address once
/// normalized, or holding the same bytes (the cache names an image by its bytes' SHA-256).
enum LeadImage {
    /// One picture as the page would show it: its address normalized (`normalized(_:)`), nil when it
    /// has none, and the digest of its bytes, nil when it could not be had.
    struct Identity: Equatable, Sendable {
        var address: String?
        var digest: String?
    }

    /// True when `text` shows `lead` again: the same normalized address, or the same bytes.
    static func isRepeated(_ lead: Identity, in text: [Identity]) -> Bool {
        text.contains { shown in
            if let address = lead.address, address == shown.address { return true }
            if let digest = lead.digest, digest == shown.digest { return true }
            return false
        }
    }

    /// An address as two spellings of it compare equal: scheme and host in lower case, the default
    /// port and the fragment left out (a fragment never reaches the server). The path and the query
    /// are kept as they are: `?w=300` and `?w=1200` are different pictures as far as a URL can say,
    /// and when they are the same bytes the digest says so.
    static func normalized(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        if (parts.scheme == "http" && parts.port == 80) || (parts.scheme == "https" && parts.port == 443) { parts.port = nil }
        parts.fragment = nil
        if parts.path.isEmpty { parts.path = "/" }
        return parts.string ?? url.absoluteString
    }

    /// `address` normalized, for an image on the web; a file beside a Markdown article by its path.
    static func normalized(_ address: ImageAddress) -> String {
        switch address {
        case .remote(let url): return normalized(url)
        case .local(let file): return file.standardizedFileURL.path
        }
    }
}
