import NewsgenModel

/// A source's id as the `source` commands make and check it, by site.json's rules.
enum SourceID {
    /// Ids site.json refuses: the Markdown articles' and the archive's state file's.
    static let reserved: Set<String> = [ArticleID.markdownSourceID, SiteConfig.reservedStateName]

    /// An id typed with `--id`: `[a-z0-9-]`, not reserved.
    static func check(_ id: String) throws(BuildError) {
        guard Slug.isValid(id) else {
            throw BuildError("--id must be lowercase letters, digits and dashes (at most \(Slug.maxLength)), not '\(id)'")
        }
        guard !reserved.contains(id) else { throw BuildError("--id \(id) is reserved; choose another id") }
    }

    /// The slug of `title` (the feed's title, else the host), made unique with -2, -3… among `taken`
    /// (site.json's ids and those the archive holds articles of) and the reserved ids.
    static func derive(from title: String, taken: Set<String>) -> String {
        let slug = Slug.folded(title)
        return Slug.unique(slug.isEmpty ? "source" : slug, taken: taken.union(reserved))
    }
}
