import NewsgenExtract
import NewsgenModel

/// The sources' own extraction rules (ADR 062) for one build: compiled once, and their digests, which
/// each text extracted keeps (`FullText.rules`) so that a changed rule has the source's pages read again.
struct SourceRules: Sendable {
    private var bySource: [String: (rules: ExtractionRules, digest: String)] = [:]

    init() {}

    init(_ config: SiteConfig) {
        for source in config.sources {
            guard let written = source.rules, let compiled = source.extractionRules else { continue }
            bySource[source.id] = (compiled, written.digest)
        }
    }

    /// The rules of source `id`, nil when it has none.
    func compiled(_ id: String) -> ExtractionRules? { bySource[id]?.rules }

    /// What a text extracted now under source `id`'s rules keeps; nil when it has none.
    func digest(_ id: String) -> String? { bySource[id]?.digest }
}
