import NewsgenModel

/// How pages name a source: its title from site.json, else the feed's own, else its id.
struct SourceInfo: Sendable {
    var id: String
    var title: String
    /// The publisher's website, when the feed said.
    var url: String?

    var initial: String { title.first.map { String($0).uppercased() } ?? "?" }
}
