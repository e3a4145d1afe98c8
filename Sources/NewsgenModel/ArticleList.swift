/// A list of articles with a front page and month pages (ADR 028): the home list, a source's, a tag's.
public enum ArticleList: Hashable, Sendable {
    case home
    case source(id: String)
    case tag(slug: String)

    /// What the list's month paths start with: `/archive/`, `/sources/<id>/`, `/tags/<slug>/`.
    var monthsPrefix: String {
        self == .home ? "/archive/" : Route.front(of: self).path
    }
}

extension Route {
    /// The front page of `list`: `/`, `/sources/<id>/`, `/tags/<slug>/`.
    public static func front(of list: ArticleList) -> Route {
        switch list {
        case .home: return .home
        case .source(let id): return .source(id: id)
        case .tag(let slug): return .tag(slug: slug)
        }
    }
}
