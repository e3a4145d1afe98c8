import Foundation
import Testing

/// Nothing outside the site is written, renamed or removed through a symbolic link (ADR 047), by the real
/// binary: a source's folder in the archive or a journal that lead outside stop the build before anything
/// is touched, and `check` names them; a cache folder that leads outside is not written through, and the
/// build says so and goes on. Every test keeps a folder outside the site and checks it is byte for byte
/// what it was.
@Suite("Writes stay in the site, end to end", .serialized)
struct WriteBoundsEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1795000000"]

    /// A folder beside the site, outside it, holding files nobody may touch.
    struct Outside {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-outside-\(UUID().uuidString)")
        /// Its real path, as messages name it.
        var real: String { folder.resolvingSymlinksInPath().path }

        init(_ files: [String: String]) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (path, text) in files {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
        }

        /// Every entry under the folder: a file's bytes, a folder as "/", a link as what it says.
        func snapshot() -> [String: String] {
            var entries: [String: String] = [:]
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let relative = walker?.nextObject() as? String {
                let path = folder.appendingPathComponent(relative).path
                if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    entries[relative] = "-> " + link
                } else if let data = FileManager.default.contents(atPath: path) {
                    entries[relative] = String(decoding: data, as: UTF8.self)
                } else {
                    entries[relative] = "/"
                }
            }
            return entries
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Replaces whatever is at `relative` in the site by a symbolic link to `destination`.
    static func link(_ site: TemporarySite, _ relative: String, to destination: String) throws {
        let file = site.file(relative)
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
    }

    /// `newsgen check`'s lines, standard output and error together.
    static func check(_ site: TemporarySite) throws -> (status: Int32, lines: [String]) {
        let result = try site.run("check", "--offline")
        return (result.status, (result.stdout + result.stderr).split(separator: "\n").map(String.init))
    }

    /// (a) A source's folder that is a link out of the site: on main the build wrote its month files there.
    @Test func aSourceFolderThatLeadsOutsideIsNeitherWrittenNorReadAndCheckNamesIt() throws {
        let site = try TemporarySite.sample()
        let outside = try Outside(["keep.txt": "not newsgen's"])
        defer { site.remove(); outside.remove() }
        try Self.link(site, "content/archive/harbor-gazette", to: outside.folder.path)
        let before = outside.snapshot()

        let build = try site.run("build", "--offline", environment: Self.now)
        #expect(build.status == 1, "\(build.stderr)")
        let refusal = "error: content/archive/harbor-gazette: a symbolic link to \(outside.real), outside the site folder; "
            + "the archive is never read or written through such a link, so nothing was read, written or removed"
        #expect(build.stderr.contains(refusal), "\(build.stderr)")
        #expect(outside.snapshot() == before)
        #expect(!FileManager.default.fileExists(atPath: site.publicDirectory.path), "nothing is published from an archive not read")

        let check = try Self.check(site)
        #expect(check.status == 1)
        #expect(check.lines.contains { $0.hasPrefix(refusal) }, "\(check.lines)")
        #expect(outside.snapshot() == before)

        // The folder itself, in place of the link, builds.
        try FileManager.default.removeItem(at: site.file("content/archive/harbor-gazette"))
        let fixed = try site.run("build", "--offline", environment: Self.now)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.file("content/archive/harbor-gazette").path))
    }

    /// (b) A journal left by a killed save whose `removes` names a file through such a link: on main the
    /// next build deleted the file outside the site.
    @Test func aJournalThatRemovesAFileThroughALinkDeletesNothingOutside() throws {
        let site = try TemporarySite.sample()
        let outside = try Outside(["2026-01.jsonl": "someone else's file\n", "keep.txt": "not newsgen's"])
        defer { site.remove(); outside.remove() }
        let first = try site.run("build", "--offline", environment: Self.now)
        try #require(first.status == 0, "\(first.stderr)")
        try Self.link(site, "content/archive/harbor-gazette", to: outside.folder.path)
        let journal = #"{"pid":4242,"removes":["harbor-gazette/2026-01.jsonl"],"version":1,"writes":[]}"# + "\n"
        try site.write("content/archive/.newsgen-journal", journal)
        let before = outside.snapshot()

        let build = try site.run("build", "--offline", environment: Self.now)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stderr.contains("error: content/archive/.newsgen-journal: records a save that removes "
            + "content/archive/harbor-gazette/2026-01.jsonl, but content/archive/harbor-gazette is a symbolic link to "
            + "\(outside.real), outside the site folder; the save was not finished, and nothing was read, written or removed "
            + "through the link"), "\(build.stderr)")
        #expect(outside.snapshot() == before)
        #expect(try site.read("content/archive/.newsgen-journal") == journal, "the journal is left for the owner to judge")

        let check = try Self.check(site)
        #expect(check.status == 1)
        #expect(check.lines.contains { $0.hasPrefix("error: content/archive/harbor-gazette: a symbolic link to \(outside.real)") },
                "\(check.lines)")
        #expect(outside.snapshot() == before)
    }

    /// (c) The caches in `.newsgen/` and the image cache's thumbnails, each a link out of the site, holding
    /// files their writers would replace or remove: on main the build rewrote and deleted them. The caches
    /// only make builds faster, so the build goes on, names each link, and publishes the same site.
    @Test func cacheFoldersThatLeadOutsideAreNotWrittenThroughAndTheBuildSaysSo() throws {
        let site = try TemporarySite.sample()
        let caches = ["enrich", "search", "image-records", "images/thumbs"]
        var files: [String: String] = [:]
        for cache in caches {
            files[cache + "/index.bin"] = "not an index of newsgen's"
            files[cache + "/segment-1.bin"] = "not a segment of newsgen's"
            files[cache + "/0123abcd-80.jpg"] = "not a thumbnail of newsgen's"
        }
        let outside = try Outside(files)
        defer { site.remove(); outside.remove() }
        let first = try site.run("build", "--offline", environment: Self.now)
        try #require(first.status == 0, "\(first.stderr)")
        let published = try site.snapshot()
        for cache in caches { try Self.link(site, ".newsgen/cache/" + cache, to: outside.folder.appendingPathComponent(cache).path) }
        try FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))
        try FileManager.default.removeItem(at: site.publicDirectory)
        let before = outside.snapshot()

        let build = try site.run("build", "--offline", environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        for cache in caches {
            #expect(build.stderr.contains("warning: .newsgen/cache/\(cache): a symbolic link to \(outside.real)/\(cache), outside the site "
                + "folder; newsgen writes, renames and removes nothing through it"), "\(cache): \(build.stderr)")
        }
        #expect(outside.snapshot() == before)
        #expect(try site.snapshot() == published, "the caches only make a build faster")

        let check = try Self.check(site)
        #expect(check.status == 0, "\(check.lines)")
        for cache in caches {
            #expect(check.lines.contains("warning: .newsgen/cache/\(cache): a symbolic link to \(outside.real)/\(cache), outside the site "
                + "folder; newsgen writes, renames and removes nothing through it"), "\(cache): \(check.lines)")
        }
    }

    /// (c) The fetch state is part of the archive folder, so a link there stops the build as a source's folder does
    /// (on main the build replaced the link and went on); the build lock cannot be taken through a link (on main
    /// it was created where a link to nothing pointed, outside the site).
    @Test func theFetchStateAndTheBuildLockAreNeverReachedThroughALink() throws {
        let site = try TemporarySite.sample()
        let outside = try Outside(["state.json": #"{"version": 1, "sources": {}}"#])
        defer { site.remove(); outside.remove() }
        let first = try site.run("build", "--offline", environment: Self.now)
        try #require(first.status == 0, "\(first.stderr)")
        try Self.link(site, "content/archive/state.json", to: outside.folder.appendingPathComponent("state.json").path)
        try Self.link(site, ".newsgen/build.lock", to: outside.folder.appendingPathComponent("build.lock").path)
        let before = outside.snapshot()

        let locked = try site.run("build", "--offline", environment: Self.now)
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("error: .newsgen/build.lock: cannot be opened (a symbolic link to "
            + "\(outside.real)/build.lock, which does not exist; newsgen writes nothing through such a link)"), "\(locked.stderr)")
        #expect(outside.snapshot() == before)

        try FileManager.default.removeItem(at: site.file(".newsgen/build.lock"))
        let build = try site.run("build", "--offline", environment: Self.now)
        #expect(build.status == 1)
        #expect(build.stderr.contains("error: content/archive/state.json: a symbolic link to \(outside.real)/state.json, outside the "
            + "site folder; the archive is never read or written through such a link"), "\(build.stderr)")
        #expect(outside.snapshot() == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.file("content/archive/state.json").path)
            == outside.folder.appendingPathComponent("state.json").path, "the link is the owner's to replace")
    }

    /// What the owner places outside in so many words stays theirs to choose: an output folder outside the
    /// site, `.newsgen/` linked to another disk and a bookmark manifest that is a link (replaced by the file
    /// itself when it is written, never written through).
    @Test func foldersTheOwnerPlacesOutsideAreStillWritten() throws {
        let site = try TemporarySite.sample()
        let outside = try Outside(["own/keep.txt": "newsgen's folder, elsewhere", "bookmarks.json": #"{"version": 1, "bookmarks": []}"#])
        defer { site.remove(); outside.remove() }
        try Self.link(site, ".newsgen", to: outside.folder.appendingPathComponent("own").path)
        let output = outside.folder.appendingPathComponent("www/site")
        let build = try site.run("build", "--offline", "--output", output.path, environment: Self.now)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        #expect(FileManager.default.fileExists(atPath: outside.folder.appendingPathComponent("own/cache").path))
        #expect(!build.stderr.contains("newsgen writes, renames and removes nothing through it"), "\(build.stderr)")

        try Self.link(site, "bookmarks.json", to: outside.folder.appendingPathComponent("bookmarks.json").path)
        let id = try #require(try site.archivedArticles().first?["id"] as? String)
        let bookmark = try site.run("bookmark", "add", id, environment: Self.now)
        #expect(bookmark.status == 0, "\(bookmark.stderr)")
        #expect(try site.read("bookmarks.json").contains(id))
        #expect(outside.snapshot()["bookmarks.json"] == #"{"version": 1, "bookmarks": []}"#)
    }
}
