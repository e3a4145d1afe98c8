import Foundation

/// Article identity as PRODUCT.md defines it: the first 16 hex digits of
/// SHA-256 over the source id, a NUL byte, and the item's identity key.
public enum ArticleID {
    /// The source id of Markdown articles; their identity key is the file name.
    public static let markdownSourceID = "articles"

    public static func make(sourceID: String, key: String) -> String {
        var bytes = Array(sourceID.utf8)
        bytes.append(0)
        bytes.append(contentsOf: key.utf8)
        return String(SHA256.hex(bytes).prefix(16))
    }

    /// The id for `key` when `make`'s is already held by another article (one that
    /// an earlier release's rules gave this key's id): `make` over the key, a NUL
    /// and the attempt number, 2, 3, … until one is free (ADR 017).
    public static func alternative(sourceID: String, key: String, attempt: Int) -> String {
        make(sourceID: sourceID, key: key + "\u{0}" + String(attempt))
    }

    /// The identity key of a feed item: guid/id, else link, else title + date.
    /// `nil` when the item has none of them (it cannot be archived stably).
    /// `title` is the plain-text title.
    public static func key(guid: String?, link: String?, title: String?, date: Date?) -> String? {
        if let id = guid?.trimmingWhitespaceAndNewlines(), !id.isEmpty { return id }
        if let link = link?.trimmingWhitespaceAndNewlines(), !link.isEmpty { return link }
        let title = title?.trimmingWhitespaceAndNewlines() ?? ""
        let date = date.map { RFC3339.string(from: $0) } ?? ""
        if title.isEmpty && date.isEmpty { return nil }
        return title + "\u{0}" + date
    }
}
