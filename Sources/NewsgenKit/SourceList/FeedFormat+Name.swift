import NewsgenModel

extension FeedFormat {
    /// The format as a person names it ("RSS 2.0", "Atom 1.0", "JSON Feed 1.1"), for `source add`.
    var displayName: String {
        switch self {
        case .rss090: return "RSS 0.90"
        case .rss091u, .rss091n: return "RSS 0.91"
        case .rss092: return "RSS 0.92"
        case .rss093: return "RSS 0.93"
        case .rss094: return "RSS 0.94"
        case .rss20: return "RSS 2.0"
        case .rss: return "RSS"
        case .rss10: return "RSS 1.0"
        case .atom03: return "Atom 0.3"
        case .atom10: return "Atom 1.0"
        case .json10: return "JSON Feed 1.0"
        case .json11: return "JSON Feed 1.1"
        }
    }
}
