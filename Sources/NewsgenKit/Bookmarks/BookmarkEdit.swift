import Foundation
import NewsgenModel

/// What one `bookmark add|remove|toggle` does to the manifest and what it says.
/// Pure, so the command's only side effect is writing `manifest` when it is not nil;
/// an edit that changes nothing leaves the file byte for byte as it was.
public struct BookmarkEdit: Equatable, Sendable {
    /// The manifest to write; nil when nothing changed.
    public var manifest: BookmarkManifest?
    /// One line for standard output.
    public var message: String

    /// An edit's outcome.
    public init(manifest: BookmarkManifest?, message: String) {
        self.manifest = manifest
        self.message = message
    }

    /// Bookmarks `target` (added `now`, with the article's title and original link);
    /// on a bookmarked one, a different `note` replaces the note ("" removes it).
    public static func add(_ target: ResolvedArticle, note: String?, to manifest: BookmarkManifest, now: Date) -> BookmarkEdit {
        let note = note.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let named = name(target)
        if let existing = manifest.bookmark(id: target.id) {
            guard let note, note != (existing.note ?? "") else { return BookmarkEdit(manifest: nil, message: "Already bookmarked: \(named).") }
            var updated = manifest
            var bookmark = existing
            bookmark.note = note.isEmpty ? nil : note
            _ = updated.remove(id: existing.id)
            _ = updated.add(bookmark)
            return BookmarkEdit(manifest: updated, message: note.isEmpty ? "Removed the note of \(named)." : "Updated the note of \(named).")
        }
        let bookmark: Bookmark
        switch target {
        case .article(let article):
            bookmark = Bookmark(id: article.id, added: now, title: article.title, url: article.link, note: note?.isEmpty == false ? note : nil)
        case .bookmarkOnly(let orphan):
            bookmark = orphan
        }
        var updated = manifest
        _ = updated.add(bookmark)
        return BookmarkEdit(manifest: updated, message: "Bookmarked \(named).")
    }

    /// Removes `target`'s bookmark; says so, and changes nothing, when there is none.
    public static func remove(_ target: ResolvedArticle, from manifest: BookmarkManifest) -> BookmarkEdit {
        var updated = manifest
        guard updated.remove(id: target.id) != nil else { return BookmarkEdit(manifest: nil, message: "Not bookmarked: \(name(target)).") }
        return BookmarkEdit(manifest: updated, message: "Removed the bookmark of \(name(target)).")
    }

    /// The app's bookmark button: removes the bookmark when there is one, else adds it.
    public static func toggle(_ target: ResolvedArticle, note: String?, in manifest: BookmarkManifest, now: Date) -> BookmarkEdit {
        manifest.bookmark(id: target.id) == nil ? add(target, note: note, to: manifest, now: now) : remove(target, from: manifest)
    }

    /// `"<title>" (<id>)`.
    private static func name(_ target: ResolvedArticle) -> String {
        "\"\(target.title.replacingNewlines())\" (\(target.id))"
    }
}
