import Foundation

/// Where a source's feed comes from: exactly one of site.json's `url` and `path`.
/// A url that does not parse never gets here: site.json's decoding refuses it
/// ("must be an absolute http or https URL"), and code must give a `URL`.
public enum SourceLocation: Sendable, Equatable {
    /// Fetched over http or https (`url` in site.json).
    case url(URL)
    /// A feed file, relative to the site folder (`path` in site.json).
    case file(String)

    /// The URL's absolute text, or the path.
    public var text: String {
        switch self {
        case .url(let url): return url.absoluteString
        case .file(let path): return path
        }
    }
}
