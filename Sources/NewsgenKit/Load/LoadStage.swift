import Foundation
import NewsgenModel

/// Everything a build reads from the site before work starts: the Load stage's output.
struct LoadedSite {
    var templates: Templates
    var bookmarks: BookmarkManifest
    /// Ids taken down with `newsgen archive remove`: they leave the archive and never come back from a feed.
    var takenDown: Set<String>
    /// The archive as last saved (a save a crash interrupted is finished first, ADR 015), without taken-down articles.
    var archive: Archive
    /// Paths of site.json and links in the site that lead outside it (`SiteContainment`), then what
    /// reading the archive repaired or resolved (a duplicate left by 0.1.0, say).
    var warnings: [BuildWarning]
    /// Validators, attempts and back-off of the url sources (`state.json`).
    var state: FetchState
    /// What the archive folder held: each month file's articles and seal, each article's line digest, for the save and the caches (ADR 034).
    var onDisk: ArchiveOnDisk
}

/// The Load stage: reads templates, bookmarks, takedowns, the archive and the fetch state,
/// in that order, so that of several unreadable files the same one stops the build every time.
/// A file that cannot be read stops the build and is left untouched.
enum LoadStage {
    static func run(_ site: Site) throws(BuildError) -> LoadedSite {
        let containment = SiteContainment.warnings(site)
        let templates = try Templates.load(from: site.templatesDirectory, shownAs: "templates", language: site.config.language,
                                           limits: Templates.limits(for: site.config))
        let bookmarks = try Self.bookmarks(site)
        let takenDown = try TakedownList.load(site).ids
        let loaded = try site.archiveStore.loadRepairing()
        let state = try site.fetchStateStore.load()
        return LoadedSite(templates: templates, bookmarks: bookmarks, takenDown: takenDown,
                          archive: loaded.archive.removing(takenDown), warnings: containment + loaded.warnings
                              + (templates.languageWarning.map { [BuildWarning(path: Site.configFileName, $0)] } ?? []), state: state,
                          onDisk: loaded.onDisk)
    }

    /// The bookmark manifest when present, an empty one otherwise (also for the bookmark and takedown commands).
    static func bookmarks(_ site: Site) throws(BuildError) -> BookmarkManifest {
        let file = site.bookmarksFile
        guard FileSystem.exists(file) else { return BookmarkManifest() }
        let data = try FileSystem.read(file, shownAs: site.config.bookmarks)
        do {
            return try BookmarkManifest.decode(data, file: site.config.bookmarks)
        } catch {
            throw BuildError("\(error.description); it was left untouched")
        }
    }
}

extension Site {
    /// The archive under `archive.path`, as every command reads and saves it.
    var archiveStore: ArchiveStore {
        ArchiveStore(directory: archiveDirectory, shownAs: config.archive.path,
                     sealsFile: directory.appendingPathComponent(".newsgen/cache/" + ArchiveSeals.fileName), bounds: bounds)
    }

    /// `state.json` beside the archive.
    var fetchStateStore: FetchStateStore {
        FetchStateStore(file: archiveDirectory.appendingPathComponent(FetchStateStore.fileName),
                        shownAs: config.archive.path + "/" + FetchStateStore.fileName, bounds: bounds)
    }
}
