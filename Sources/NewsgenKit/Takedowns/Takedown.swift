import Foundation

/// One article taken down with `newsgen archive remove`: enough to say what it
/// was and why, without keeping its text. The id is what the build filters on.
public struct Takedown: Equatable, Sendable {
    /// The article id (16 hex digits).
    public var id: String
    /// When it was taken down: the build time, whole seconds.
    public var removed: Date
    /// Its title when it was taken down, so the list reads on its own.
    public var title: String
    /// The publisher's URL, when the article had one.
    public var url: String?
    /// Why, as given with `--reason`.
    public var reason: String?

    /// One entry of the takedown list.
    public init(id: String, removed: Date, title: String, url: String? = nil, reason: String? = nil) {
        self.id = id
        self.removed = removed
        self.title = title
        self.url = url
        self.reason = reason
    }
}
