/// What the feed's own text of an article is, when it is less than the article (ADR 056): the
/// archive records it as the article's `feedText`, one provenance kind beside `fullText` (ADR 026),
/// so a build, `/sources/` and a later reader of the archive can tell an article kept as a teaser
/// from one whose feed carried it whole. Absent means the feed's text was not found to be a teaser.
public enum FeedTextKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// One or two sentences, or a "Read more" ending, with a link to the whole article.
    case teaser
}
