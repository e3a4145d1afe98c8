import Foundation
import NewsgenModel

/// What the Load stage says about files outside the site folder (ADR 018). A build reads and
/// writes only inside its folder, with one exception: a path site.json writes as absolute, or
/// with a `..` that climbs out, is used as written, and every build warns about its key. A
/// symbolic link never takes a build outside: in `static/`, the theme, the articles and the
/// path sources' feed files, a link whose real path leaves the site is left out, and named.
enum SiteContainment {
    /// Every warning of the Load stage, in a fixed order: site.json's paths, `static/`, the theme.
    /// (The Markdown articles and the feed files are named by their readers, which skip them.)
    static func warnings(_ site: Site) -> [BuildWarning] {
        pathWarnings(site) + staticWarnings(site) + themeWarnings(site)
    }

    /// A site.json path that leaves the site folder, by key. The folders newsgen writes to (the
    /// archive, the image cache, the manifest, `.newsgen/`) are also judged by their real path, since
    /// a link cannot be skipped there; the folders it only reads are handled link by link instead.
    static func pathWarnings(_ site: Site) -> [BuildWarning] {
        let config = site.config
        var paths: [(key: String, path: String, writes: Bool)] = [
            ("archive.path", config.archive.path, true),
            ("imageCache.directory", config.imageCache.directory, true),
            ("static", config.staticDirectory, false),
            ("articles", config.articles, false),
            ("bookmarks", config.bookmarks, true),
        ]
        for (index, source) in config.sources.enumerated() {
            if case .file(let path) = source.location { paths.append(("sources[\(index)].path", path, false)) }
        }
        let siteRoot = FileSystem.resolvedPath(site.directory)
        var warnings: [BuildWarning] = []
        for entry in paths {
            let url = site.url(entry.path)
            let named = "\(entry.key) (\"\(entry.path)\")"
            if FileSystem.leavesLexically(url, site: site.directory) {
                warnings.append(BuildWarning(path: Site.configFileName, "\(named) is outside the site folder; it is used as written, "
                                             + "though a build that reaches outside its folder can overwrite or publish files it does not own"))
                continue
            }
            let real = FileSystem.resolvedPath(url)
            if entry.writes, !FileSystem.isWithin(real, siteRoot) {
                warnings.append(BuildWarning(path: Site.configFileName, "\(named) leads outside the site folder through a symbolic link, "
                                             + "to \(real); it is used, though a build that reaches outside its folder can overwrite files it does not own"))
            }
        }
        let own = FileSystem.resolvedPath(site.directory.appendingPathComponent(".newsgen"))
        if !FileSystem.isWithin(own, siteRoot) {
            warnings.append(BuildWarning(path: ".newsgen", "a symbolic link to \(own), outside the site folder; "
                                         + "newsgen writes its build lock, cache and build record there"))
        }
        return warnings
    }

    /// The symbolic links in the folders newsgen writes that lead out of the site's bounds, or to nothing (ADR 047):
    /// in the archive (its sources' folders, month files, state and journal), where a build stops before reading
    /// anything (`ArchiveFiles`); in `.newsgen/` and the image cache, where it writes nothing through them and
    /// goes on. For `check`; a build names them as it meets them.
    static func writtenFolderLinks(_ site: Site) -> [(finding: BuildWarning, stopsBuilds: Bool)] {
        let bounds = site.bounds
        let archive = bounds.linksLeaving(site.archiveDirectory, depth: 2, where: ArchiveFiles.isOwnPath).map { found in
            let refusal = ArchiveFiles.refusal(found, journal: nil)
            return (BuildWarning(path: refusal.path, refusal.reason), true)
        }
        var seen: Set<String> = []
        let others = (bounds.linksLeaving(site.directory.appendingPathComponent(".newsgen"), depth: 3)
            + bounds.linksLeaving(site.url(site.config.imageCache.directory), depth: 1))
            .filter { seen.insert($0.link.path).inserted }
            .map { ($0.link.warning, false) }
        return archive + others
    }

    /// The links in `static/` left out of the output.
    static func staticWarnings(_ site: Site) -> [BuildWarning] {
        let listing = (try? FileSystem.siteFiles(in: site.staticDirectory, site: site.directory, recursive: true)) ?? SiteFolderListing()
        return warnings(listing, folder: site.config.staticDirectory, consequence: "not published", ofFolder: "nothing in it is published")
    }

    /// The links in `templates/` and `templates/assets/` the theme leaves out.
    static func themeWarnings(_ site: Site) -> [BuildWarning] {
        let templates = site.templatesDirectory
        let pages = (try? FileSystem.siteFiles(in: templates, site: site.directory, suffix: Templates.suffix)) ?? SiteFolderListing()
        let assets = (try? FileSystem.siteFiles(in: templates.appendingPathComponent("assets"), site: site.directory)) ?? SiteFolderListing()
        return warnings(pages, folder: "templates", consequence: "not used", ofFolder: "the built-in theme is used")
            + warnings(assets, folder: "templates/assets", consequence: "not published", ofFolder: "the built-in assets are used")
    }

    /// A warning for each link `listing` left out, named as `folder/path`; `ofFolder` says what
    /// follows when the folder itself is the link.
    static func warnings(_ listing: SiteFolderListing, folder: String, consequence: String, ofFolder: String) -> [BuildWarning] {
        listing.skipped.map { link in
            link.path.isEmpty ? link.warning(shownAs: folder, consequence: ofFolder)
                : link.warning(shownAs: folder + "/" + link.path, consequence: consequence)
        }
    }
}
