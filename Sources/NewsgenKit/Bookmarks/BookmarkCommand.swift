import Foundation
import NewsgenModel

/// `newsgen bookmark add|remove|toggle|list` on a site: reads the manifest (a
/// missing one is empty) and the archive, resolves ARTICLE, and writes the
/// manifest atomically only when it changed. A manifest that cannot be read is
/// an error naming its line and column, and is left untouched.
public enum BookmarkCommand {
    /// Runs one action and returns what to print on standard output.
    /// `now` is the `added` date of a new bookmark (the build time: `SOURCE_DATE_EPOCH` or the clock).
    public static func run(_ action: Command.BookmarkArguments.Action, site: Site, now clock: Date) throws(BuildError) -> String {
        // Whole seconds, as people write dates in a manifest ("2026-11-29T10:00:00Z").
        let now = Date(timeIntervalSince1970: clock.timeIntervalSince1970.rounded(.down))
        let manifest = try LoadStage.bookmarks(site)
        let articles = try site.archiveStore.load().allArticles
        let edit: BookmarkEdit
        switch action {
        case .list(let json):
            if json { return BookmarkList.json(manifest, articles: articles) }
            return BookmarkList.text(manifest, timeZone: TimeZone(identifier: site.config.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current)
        case .add(let reference, let note):
            edit = BookmarkEdit.add(try resolve(reference, site: site, manifest: manifest, articles: articles), note: note, to: manifest, now: now)
        case .remove(let reference):
            edit = BookmarkEdit.remove(try resolve(reference, site: site, manifest: manifest, articles: articles), from: manifest)
        case .toggle(let reference, let note):
            edit = BookmarkEdit.toggle(try resolve(reference, site: site, manifest: manifest, articles: articles), note: note, in: manifest, now: now)
        }
        if let changed = edit.manifest {
            try FileSystem.writeAtomically(changed.encoded(), to: site.bookmarksFile, shownAs: site.config.bookmarks)
        }
        return edit.message
    }

    /// ARTICLE → the article; an archive without articles gets the hint to build first.
    private static func resolve(_ reference: String, site: Site, manifest: BookmarkManifest, articles: [Article]) throws(BuildError) -> ResolvedArticle {
        let resolver = ArticleResolver(articles: articles, bookmarks: manifest.bookmarks, baseURL: site.config.baseURL)
        do {
            return try resolver.resolve(reference)
        } catch {
            if articles.isEmpty, error.kind == .noMatch {
                throw BuildError("no article matches '\(reference)': the archive (\(site.config.archive.path)) has no articles yet; run 'newsgen build' first")
            }
            throw BuildError(error.description)
        }
    }
}
