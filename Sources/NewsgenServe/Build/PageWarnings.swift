import NewsgenModel

/// Which of a build's warnings the preview shows over its pages (ADR 058): those about a file a
/// page is made from and the author edits, a Markdown article (its front matter), a template or
/// strings file, site.json or the bookmarks manifest. A source's or the archive's warnings stay on
/// the terminal: `/sources/` already shows a source's state.
enum PageWarnings {
    /// `warnings` (each as printed, `path: reason`) whose path is one of those files, in order.
    static func select(_ warnings: [String], config: SiteConfig) -> [String] {
        let folders = [config.articles, "templates"].map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let files = ["site.json", config.bookmarks].map { $0 + ":" }
        return warnings.filter { warning in
            folders.contains { warning.hasPrefix($0) } || files.contains { warning.hasPrefix($0) }
        }
    }
}
