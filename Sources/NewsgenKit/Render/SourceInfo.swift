import NewsgenModel

/// How pages name a source: its title from site.json, else the feed's own, else its id.
struct SourceInfo: Sendable {
    var id: String
    var title: String
    /// The publisher's website, when the feed said.
    var url: String?
    /// The feed's own address, when it names one (`atom:link rel="self"`, JSON Feed `feed_url`):
    /// what `/sources.opml` gives a path source as its `xmlUrl`.
    var feedURL: String?
    /// The media name of the source's favicon, once the Enrich stage found one (`SourceIcons`).
    var icon: String?

    var initial: String { title.first.map { String($0).uppercased() } ?? "?" }
}
