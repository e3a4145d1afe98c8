import NewsgenModel

/// The sources of a build whose feeds give only teasers (`TeaserTest.isTeaserFeed` over their
/// archived articles) and the articles the archive keeps as teasers (ADR 056): what the build's
/// summary counts, what it warns about, and what `/sources/` marks.
public struct TeaserSources: Sendable, Equatable {
    /// Teaser sources whose full text is off (`never`), in site.json order: their articles lose their text.
    public var withoutFullText: [String] = []
    /// Of `withoutFullText`, those whose site.json entry says nothing of full text (the site's default
    /// `never` applies): the build warns about these. One set to `"never"` was chosen so, and is only marked.
    public var unasked: [String] = []
    /// Every teaser source, whatever its mode.
    public var all: Set<String> = []
    /// Archived articles of the `unasked` sources: their text is a teaser and no page is read for them.
    public var articlesKept = 0

    public init(withoutFullText: [String] = [], unasked: [String] = [], all: Set<String> = [], articlesKept: Int = 0) {
        self.withoutFullText = withoutFullText
        self.unasked = unasked
        self.all = all
        self.articlesKept = articlesKept
    }

    /// Of `archive`'s articles, by `config`'s sources and their modes.
    static func find(in archive: Archive, config: SiteConfig) -> TeaserSources {
        var found = TeaserSources()
        for source in config.sources {
            let articles = archive.articlesBySource[source.id] ?? []
            guard TeaserTest.isTeaserFeed(articles) else { continue }
            found.all.insert(source.id)
            guard (source.fullText ?? config.extract.fullText) == .never else { continue }
            found.withoutFullText.append(source.id)
            guard source.fullText == nil else { continue }
            found.unasked.append(source.id)
            found.articlesKept += articles.count { $0.feedText == .teaser && $0.fullText == nil }
        }
        return found
    }

    /// The one command that turns full text on for `ids`.
    public static func command(_ ids: [String]) -> String {
        "newsgen source set \(ids.joined(separator: ",")) full-text auto"
    }

    /// The line a build prints after its summary while a teaser source has full text off by default: which,
    /// and the one command. Not a `BuildWarning`: nothing failed, and the summary line is where a user looks for
    /// what the build kept; a source set to `never` in site.json was chosen so and is not named.
    public var note: String? {
        guard !unasked.isEmpty else { return nil }
        let shown = unasked.prefix(10).joined(separator: ", ") + (unasked.count > 10 ? ", …" : "")
        let which = unasked.count == 1 ? "Source '\(shown)' gives" : "\(unasked.count) sources (\(shown)) give"
        return "\(which) only a teaser of each article and full text is off, so the archive keeps a sentence and a link. "
            + "To keep whole articles: \(Self.command(unasked)) (or full-text never to keep the teasers and stop this note)."
    }
}
