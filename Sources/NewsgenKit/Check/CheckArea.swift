/// What part of a site a finding of `newsgen check` is about, in the order they are
/// checked and reported: a report is sorted by area first.
public enum CheckArea: Int, Sendable, Equatable, Comparable, CaseIterable {
    /// `site.json` itself.
    case siteJSON
    /// The theme: built-in templates with the site's `templates/` laid over them.
    case templates
    /// The bookmark manifest, against the archive.
    case manifest
    /// The feeds of site.json, read and parsed.
    case sources
    /// The Markdown articles (`content/articles/*.md`), read and parsed.
    case articles
    /// The internal links of the last built site.
    case links

    public static func < (lhs: CheckArea, rhs: CheckArea) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short name for headings and counts.
    public var name: String {
        switch self {
        case .siteJSON: return "site.json"
        case .templates: return "templates"
        case .manifest: return "manifest"
        case .sources: return "sources"
        case .articles: return "articles"
        case .links: return "links"
        }
    }
}
