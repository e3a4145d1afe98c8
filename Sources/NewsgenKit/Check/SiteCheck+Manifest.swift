import Foundation
import NewsgenModel

extension SiteCheck {
    /// The bookmark manifest loads (a missing one is empty), the archive it refers to loads, and every
    /// bookmarked id is in the archive (a bookmark whose article is gone shows only what the manifest keeps).
    /// `archive` is the site's archive as loaded, or why it is not.
    static func manifest(_ site: Site, archive: Result<Archive, BuildError>) -> CheckPart {
        let shownAs = site.config.bookmarks
        var findings: [CheckFinding] = []
        var manifest = BookmarkManifest()
        var data = Data()
        if FileSystem.exists(site.bookmarksFile) {
            do {
                data = try FileSystem.read(site.bookmarksFile, shownAs: shownAs)
                manifest = try BookmarkManifest.decode(data, file: shownAs)
            } catch let error as BuildError {
                return CheckPart(findings: [CheckFinding(.problem, .manifest, location: error.path, error.reason)],
                                 summary: "\(shownAs) (not readable)")
            } catch let error as ConfigError {
                return CheckPart(findings: [CheckFinding(.problem, .manifest, location: location(error.file, line: error.line, column: error.column),
                                                         error.message)],
                                 summary: "\(shownAs) (not valid)")
            } catch {
                return CheckPart(findings: [CheckFinding(.problem, .manifest, location: shownAs, "\(error)")],
                                 summary: "\(shownAs) (not valid)")
            }
        }
        let archived: Set<String>
        let takenDown: Set<String>
        do {
            takenDown = try TakedownList.load(site).ids
            archived = Set(try archive.get().allArticles.map(\.id)).subtracting(takenDown)
        } catch {
            findings.append(CheckFinding(.problem, .manifest, location: error.path,
                                         "\(error.reason); bookmarks were not checked against the archive"))
            return CheckPart(findings: findings, summary: Wording.counted(manifest.bookmarks.count, "bookmark"))
        }
        // The manifest's bookmarks are sorted by id; the file may not be: find each where it is written.
        let written = (try? JSONDocument(data))?.root.member("bookmarks")?.elements ?? []
        var placeOfID: [String: TextPlace] = [:]
        for entry in written {
            if let id = entry.member("id"), let text = id.string, placeOfID[text] == nil { placeOfID[text] = id.place }
        }
        for bookmark in manifest.bookmarks where !archived.contains(bookmark.id) {
            let position = placeOfID[bookmark.id]
            let why = takenDown.contains(bookmark.id) ? " (it was taken down)" : ""
            findings.append(CheckFinding(.problem, .manifest, location: location(shownAs, line: position?.line, column: position?.column),
                                         "bookmark \(bookmark.id) '\(bookmark.title.replacingNewlines())' is not in the archive\(why)"))
        }
        return CheckPart(findings: findings,
                         summary: Wording.counted(manifest.bookmarks.count, "bookmark") + " against " + Wording.counted(archived.count, "archived article"))
    }
}
