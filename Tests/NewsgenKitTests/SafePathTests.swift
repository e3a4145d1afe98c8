import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Nothing derived from feed or archive data can make the build write outside
/// the output folder, and archive files are named only by valid source ids.
@Suite("Safe paths")
struct SafePathTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let hostile = [
        "../../etc/passwd", "..", ".", "", "/etc/passwd", "%2e%2e%2f", "..\\..\\x", "a/../../b", "a\u{0}b",
        String(repeating: "../", count: 300), String(repeating: "x", count: 5_000), "\u{FF0E}\u{FF0E}\u{FF0F}x",
    ]

    @Test(arguments: [
        ("index.html", "index.html"), ("articles/x/index.html", "articles/x/index.html"),
        ("../x", "x"), ("../../../etc/passwd", "etc/passwd"), ("/etc/passwd", "etc/passwd"), ("a/../../b", "a/b"),
        ("..\\..\\x", "x"), ("./a//b/./c", "a/b/c"), ("..", "index.html"), ("", "index.html"), ("\u{0}", "index.html"),
        ("a\u{0}/..\u{0}/b", "a/b"),
    ])
    func outputFilePathsStayInsideTheirFolder(_ path: String, _ expected: String) {
        #expect(OutputFile(path: path, data: Data()).path == expected)
    }

    /// A fresh folder holding `site/`, removed afterwards.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("safe-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func regularFiles(under folder: URL) -> [String] {
        let base = folder.resolvingSymlinksInPath().path
        var files: [String] = []
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1)))
            }
        }
        return files.sorted()
    }

    @Test func thePublisherNeverWritesOutsideTheOutputFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let marker = "escaped-\(UUID().uuidString)"
        var config = SiteConfig(title: "Bay", sources: [])
        config.pageSize = 100
        let articles = (Self.hostile + Self.hostile.map { $0 + "/" + marker } + ["../../" + marker, "/tmp/" + marker]).enumerated().map { index, slug in
            Article(id: String(format: "%016x", index), slug: slug, sourceID: "news", title: "Story \(index)", tags: [slug])
        }
        let input = RenderInput(config: config,
                                templates: try Templates.load(from: Self.root.appendingPathComponent("templates"), shownAs: "templates"),
                                articles: articles.map { PreparedArticle($0) }, sources: [:], bookmarks: BookmarkManifest())
        var files = try SiteRenderer(input).render()
        // Hand-made paths too (a component longer than a file system allows would only make the write fail).
        for path in Self.hostile.filter({ $0.utf8.count < 200 }).map({ $0 + "/" + marker }) + ["../" + marker, "../../" + marker, "/tmp/" + marker, "../public/../" + marker] {
            files.append(OutputFile(path: path, data: Data("x".utf8)))
        }
        for file in files {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            #expect(!file.path.hasPrefix("/") && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\u{0}") },
                    "\(file.path.debugDescription)")
        }

        let output = folder.appendingPathComponent("site/public")
        try Publisher(output: output, shownAs: "public").publish(files, staticDirectory: nil)

        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["site"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("site").path) == ["public"])
        for place in [folder.deletingLastPathComponent(), URL(fileURLWithPath: "/tmp"), URL(fileURLWithPath: "/")] {
            #expect(!FileManager.default.fileExists(atPath: place.appendingPathComponent(marker).path))
        }
        let written = regularFiles(under: output)
        #expect(written.count == Set(files.map(\.path)).count)
        #expect(written.contains("articles/etc-passwd/index.html"))
        #expect(written.contains("etc/passwd/" + marker))
    }

    @Test func archiveFilesAreNamedOnlyByValidSourceIDs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archiveFolder = folder.appendingPathComponent("content/archive")
        try FileManager.default.createDirectory(at: archiveFolder, withIntermediateDirectories: true)
        let store = ArchiveStore(directory: archiveFolder, shownAs: "content/archive")
        func article(_ source: String) -> Article {
            Article(id: source == "articles" ? "00000000000000ab" : "00000000000000aa", slug: "a", sourceID: source, title: "A")
        }

        try store.save(Archive(articlesBySource: ["harbor-gazette": [article("harbor-gazette")], "articles": [article("articles")]]))
        #expect(regularFiles(under: folder) == ["content/archive/archive.json", "content/archive/articles/undated.jsonl",
                                                "content/archive/harbor-gazette/undated.jsonl"])

        for source in Self.hostile + ["../" + "escaped", "Harbor", "harbor gazette"] {
            #expect(throws: BuildError(path: "content/archive", "cannot hold source '\(source)': not a valid source id")) {
                try store.save(Archive(articlesBySource: [source: [article(source)]]))
            }
        }
        #expect(regularFiles(under: folder) == ["content/archive/archive.json", "content/archive/articles/undated.jsonl",
                                                "content/archive/harbor-gazette/undated.jsonl"])
    }

    @Test func anArchiveFileNamingAnInvalidSourceStopsTheBuild() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archiveFolder = folder.appendingPathComponent("content/archive")
        try FileManager.default.createDirectory(at: archiveFolder, withIntermediateDirectories: true)
        let json = #"{"version": 1, "source": "../../escaped", "articles": []}"#
        try Data(json.utf8).write(to: archiveFolder.appendingPathComponent("evil.json"))
        let store = ArchiveStore(directory: archiveFolder, shownAs: "content/archive")
        #expect(throws: BuildError(path: "content/archive/evil.json",
                                   "has source '../../escaped', which is not a valid source id (lowercase letters, digits and dashes); it was left untouched")) {
            _ = try store.load()
        }
        #expect(try String(contentsOf: archiveFolder.appendingPathComponent("evil.json"), encoding: .utf8) == json)
    }
}
