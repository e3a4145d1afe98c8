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
        var maker = Maker(taken: taken)
        return maker.make(from: title)
    }

    /// Ids made one after another, each taken as it is made (an import's thousands): the taken
    /// set is built once and each base remembers its next suffix, so n ids cost O(n), even when
    /// every feed has the same title.
    struct Maker {
        private var taken: Set<String>
        private var next: [String: Int] = [:]

        init(taken: Set<String>) {
            self.taken = taken.union(reserved)
        }

        /// A new id from `title`, now taken.
        mutating func make(from title: String) -> String {
            let slug = Slug.folded(title)
            let id = Slug.unique(slug.isEmpty ? "source" : slug, taken: taken, next: &next)
            taken.insert(id)
            return id
        }
    }
}
