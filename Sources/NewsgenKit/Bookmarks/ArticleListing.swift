import NewsgenModel

/// One article as messages list it, `  <id>  /articles/<slug>/  <title>`: the id to
/// copy into the next command, the page to recognise it by, the title to read.
public struct ArticleListing: Equatable, Sendable, CustomStringConvertible {
    /// What to type to name this article without doubt.
    public var id: String
    /// The article's page; nil for a bookmark whose article left the archive.
    public var path: String?
    public var title: String

    /// A listing of whatever has an id, maybe a page, and a title.
    public init(id: String, path: String?, title: String) {
        self.id = id
        self.path = path
        self.title = title
    }

    /// The listing of an archived article.
    public init(_ article: Article) {
        self.init(id: article.id, path: Route.article(slug: article.slug).path, title: article.title)
    }

    /// `  <id>  <path>  <title>`, on one line.
    public var description: String {
        "  \(id)  \(path ?? "(not in the archive)")  \(title.replacingNewlines())"
    }
}

extension String {
    /// One line of terminal output: line breaks in a title or note become spaces.
    public func replacingNewlines() -> String {
        split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }
}
