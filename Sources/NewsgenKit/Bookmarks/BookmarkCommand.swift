import Foundation
import NewsgenModel

/// `newsgen bookmark` on a site, without the terminal: reads the manifest (a missing one
/// is empty) and the archive, resolves ARTICLE, and writes the manifest atomically only
/// when it changed. A manifest that cannot be read is an error naming its line and
/// column, and is left untouched. Laying out `bookmark list` is the command line's.
public enum BookmarkCommand {
    /// One change to the manifest; ARTICLE as typed, resolved against the archive here.
    public enum Change: Equatable, Sendable {
        /// Bookmark ARTICLE; with a note on an existing bookmark, change its note.
        case add(article: String, note: String?)
        /// Remove ARTICLE's bookmark.
        case remove(article: String)
        /// Add when missing, remove when present: the app's bookmark button.
        case toggle(article: String, note: String?)
    }

    /// Makes one change and returns the line that says what it did.
    /// `now` is the `added` date of a new bookmark (the build time: `SOURCE_DATE_EPOCH` or the clock).
    public static func edit(_ change: Change, site: Site, now clock: Date) throws(BuildError) -> String {
        // Whole seconds, as people write dates in a manifest ("2026-11-29T10:00:00Z").
        let now = Date(timeIntervalSince1970: clock.timeIntervalSince1970.rounded(.down))
        let (manifest, articles) = try listing(site: site)
        let edit: BookmarkEdit
        switch change {
        case .add(let reference, let note):
            edit = BookmarkEdit.add(try resolve(reference, site: site, manifest: manifest, articles: articles), note: note, to: manifest, now: now)
        case .remove(let reference):
            edit = BookmarkEdit.remove(try resolve(reference, site: site, manifest: manifest, articles: articles), from: manifest)
        case .toggle(let reference, let note):
            edit = BookmarkEdit.toggle(try resolve(reference, site: site, manifest: manifest, articles: articles), note: note, in: manifest, now: now)
        }
        if let changed = edit.manifest {
            try FileSystem.writeAtomically(changed.encoded(), to: site.bookmarksFile, shownAs: site.config.bookmarks, within: site.bounds)
        }
        return edit.message
    }

    /// The manifest and the archived articles (for each bookmark's page), as `bookmark list --json` shows them.
    public static func listing(site: Site) throws(BuildError) -> (manifest: BookmarkManifest, articles: [Article]) {
        (try manifest(site: site), try site.archiveStore.load().allArticles)
    }

    /// The manifest alone, as `bookmark list` shows it: no archive read, so that a shell completing a
    /// bookmark's id at every Tab stays fast on a large site.
    public static func manifest(site: Site) throws(BuildError) -> BookmarkManifest {
        try LoadStage.bookmarks(site)
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
