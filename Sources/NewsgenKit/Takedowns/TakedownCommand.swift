import Foundation
import NewsgenModel

/// `newsgen archive remove ARTICLE [--reason TEXT]`: takes an article down. It
/// leaves the archive at once (saved like a build saves it), and is recorded in
/// the takedown list, so the next build drops its page and no fetch brings it back.
///
/// A bookmarked article is refused: the manifest would keep showing its title
/// and link on /bookmarks/, which a takedown means to end; removing the bookmark
/// first is one command, and says plainly that both go.
public enum TakedownCommand {
    /// Runs the removal and returns what to print on standard output.
    /// `now` is the entry's `removed` date (the build time: `SOURCE_DATE_EPOCH` or the clock).
    public static func remove(_ reference: String, reason: String?, site: Site, now clock: Date) throws(BuildError) -> String {
        let now = Date(timeIntervalSince1970: clock.timeIntervalSince1970.rounded(.down))
        var list = try TakedownList.load(site)
        let store = site.archiveStore
        let archive = try store.load()
        let manifest = try LoadStage.bookmarks(site)
        let resolver = ArticleResolver(articles: archive.allArticles, baseURL: site.config.baseURL)
        let resolved: ResolvedArticle
        do {
            resolved = try resolver.resolve(reference)
        } catch {
            if let earlier = takenDown(reference, in: list) { return alreadyMessage(earlier) }
            if archive.allArticles.isEmpty, error.kind == .noMatch {
                throw BuildError("no article matches '\(reference)': the archive (\(site.config.archive.path)) has no articles yet; run 'newsgen build' first")
            }
            throw BuildError(error.description)
        }
        // The resolver is given no bookmarks, so it only ever answers with an article.
        guard case .article(let article) = resolved else { throw BuildError("no article matches '\(reference)'") }
        if let earlier = list.entry(for: article.id) {
            // Taken down before, yet back in the archive (an archive restored by hand): take it out again.
            try store.save(archive.removing([article.id]))
            return alreadyMessage(earlier)
        }
        if manifest.bookmarks.contains(where: { $0.id == article.id }) {
            throw BuildError("\"\(article.title)\" (\(article.id)) is bookmarked; remove the bookmark first "
                + "('newsgen bookmark remove \(article.id)'), so that /bookmarks/ stops showing it too")
        }
        list.record(Takedown(id: article.id, removed: now, title: article.title, url: article.link, reason: reason))
        // The list first: should saving the archive fail, the next build still drops the article.
        try list.save(site)
        try store.save(archive.removing([article.id]))
        return "Removed \"\(article.title)\" (\(article.id)) from the archive; the next build takes its page down and no fetch brings it back."
    }

    /// An earlier takedown `reference` names: by id, or by the original URL.
    private static func takenDown(_ reference: String, in list: TakedownList) -> Takedown? {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if ArticleResolver.isArticleID(text) { return list.entry(for: text) }
        guard let wanted = CanonicalLink.make(text) else { return nil }
        return list.takedowns.first { $0.url.flatMap(CanonicalLink.make) == wanted }
    }

    private static func alreadyMessage(_ takedown: Takedown) -> String {
        "\"\(takedown.title)\" (\(takedown.id)) is already taken down (since \(RFC3339.string(from: takedown.removed))); nothing changed."
    }
}
