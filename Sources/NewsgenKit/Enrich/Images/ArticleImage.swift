/// An article's own image as the site serves it: the full-size copy and its
/// square thumbnails, as media names (`<sha256>.<ext>`), never outside URLs.
struct ArticleImage: Sendable, Equatable {
    /// Under `/media/`.
    var media: String
    /// Under `/media/thumbs/`: 80×80 and 160×160 (for `srcset … 2x`); nil when
    /// libvips could not make them (the row then shows the placeholder).
    var thumbnail: String?
    var thumbnail2x: String?
    /// True when the article's content shows this image itself, so the page need not repeat it.
    var inContent: Bool
}
