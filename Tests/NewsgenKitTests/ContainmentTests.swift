import Foundation
import Testing
@testable import NewsgenKit

/// A build reads and writes only inside its site folder (ADR 018): a symbolic link in `static/`,
/// the theme, the articles or a path source's feed file is followed only when its real path stays
/// in the site, else left out with a warning naming it; `public/` never holds a link; a path in
/// site.json that leaves the site is used as written, with a warning naming its key on every build.
@Suite("Containment")
struct ContainmentTests {
    /// A site (`CheckSite`: one path source) and a folder beside it, outside, with a secret in it.
    struct LinkedSite {
        let site: CheckSite
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        /// The outside folder's real path, as messages show it.
        var outsideReal: String { outside.resolvingSymlinksInPath().path }

        init(config: String? = nil) throws {
            site = try config.map { try CheckSite(config: $0) } ?? CheckSite()
            try FileManager.default.createDirectory(at: outside.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try Data("SECRET from outside".utf8).write(to: outside.appendingPathComponent("secret.txt"))
            try Data("SECRET in a folder".utf8).write(to: outside.appendingPathComponent("folder/inner.txt"))
        }

        /// A symbolic link at `relative` in the site that says `destination`.
        func link(_ relative: String, to destination: String) throws {
            let file = site.folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
        }

        func remove() {
            site.remove()
            try? FileManager.default.removeItem(at: outside)
        }

        /// Every entry under `public/` that is a symbolic link, relative to it.
        func linksInOutput() -> [String] {
            let root = site.folder.appendingPathComponent("public").path
            var links: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + relative)) != nil { links.append(relative) }
            }
            return links.sorted()
        }

        func published(_ relative: String) -> String? {
            (try? Data(contentsOf: site.folder.appendingPathComponent("public/" + relative))).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test func linksInStaticArePublishedAsBytesOnlyWhenTheyStayInTheSite() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try linked.site.write("static/own.txt", "own file")
        try linked.site.write("notes/inside.txt", "inside the site")
        try linked.link("static/passwd", to: linked.outside.appendingPathComponent("secret.txt").path)
        try linked.link("static/relative", to: "../../\(linked.outside.lastPathComponent)/secret.txt")
        try linked.link("static/folder", to: linked.outside.appendingPathComponent("folder").path)
        try linked.link("static/inside.txt", to: "../notes/inside.txt")
        try linked.link("static/notes", to: "../notes")
        try linked.link("static/gone", to: "nowhere.txt")
        try linked.link("static/loop", to: ".")
        let report = try linked.site.build()
        let outside = linked.outsideReal
        let static_ = linked.site.folder.resolvingSymlinksInPath().path + "/static"
        #expect(report.warnings.map(\.description).filter { $0.hasPrefix("static/") } == [
            "static/folder: a symbolic link to \(outside)/folder, outside the site folder; not published",
            "static/gone: a symbolic link to nowhere.txt, which does not exist; not published",
            "static/loop: a symbolic link to \(static_), a folder it is already inside; not published",
            "static/passwd: a symbolic link to \(outside)/secret.txt, outside the site folder; not published",
            "static/relative: a symbolic link to \(outside)/secret.txt, outside the site folder; not published",
        ])
        #expect(linked.linksInOutput() == [])
        #expect(linked.published("own.txt") == "own file")
        #expect(linked.published("inside.txt") == "inside the site")
        #expect(linked.published("notes/inside.txt") == "inside the site")
        for gone in ["passwd", "relative", "folder/inner.txt", "gone"] { #expect(linked.published(gone) == nil, "\(gone)") }
        let check = linked.site.check(offline: true)
        #expect(check.findings(in: .siteJSON).filter { $0.location?.hasPrefix("static/") == true }
            == report.warnings.filter { $0.path?.hasPrefix("static/") == true }.map { CheckFinding(.warning, .siteJSON, location: $0.path, $0.reason) })
    }

    @Test func aThemeFileThatLeadsOutsideIsNotUsed() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try Data("<main>{{title}} SECRET TEMPLATE</main>".utf8).write(to: linked.outside.appendingPathComponent("home.mustache"))
        try linked.link("templates/home.mustache", to: linked.outside.appendingPathComponent("home.mustache").path)
        try linked.link("templates/assets/style.css", to: linked.outside.appendingPathComponent("secret.txt").path)
        let report = try linked.site.build()
        let outside = linked.outsideReal
        let expected = [
            "templates/home.mustache: a symbolic link to \(outside)/home.mustache, outside the site folder; not used",
            "templates/assets/style.css: a symbolic link to \(outside)/secret.txt, outside the site folder; not published",
        ]
        #expect(report.warnings.map(\.description).filter { $0.hasPrefix("templates/") } == expected)
        #expect(linked.published("index.html")?.contains("SECRET") == false)
        #expect(linked.published("assets/style.css")?.contains("SECRET") == false)
        #expect(linked.site.check(offline: true).findings(in: .templates).map(\.description) == expected.sorted())
    }

    @Test func aMarkdownArticleThatLeadsOutsideIsSkipped() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try Data("---\ntitle: Leaked\n---\nSECRET article\n".utf8).write(to: linked.outside.appendingPathComponent("leak.md"))
        try linked.site.write("drafts/kept.md", "---\ntitle: Kept draft\n---\nFrom inside.\n")
        try linked.link("content/articles/leak.md", to: linked.outside.appendingPathComponent("leak.md").path)
        try linked.link("content/articles/kept.md", to: "../../drafts/kept.md")
        let report = try linked.site.build()
        let warning = "content/articles/leak.md: a symbolic link to \(linked.outsideReal)/leak.md, outside the site folder; skipped"
        #expect(report.warnings.map(\.description).filter { $0.hasPrefix("content/") } == [warning])
        let pages = try FileManager.default.subpathsOfDirectory(atPath: linked.site.folder.appendingPathComponent("public").path)
        #expect(pages.contains { $0.hasPrefix("articles/kept-draft") })
        #expect(!pages.contains { $0.hasPrefix("articles/leaked") })
        // The check warns, as the build does: the file is not an article that fails to parse.
        #expect(linked.site.check(offline: true).findings(in: .articles) == [CheckFinding(.warning, .articles,
                                                                                            location: "content/articles/leak.md",
                                                                                            String(warning.dropFirst("content/articles/leak.md: ".count)))])
    }

    @Test func aFeedFileThatLeadsOutsideIsNotRead() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try Data(CheckSite.feed.utf8).write(to: linked.outside.appendingPathComponent("news.xml"))
        try FileManager.default.removeItem(at: linked.site.folder.appendingPathComponent("feeds/news.xml"))
        try linked.link("feeds/news.xml", to: linked.outside.appendingPathComponent("news.xml").path)
        let report = try linked.site.build()
        let reason = "feeds/news.xml: a symbolic link to \(linked.outsideReal)/news.xml, outside the site folder; not read"
        #expect(report.sources.map(\.outcome) == [.failed(reason: .said(reason))])
        #expect(report.warnings.map(\.description).contains("source 'news' failed: \(reason)"))
    }

    @Test func pathsInSiteJSONThatLeaveTheSiteAreWarnedAboutOnEveryBuild() throws {
        let outsideName = "outside-\(UUID().uuidString)"
        let linked = try LinkedSite(config: """
            {"title": "Bay", "sources": [{"id": "news", "path": "feeds/news.xml"}, {"id": "far", "path": "../\(outsideName)-feed.xml"}],
             "archive": {"path": "../\(outsideName)-archive"}, "imageCache": {"directory": "/tmp/\(outsideName)-images"},
             "static": "static/../../\(outsideName)-static", "articles": "content/articles", "bookmarks": "content/../bookmarks.json"}
            """)
        defer {
            linked.remove()
            for suffix in ["-feed.xml", "-archive", "-images", "-static"] {
                try? FileManager.default.removeItem(at: linked.site.folder.deletingLastPathComponent().appendingPathComponent(outsideName + suffix))
            }
            try? FileManager.default.removeItem(atPath: "/tmp/\(outsideName)-images")
        }
        let tail = "is outside the site folder; it is used as written, though a build that reaches outside its folder can overwrite or "
            + "publish files it does not own"
        let expected = [
            "site.json: archive.path (\"../\(outsideName)-archive\") \(tail)",
            "site.json: imageCache.directory (\"/tmp/\(outsideName)-images\") \(tail)",
            "site.json: static (\"static/../../\(outsideName)-static\") \(tail)",
            "site.json: sources[1].path (\"../\(outsideName)-feed.xml\") \(tail)",
        ]
        let first = try linked.site.build()
        #expect(first.warnings.map(\.description).filter { $0.hasPrefix("site.json") } == expected)
        #expect(FileManager.default.fileExists(atPath: linked.site.folder.deletingLastPathComponent()
            .appendingPathComponent("\(outsideName)-archive/news").path))
        // Every build says so again, the one that finds nothing changed too.
        let second = try linked.site.build()
        #expect(second.warnings.map(\.description).filter { $0.hasPrefix("site.json") } == expected)
        #expect(linked.site.check(offline: true).findings(in: .siteJSON).map(\.description) == expected)
    }

    /// The archive, the image cache and newsgen's own folder are written where they lead (a build cannot
    /// do without them); a link on the way out is named as an outside path is.
    @Test func aFolderNewsgenWritesToThroughALinkIsWarnedAbout() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try linked.link("content/archive", to: linked.outside.appendingPathComponent("folder").path)
        try FileManager.default.createDirectory(at: linked.outside.appendingPathComponent("own"), withIntermediateDirectories: true)
        try linked.link(".newsgen", to: linked.outside.appendingPathComponent("own").path)
        let report = try linked.site.build()
        #expect(report.warnings.map(\.description).filter { $0.hasPrefix("site.json") || $0.hasPrefix(".newsgen") } == [
            "site.json: archive.path (\"content/archive\") leads outside the site folder through a symbolic link, to "
                + "\(linked.outsideReal)/folder; it is used, though a build that reaches outside its folder can overwrite files it does not own",
            "site.json: imageCache.directory (\".newsgen/cache/images\") leads outside the site folder through a symbolic link, to "
                + "\(linked.outsideReal)/own/cache/images; it is used, though a build that reaches outside its folder can overwrite files it does not own",
            ".newsgen: a symbolic link to \(linked.outsideReal)/own, outside the site folder; newsgen writes its build lock, cache and build record there",
        ])
        #expect(FileManager.default.fileExists(atPath: linked.outside.appendingPathComponent("folder/news").path))
    }

    /// Not "NSCocoaErrorDomain error 256": what is wrong, and a file of the folder to name instead when it has one.
    @Test func aFolderGivenAsAPathSourceIsExplained() throws {
        let site = try CheckSite(config: #"{"title": "Bay", "sources": [{"id": "news", "path": "feeds"}, {"id": "notes", "path": "notes/"}]}"#)
        defer { site.remove() }
        try site.write("notes/todo.txt", "not a feed")
        #expect(try site.build().sources.map(\.outcome) == [
            .failed(reason: .said("feeds: is a folder, not a feed file; sources[0].path in site.json must name one file, such as feeds/news.xml")),
            .failed(reason: .said("notes/: is a folder, not a feed file; sources[1].path in site.json must name one file")),
        ])
    }

    /// The Publisher copies a file's bytes, never a link, even when it is handed a link.
    @Test func theOutputNeverHoldsALink() throws {
        let linked = try LinkedSite()
        defer { linked.remove() }
        try linked.site.write("static/real.txt", "real")
        try linked.link("static/alias.txt", to: "real.txt")
        try linked.site.build()
        #expect(linked.linksInOutput() == [])
        #expect(linked.published("alias.txt") == "real")
        let target = linked.site.folder.appendingPathComponent("copied.txt").path
        try PublishDisk.copy(linked.site.folder.appendingPathComponent("static/alias.txt").path, to: target, shownAs: "copied.txt")
        #expect(!FileManager.default.fileExists(atPath: target))
        try PublishDisk.copy(linked.site.folder.appendingPathComponent("static/real.txt").path, to: target, shownAs: "copied.txt")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: target)) == nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "real")
    }
}
