import Foundation
import NewsgenModel

/// `newsgen source remove ID`: takes one source out of site.json. While the archive holds its
/// articles that is refused, since they would linger with nothing saying why, unless the
/// user says what becomes of them: `--keep-archive` leaves them (shown under the source's
/// title, kept beside them by `SourceNames`, ADR 061), `--purge` takes them out of the archive, all but the bookmarked ones (ADR 039).
public enum SourceRemove {
    /// What becomes of the source's archived articles.
    public enum ArchiveChoice: Equatable, Sendable {
        /// Refuse while there are any.
        case refuse
        /// `--keep-archive`: they stay.
        case keep
        /// `--purge`: they leave the archive, bookmarked ones excepted.
        case purge
    }

    /// Removes source `id`; returns what happened. Hold the build lock.
    public static func remove(_ id: String, archive choice: ArchiveChoice, site: Site) throws(BuildError) -> String {
        let file = SourceListFile(site: site)
        let (editor, config) = try file.read()
        guard let index = config.sources.firstIndex(where: { $0.id == id }) else {
            var message = "there is no source '\(id)' in site.json"
            if let close = Suggestion.closest(to: id, among: config.sources.map(\.id)) { message += " (did you mean '\(close)'?)" }
            throw BuildError(message + "; 'newsgen source list' shows them")
        }
        let archived = try SourceArchiving.articles(of: id, site: site).count
        let place = site.config.archive.path
        if archived > 0, choice == .refuse {
            throw BuildError("source '\(id)' still has \(Wording.counted(archived, "article")) in the archive (\(place)); "
                             + "nothing was changed. Add --keep-archive to keep them (still shown, under its name) "
                             + "or --purge to take them out of the archive")
        }
        let title = choice == .keep ? keptName(of: config.sources[index], archived: archived, site: site) : id
        try file.write(editor.removing(at: index))
        let removed = "Removed source '\(id)' from site.json"
        guard archived > 0 else { return removed + " (the archive held none of its articles)." }
        switch choice {
        case .refuse, .keep:
            return removed + "; its \(Wording.counted(archived, "article")) stay in the archive, shown under '\(title)'."
        case .purge:
            let purged = try SourceArchiving.purge(id, site: site)
            var line = removed + "; \(Wording.counted(purged.removed, "article")) left the archive."
            if purged.bookmarked > 0 {
                line += " \(Wording.counted(purged.bookmarked, "bookmarked article")) stayed (remove the bookmark, then 'newsgen archive remove', to take one out)."
            }
            return line
        }
    }

    /// The name the kept articles are shown under: the one a build kept beside them, else site.json's
    /// title, which is then kept there (a source added and removed with no build between), else the id.
    private static func keptName(of source: SourceConfig, archived: Int, site: Site) -> String {
        if let kept = SourceNames.read(source.id, site: site) { return kept.title }
        guard archived > 0, let title = source.title, title != source.id else { return source.id }
        _ = SourceNames.keep([source.id: SourceInfo(id: source.id, title: title)], archived: [source.id], read: [source.id], site: site)
        return title
    }
}
