/// What the extractor made of a page: its article, or why there is none (with whatever metadata
/// the page still gave, so a caller can at least show a title).
public enum ExtractionResult: Sendable, Equatable {
    /// The page's article, its HTML not yet sanitized.
    case article(ExtractedArticle)
    /// No article, why, and the metadata the page gave anyway.
    case notFound(NotFoundReason, ExtractedMetadata)

    /// The page's metadata, found or not.
    public var metadata: ExtractedMetadata {
        switch self {
        case .article(let article): return article.metadata
        case .notFound(_, let metadata): return metadata
        }
    }
}
