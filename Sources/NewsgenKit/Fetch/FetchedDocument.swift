import Foundation

/// A document as the Fetch stage brought it and the response headers the parser needs:
/// downloaded, or read from a path source's file (a file URL, and no headers).
public struct FetchedDocument: Sendable, Equatable {
    /// The body, as received (never more than the fetcher's limit).
    public var data: Data
    /// The address after redirects: relative links resolve against it.
    public var url: URL
    /// `Content-Type`, as sent (charset included): it can decide the encoding.
    public var contentType: String?
    /// `Content-Location`, as sent.
    public var contentLocation: String?
    /// `Content-Language`, as sent.
    public var contentLanguage: String?
    /// The HTTP status: 2xx, or 304 when a conditional request found nothing new.
    public var status: Int = 200
    /// `ETag` and `Last-Modified`, as sent: remembered for the next conditional request.
    public var etag: String?
    public var lastModified: String?

    /// A document as received from `url` (the final address, after redirects).
    public init(data: Data, url: URL, contentType: String? = nil, contentLocation: String? = nil,
                contentLanguage: String? = nil) {
        self.data = data
        self.url = url
        self.contentType = contentType
        self.contentLocation = contentLocation
        self.contentLanguage = contentLanguage
    }

    /// The document's base URL: `Content-Location` resolved against the
    /// request URL when the server sent one, as feedparser does (RFC 2616
    /// §14.14; RFC 7231 dropped this, but feeds served that way still rely on
    /// it), else the URL itself.
    public var baseURL: URL {
        guard let location = contentLocation?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
              let resolved = URL(string: location, relativeTo: url)?.absoluteURL,
              let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return url }
        return resolved
    }
}
