import Foundation
import NewsgenKit
import NewsgenModel
import Testing
@testable import NewsgenServe

/// A small site folder: site.json, an article, a template, static/, a manifest, and what builds write.
struct WatchedSite {
    let directory: URL
    var site: Site { try! Site.load(from: directory) }
    var inputs: WatchedInputs { WatchedInputs(site: site, output: directory.appendingPathComponent("public")) }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-watch-\(UUID().uuidString)")
        try write("site.json", #"{"version": 1, "title": "T", "sources": [{"id": "a", "path": "feeds/a.xml"}]}"#)
        try write("feeds/a.xml", "<rss/>")
        try write("content/articles/one.md", "# One")
        try write("templates/row.mustache", "row")
        try write("static/style.css", "body{}")
        try write("bookmarks.json", #"{"version": 1, "bookmarks": []}"#)
        try write("content/archive/archive.json", "{}")
        try write(".newsgen/last-build.json", "{}")
        try write("public/index.html", "home")
    }

    func write(_ relative: String, _ text: String) throws {
        let url = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

@Suite("What serve watches")
struct WatchedInputsTests {
    @Test func rootsAreTheInputsAndNeverWhatBuildsWrite() throws {
        let site = try WatchedSite()
        defer { site.remove() }
        let root = site.directory.standardizedFileURL.path
        let roots = site.inputs.roots.map { String($0.path.dropFirst(root.count)) }
        #expect(Set(roots) == ["/site.json", "/content", "/templates", "/static", "/bookmarks.json", "/feeds/a.xml"])
        let scanned = Set(site.inputs.scan().files.keys.map { String($0.dropFirst(root.count)) })
        #expect(scanned == ["/site.json", "/content/articles/one.md", "/templates/row.mustache", "/static/style.css",
                            "/bookmarks.json", "/feeds/a.xml"])
    }

    @Test(arguments: ["content/archive/a/2026-11.jsonl", "content/archive/state.json", ".newsgen/cache/x.bin", "public/new.html",
                      ".public.spare/index.html", "content/articles/.one.md.swp", "content/articles/one.md~",
                      "content/articles/.one.md.newsgen-42.tmp", "notes.txt"])
    func writesABuildOrAnEditorMakesChangeNothing(path: String) throws {
        let site = try WatchedSite()
        defer { site.remove() }
        let before = site.inputs.scan()
        try site.write(path, "written")
        #expect(site.inputs.scan() == before)
    }

    @Test(arguments: ["content/articles/one.md", "content/articles/two.md", "templates/home.mustache", "static/app.js",
                      "bookmarks.json", "site.json", "feeds/a.xml", "content/saved-pages/example.org/x.html"])
    func anEditToAnInputIsSeen(path: String) throws {
        let site = try WatchedSite()
        defer { site.remove() }
        let before = site.inputs.scan()
        try site.write(path, path == "site.json" ? #"{"version": 1, "title": "U", "sources": [{"id": "a", "path": "feeds/a.xml"}]}"# : "changed!")
        #expect(site.inputs.scan() != before)
    }

    @Test func aSymbolicLinkToAFolderIsNotWalked() throws {
        let site = try WatchedSite()
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.directory.appendingPathComponent("content/loop").path,
                                                   withDestinationPath: site.directory.appendingPathComponent("content").path)
        let scan = site.inputs.scan()
        #expect(!scan.folders.contains { $0.hasSuffix("/loop") })
    }
}

@Suite("The watcher wakes on a change", .serialized)
struct SiteWatcherTests {
    final class Wakes: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    @Test(arguments: [SiteWatcher.Mode.inotify, .polling])
    func aSavedArticleWakesIt(mode: SiteWatcher.Mode) throws {
        let site = try WatchedSite()
        defer { site.remove() }
        let inputs = site.inputs
        let wakes = Wakes()
        let watcher = SiteWatcher(prefer: mode, pollInterval: 0.1) { wakes.add(); return inputs.scan().folders }
        #expect(watcher.mode == mode)
        watcher.start(watching: inputs.scan().folders)
        defer { watcher.stop() }
        try site.write("content/articles/one.md", "# One, edited")
        let deadline = Date().addingTimeInterval(5)
        while wakes.value == 0, Date() < deadline { usleep(20_000) }
        #expect(wakes.value >= 1)
    }

    @Test func stoppingAWatcherNeverStartedReturns() {
        SiteWatcher(prefer: .inotify) { [] }.stop()
    }

    @Test func inotifyIsQuietWhenNothingWatchedChanges() throws {
        let site = try WatchedSite()
        defer { site.remove() }
        let inputs = site.inputs
        let wakes = Wakes()
        let watcher = SiteWatcher(prefer: .inotify) { wakes.add(); return inputs.scan().folders }
        watcher.start(watching: inputs.scan().folders)
        defer { watcher.stop() }
        try site.write("content/archive/a/2026-11.jsonl", "{}")
        try site.write(".newsgen/cache/x", "x")
        usleep(600_000)
        #expect(wakes.value == 0)
    }
}
