import Foundation
import NewsgenModel

/// `content/archive/archive.json`: which format the archive is in, so that a newsgen older
/// than the archive refuses to write it instead of rewriting month files without the fields it
/// does not know (ADR 015). Version 1 was one JSON file per source, version 2 the month files
/// without this marker; version 3 adds the save journal and this file.
///
/// Releases from before the marker read every top-level `*.json` of the archive as a
/// version-1 file and stop at a version they do not know, before writing anything: so the
/// marker also holds an empty `source` and `articles`, which lets them read it that far and
/// refuse the archive with "has archive version 3, but this newsgen reads version 1".
enum ArchiveFormat {
    static let fileName = "archive.json"
    /// The newest format this newsgen reads and writes.
    static let version = 3

    /// The marker's bytes, as every save leaves them.
    static let marker = Data("""
        {
          "version": \(version),
          "about": "The format of this newsgen archive. A newsgen that knows only older formats refuses to change it: update newsgen.",
          "source": "",
          "articles": []
        }

        """.utf8)

    /// Refuses an archive whose marker names a newer format than this newsgen knows, or that does not read.
    static func check(_ data: Data?, shownAs name: String) throws(BuildError) {
        guard let data else { return }
        guard let found = (try? JSONDocument(data))?.root.member("version")?.int, found >= 1 else {
            throw BuildError(path: name, "cannot be read as the archive's format marker (it needs a whole-number 'version'); "
                + "the archive was left untouched")
        }
        guard found <= version else {
            throw BuildError(path: name, "the archive is in format version \(found), newer than \(NewsgenVersion.name) knows "
                + "(up to version \(version)): update newsgen; the archive was left untouched")
        }
    }
}
