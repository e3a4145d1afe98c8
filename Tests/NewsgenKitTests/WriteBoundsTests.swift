import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// The one guard every writer goes through (ADR 047): a path is judged by the real path of its folder,
/// the entry itself is never followed, and what is refused is named once for the build's warnings.
@Suite struct WriteBoundsTests {
    /// A folder to write in (`inside`) and one beside it that nothing may touch (`outside`).
    struct Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)").resolvingSymlinksInPath()
        var inside: URL { root.appendingPathComponent("site") }
        var outside: URL { root.appendingPathComponent("outside") }
        var bounds: WriteBounds { WriteBounds(folders: [inside], shownRelativeTo: inside) }

        init() throws {
            try FileManager.default.createDirectory(at: inside.appendingPathComponent("real"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try Data("not newsgen's".utf8).write(to: outside.appendingPathComponent("keep.txt"))
            try Data("not newsgen's either".utf8).write(to: outside.appendingPathComponent("folder/inner.txt"))
        }

        func link(_ relative: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: inside.appendingPathComponent(relative).path, withDestinationPath: destination)
        }

        func file(_ relative: String) -> URL { inside.appendingPathComponent(relative) }

        /// The outside folder, file by file.
        func outsideFiles() -> [String: Data] {
            var files: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: outside.path)
            while let relative = walker?.nextObject() as? String {
                files[relative] = FileManager.default.contents(atPath: outside.appendingPathComponent(relative).path) ?? Data("/".utf8)
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func aPathThroughALinkThatStaysInsideIsWrittenWhereItReallyIs() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.link("alias", to: "real")
        try DurableFile.replace(folders.file("alias/page.txt"), with: Data("page".utf8), within: folders.bounds)
        #expect(FileManager.default.contents(atPath: folders.file("real/page.txt").path) == Data("page".utf8))
        #expect(try folders.bounds.resolve(folders.file("alias/page.txt")) == folders.file("real/page.txt"))
        #expect(folders.bounds.warnings.isEmpty)
    }

    @Test func everyOperationThroughALinkThatLeadsOutsideIsRefusedAndNamedOnce() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try folders.link("out", to: folders.outside.path)
        let before = folders.outsideFiles()
        let bounds = folders.bounds
        let refusal = DiskError(reason: "reached through out, a symbolic link to \(folders.outside.path), outside the site folder; "
                                    + "newsgen writes nothing through such a link", outside: true)
        let operations: [(String, () throws(DiskError) -> Void)] = [
            ("replace", { () throws(DiskError) in try DurableFile.replace(folders.file("out/keep.txt"), with: Data("new".utf8), within: bounds) }),
            ("writeTemporary", { () throws(DiskError) in _ = try DurableFile.writeTemporary(Data("new".utf8), beside: folders.file("out/x"), within: bounds) }),
            ("move", { () throws(DiskError) in try DurableFile.move(folders.file("out/keep.txt"), over: folders.file("real/keep.txt"), within: bounds) }),
            ("remove", { () throws(DiskError) in try DurableFile.remove(folders.file("out/keep.txt"), within: bounds) }),
            ("removeTree", { () throws(DiskError) in try DurableFile.removeTree(folders.file("out/folder"), within: bounds) }),
            ("makeFolder", { () throws(DiskError) in try DurableFile.makeFolder(folders.file("out/new/deeper"), within: bounds) }),
            ("openInPlace", { () throws(DiskError) in _ = try DurableFile.openInPlace(folders.file("out/keep.txt"), truncating: true, within: bounds) }),
        ]
        for (name, operation) in operations {
            #expect(throws: refusal, "\(name)") { try operation() }
        }
        #expect(!DurableFile.hardLink(folders.file("real"), to: folders.file("out/linked"), within: bounds))
        #expect(folders.outsideFiles() == before)
        #expect(bounds.warnings == [BuildWarning(path: "out", "a symbolic link to \(folders.outside.path), outside the site folder; "
                                                 + "newsgen writes, renames and removes nothing through it")])
    }

    @Test func aLinkToNothingOnTheWayIsRefusedAndWhatItNamesIsNotMade() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let nowhere = folders.outside.appendingPathComponent("nowhere").path
        try folders.link("gone", to: nowhere)
        #expect(throws: DiskError(reason: "reached through gone, a symbolic link to \(nowhere), which does not exist; "
                                      + "newsgen writes nothing through such a link", outside: true)) {
            try DurableFile.replace(folders.file("gone/new/file.txt"), with: Data("x".utf8), within: folders.bounds)
        }
        #expect(!FileManager.default.fileExists(atPath: nowhere))
    }

    /// A rename replaces a link standing at the path, an unlink removes the link, a tree is emptied link by link,
    /// and a file opened in place is never opened through a link: the outside is untouched every time.
    @Test func theEntryItselfIsNeverFollowed() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let before = folders.outsideFiles()
        let bounds = folders.bounds
        try folders.link("state.json", to: folders.outside.appendingPathComponent("keep.txt").path)
        try DurableFile.replace(folders.file("state.json"), with: Data("{}".utf8), within: bounds)
        #expect(!FileSystem.isLink(folders.file("state.json").path))
        #expect(FileManager.default.contents(atPath: folders.file("state.json").path) == Data("{}".utf8))

        try folders.link("alias.txt", to: folders.outside.appendingPathComponent("keep.txt").path)
        try DurableFile.remove(folders.file("alias.txt"), within: bounds)
        #expect(!FileManager.default.fileExists(atPath: folders.file("alias.txt").path))

        try folders.link("real/folder", to: folders.outside.appendingPathComponent("folder").path)
        try DurableFile.removeTree(folders.file("real"), within: bounds)
        #expect(!FileManager.default.fileExists(atPath: folders.file("real").path))

        let lock = folders.outside.appendingPathComponent("build.lock")
        try folders.link("build.lock", to: lock.path)
        #expect(throws: DiskError(reason: "a symbolic link to \(lock.path), which does not exist; newsgen writes nothing through such a link",
                                  outside: true)) {
            _ = try DurableFile.openInPlace(folders.file("build.lock"), within: bounds)
        }
        #expect(folders.outsideFiles() == before)
    }

    /// Inside are the site, `.newsgen/`, the archive, the image cache and the manifest where they really are, and the
    /// output with the folders the Publisher makes beside it; nothing else, however near.
    @Test func aSitesBoundsAreItsFolderAndTheFoldersItsOwnerChose() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let elsewhere = folders.outside
        for name in ["archive", "cache", "data", "newsgen", "www"] {
            try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folders.link("data", to: elsewhere.appendingPathComponent("data").path)
        try folders.link(".newsgen", to: elsewhere.appendingPathComponent("newsgen").path)
        try folders.link("images", to: elsewhere.appendingPathComponent("cache").path)
        let config = try SiteConfig.decode(Data("""
            {"title": "Bay", "archive": {"path": "\(elsewhere.path)/archive"}, "imageCache": {"directory": "images"},
             "bookmarks": "data/bookmarks.json", "sources": [{"id": "news", "path": "feeds/news.xml"}]}
            """.utf8))
        let bounds = WriteBounds(site: folders.inside, config: config, output: elsewhere.appendingPathComponent("www/site"))
        let outside = elsewhere.path
        for path in [folders.inside.path + "/public/index.html", outside + "/archive/news/2026-11.jsonl", outside + "/cache/blobs/a.png",
                     outside + "/newsgen/build.lock", outside + "/data/bookmarks.json", outside + "/data/.bookmarks.json.newsgen-12.tmp",
                     outside + "/www/site/index.html", outside + "/www/.site.spare/index.html", outside + "/www/.site.retired-77"] {
            #expect(bounds.admits(path), "\(path)")
        }
        for path in [outside + "/data/notes.txt", outside + "/www/other/index.html", outside + "/www/.site.retired-x",
                     outside + "/keep.txt", folders.root.path, outside] {
            #expect(!bounds.admits(path), "\(path)")
        }
    }

    /// So that a writer cannot forget the guard: outside `DurableFile` (which asks it first), the Publisher's own
    /// tree (`PublishDisk`, below a root the Publisher judged, following no link) and the swap of judged names
    /// (`SiteSwap`), no source changes the disk by a path.
    @Test func noSourceChangesTheDiskButThroughTheGuard() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let allowed: Set<String> = ["NewsgenKit/Support/DurableFile.swift", "NewsgenKit/Publish/PublishDisk.swift", "NewsgenKit/Publish/SiteSwap.swift"]
        let calls = try NSRegularExpression(pattern: #"(?<![\w.])(?<!func )(unlink|rename|renameat2?|mkdir|rmdir|symlink|truncate|fopen|creat)\(|"#
            + #"(?<![\w.])link\(\s*\w+(\.path)?\s*,\s*\w+(\.path)?\s*\)|\b(removeItem|createDirectory|moveItem|copyItem|linkItem|"#
            + #"replaceItem|createFile|createSymbolicLink|trashItem)\(|\.write\(to: (?!&)|write\(toFile:|forWritingTo|forUpdating|"#
            + #"\bO_(CREAT|TRUNC|WRONLY|RDWR)\b"#)
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !allowed.contains(relative), !relative.hasSuffix(".generated.swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line).components(separatedBy: "//").first ?? ""
                if calls.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil { found.append("\(relative):\(number + 1): \(line)") }
            }
        }
        #expect(found.isEmpty, "write through DurableFile and WriteBounds (ADR 047): \(found.joined(separator: "\n"))")
        #expect(allowed.allSatisfy { FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).path) })
    }
}
