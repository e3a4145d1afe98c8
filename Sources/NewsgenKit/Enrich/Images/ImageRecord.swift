import Foundation
import NewsgenHTML

extension Site {
    /// The image records' folder (ADR 035), beside the Enrich cache's in `.newsgen/cache/`, which CI keeps between runs.
    var imageRecordsDirectory: URL { directory.appendingPathComponent(".newsgen/cache/image-records") }
}

/// What `ImageStage` did to one article's prepared text, kept between builds under its `EnrichKey`
/// (ADR 035): the image URLs the text names, and the text rewritten for what each of them became.
/// The URLs are a function of the prepared text, so of the key; the rewrite is a function of the text
/// and of `decisions`. A later build makes every decision again (an image that failed is tried again)
/// and takes the rewrite from here only when they are the same, so an unchanged article costs neither
/// the scan for its images nor the rewrite.
struct ImageRecord: Sendable, Equatable {
    /// The image URLs of the prepared content, then of the summary, each once, in the order
    /// `HTMLImages.rewrite` asks about them: what `HTMLImages.references` finds.
    var references: [String]
    /// What each of `references` became in the rewrite below, in the same order.
    var decisions: [ImageRewrite]
    /// The rewritten content and summary; nil where the rewrite left the prepared text as it was,
    /// so that an article whose images changed nothing stores no HTML.
    var contentHTML: String?
    var summaryHTML: String?
    /// `PreparedArticle.imagesShownAsLinks` after the rewrite.
    var imagesShownAsLinks: [String]

    /// The image URLs `prepared`'s content and summary name, each once.
    static func references(in prepared: PreparedArticle) -> [String] {
        var references: [String] = []
        var seen: Set<String> = []
        for html in [prepared.contentHTML, prepared.summaryHTML].compactMap({ $0 }) {
            for reference in HTMLImages.references(in: html) where seen.insert(reference).inserted { references.append(reference) }
        }
        return references
    }

    /// `prepared` rewritten with `decisions` (one for each of `references`), and the record of it.
    static func rewriting(_ prepared: PreparedArticle, references: [String], decisions: [ImageRewrite]) -> (PreparedArticle, ImageRecord) {
        let decided = Dictionary(zip(references, decisions), uniquingKeysWith: { first, _ in first })
        let updated = prepared.rewritingImages { decided[$0] ?? .link }
        let record = ImageRecord(references: references, decisions: decisions,
                                 contentHTML: updated.contentHTML == prepared.contentHTML ? nil : updated.contentHTML,
                                 summaryHTML: updated.summaryHTML == prepared.summaryHTML ? nil : updated.summaryHTML,
                                 imagesShownAsLinks: updated.imagesShownAsLinks)
        return (updated, record)
    }

    /// `prepared` as this record's rewrite left it; only for the decisions it was made with.
    func applied(to prepared: PreparedArticle) -> PreparedArticle {
        var updated = prepared
        if let contentHTML { updated.contentHTML = contentHTML }
        if let summaryHTML { updated.summaryHTML = summaryHTML }
        updated.imagesShownAsLinks = imagesShownAsLinks
        return updated
    }
}

/// The image records one build made or reused, saved for the next (`ImageRecordStore`).
struct ImageRecords: Sendable {
    var entries: [(key: EnrichKey, record: ImageRecord)] = []
    /// The keys whose record is the one the last build saved (same decisions, so the same rewrite).
    var reused: Set<EnrichKey> = []
}
