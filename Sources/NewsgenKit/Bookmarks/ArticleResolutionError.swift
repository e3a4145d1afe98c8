/// An ARTICLE argument that names no article, or more than one: the message lists
/// the closest articles (or every match) with their ids, so the next try can use one.
public struct ArticleResolutionError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Why ARTICLE was not enough.
    public enum Kind: Equatable, Sendable {
        /// Nothing matched; `candidates` are the nearest articles by edit distance.
        case noMatch
        /// The same URL is an article of several sources; `candidates` are all of them.
        case severalMatch
    }

    /// The argument as typed.
    public var reference: String
    public var kind: Kind
    /// The closest articles, or every match; listed under the message.
    public var candidates: [ArticleListing]

    /// The error for one ARTICLE argument.
    public init(reference: String, kind: Kind, candidates: [ArticleListing]) {
        self.reference = reference
        self.kind = kind
        self.candidates = candidates
    }

    /// The message, then one listing per line.
    public var description: String {
        let lines = candidates.map(\.description).joined(separator: "\n")
        switch kind {
        case .noMatch:
            return candidates.isEmpty ? "no article matches '\(reference)'" : "no article matches '\(reference)'; the closest:\n" + lines
        case .severalMatch:
            return "'\(reference)' matches \(candidates.count) articles; use the id:\n" + lines
        }
    }
}
