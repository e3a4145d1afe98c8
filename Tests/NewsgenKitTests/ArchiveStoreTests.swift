import Foundation
import NewsgenModel
import Testing
@testable import NewsgenKit

@Suite("Archive store: JSON Lines per source per month")
struct ArchiveStoreTests: ArchiveFolderTesting {
    private static let manager = FileManager.default

    private func date(_ text: String) throws -> Date {
        try #require(RFC3339.date(from: text))
    }

    private func article(_ id: String, _ source: String = "harbor-gazette", title: String = "Story",
                         published: String? = nil, updated: String? = nil) throws -> Article {
        Article(id: id, slug: "s-" + id, sourceID: source, title: title,
                published: try published.map(date), updated: try updated.map(date))
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Inode and modification date: both stay when a file is not rewritten (atomic writes replace the inode).
    private func identity(_ url: URL) throws -> String {
        let attributes = try Self.manager.attributesOfItem(atPath: url.path)
        return "\(attributes[.systemFileNumber] ?? "?") \(attributes[.modificationDate] ?? "?")"
    }

    private func sample() throws -> Archive {
        Archive(articlesBySource: [
            "harbor-gazette": [
                try article("00000000000000a1", published: "2026-11-03T10:00:00Z"),
                try article("00000000000000a2", published: "2026-10-31T23:30:00Z"),
                try article("00000000000000a3", updated: "2026-11-30T00:00:00Z"),
                try article("00000000000000a4"),
            ],
            "articles": [try article("00000000000000b1", "articles", published: "2025-01-15T08:00:00.250Z")],
        ])
    }

    @Test(arguments: [
        ("2026-11-03T10:00:00Z", nil, "2026-11.jsonl"),
        ("2026-10-31T23:59:59Z", "2026-12-01T00:00:00Z", "2026-10.jsonl"),
        (nil, "2026-12-01T00:00:00+01:00", "2026-11.jsonl"),
        ("1969-12-31T23:59:59.500Z", nil, "1969-12.jsonl"),
        (nil, nil, "undated.jsonl"),
    ] as [(String?, String?, String)])
    func monthFileIsTheArticleDateInUTC(published: String?, updated: String?, expected: String) throws {
        #expect(ArchiveStore.fileName(for: try article("00000000000000a1", published: published, updated: updated)) == expected)
    }

    @Test func roundTripsWithExactNamesAndBytes() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let archive = try sample()
        try store(folder).save(archive)
        #expect(try store(folder).load() == archive)
        #expect(files(under: folder) == [
            "archive.json", "articles/2025-01.jsonl",
            "harbor-gazette/2026-10.jsonl", "harbor-gazette/2026-11.jsonl", "harbor-gazette/undated.jsonl",
        ])

        let one = Article(id: "00000000000000c1", slug: "one", sourceID: "city-council", title: "One / \"two\"\nthree",
                          link: "https://example.org/a/1", published: try date("2026-11-03T10:00:00Z"), tags: ["x", "y"])
        let two = Article(id: "00000000000000c0", slug: "zero", sourceID: "city-council", title: "Zero",
                          updated: try date("2026-11-01T00:00:00.5Z"), summaryHTML: "<p>é</p>")
        try store(folder).save(Archive(articlesBySource: ["city-council": [one, two]]))
        #expect(files(under: folder) == ["archive.json", "city-council/2026-11.jsonl"])
        #expect(try text(folder.appendingPathComponent("city-council/2026-11.jsonl")) == """
            {"id":"00000000000000c0","slug":"zero","sourceID":"city-council","summaryHTML":"<p>é</p>","tags":[],"title":"Zero","updated":"2026-11-01T00:00:00.500Z"}
            {"id":"00000000000000c1","link":"https://example.org/a/1","published":"2026-11-03T10:00:00Z","slug":"one","sourceID":"city-council","tags":["x","y"],"title":"One / \\"two\\"\\nthree"}

            """)
    }

    @Test func savingTheSameArchiveTwiceRewritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        try store(folder).save(try sample())
        let paths = files(under: folder)
        let before = try paths.map { try identity(folder.appendingPathComponent($0)) }
        let bytes = try paths.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        Thread.sleep(forTimeInterval: 0.02)
        try store(folder).save(try store(folder).load())
        #expect(files(under: folder) == paths)
        #expect(try paths.map { try identity(folder.appendingPathComponent($0)) } == before)
        #expect(try paths.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == bytes)
    }

    @Test func monthFilesAndFoldersNoLongerNeededGoAndNothingElseIsTouched() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let extras = [
            "README.md": "# The archive\n", "state.json": "{\"version\":1,\"sources\":{}}\n", ".gitkeep": "",
            "harbor-gazette/notes.txt": "mine\n", "Old Stuff/2020-01.jsonl": "not an archive\n", ".git/x.jsonl": "nor this\n",
        ]
        for (path, content) in extras { try write(content, to: folder.appendingPathComponent(path)) }
        try store(folder).save(try sample())
        let untouched = try identity(folder.appendingPathComponent("harbor-gazette/2026-10.jsonl"))

        // a1 moves from November to December; a3 and a4 leave; "articles" loses its only article.
        let moved = Archive(articlesBySource: ["harbor-gazette": [
            try article("00000000000000a1", published: "2026-12-03T10:00:00Z"),
            try article("00000000000000a2", published: "2026-10-31T23:30:00Z"),
        ]])
        try store(folder).save(moved)
        #expect(files(under: folder) == [
            ".git/x.jsonl", ".gitkeep", "Old Stuff/2020-01.jsonl", "README.md", "archive.json",
            "harbor-gazette/2026-10.jsonl", "harbor-gazette/2026-12.jsonl", "harbor-gazette/notes.txt", "state.json",
        ])
        #expect(!Self.manager.fileExists(atPath: folder.appendingPathComponent("articles").path))
        #expect(try identity(folder.appendingPathComponent("harbor-gazette/2026-10.jsonl")) == untouched)
        for (path, content) in extras { #expect(try text(folder.appendingPathComponent(path)) == content) }
        #expect(try store(folder).load() == moved)

        // A source folder that holds someone's file stays when its articles leave.
        try store(folder).save(Archive())
        #expect(files(under: folder) == [".git/x.jsonl", ".gitkeep", "Old Stuff/2020-01.jsonl", "README.md", "archive.json",
                                         "harbor-gazette/notes.txt", "state.json"])
    }

    private static let valid = #"{"id":"00000000000000a1","slug":"a","sourceID":"harbor-gazette","tags":[],"title":"A"}"#

    @Test(arguments: [
        (#"{"id":"00000000000000a2","slug":"b","sourceID":"harbor-gazette","tags":[]}"#, "'title' is missing"),
        (#"{"id":"00000000000000a2","#, "not valid JSON"),
        (#"[1, 2]"#, "not a JSON object"),
        (#"{"id":"00000000000000a2","slug":"b","sourceID":"harbor-gazette","tags":"x","title":"B"}"#, "'tags' must be a list"),
        (#"{"id":"00000000000000a2","slug":"b","sourceID":"harbor-gazette","tags":[3],"title":"B"}"#, "'tags[0]' must be a string"),
        (#"{"id":"00000000000000a2","slug":"b","sourceID":"harbor-gazette","tags":[],"title":null}"#, "'title' is null"),
        (#"{"id":"00000000000000a2","published":"2026-13-01T00:00:00Z","slug":"b","sourceID":"harbor-gazette","tags":[],"title":"B"}"#,
         "'published': '2026-13-01T00:00:00Z' is not an RFC 3339 date"),
        (#"{"id":"00000000000000a2","slug":"b","sourceID":"city-council","tags":[],"title":"B"}"#,
         "the article's sourceID is 'city-council', but it is in the folder of source 'harbor-gazette'"),
    ])
    func aBadLineStopsTheLoadNamingItsNumberAndLeavesTheFile(line: String, reason: String) throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let file = folder.appendingPathComponent("harbor-gazette/2026-11.jsonl")
        let content = Self.valid + "\n  \r\n" + line + "\n"
        try write(content, to: file)
        #expect(throws: BuildError(path: "content/archive/harbor-gazette/2026-11.jsonl:3", reason + "; the file was left untouched")) {
            _ = try store(folder).load()
        }
        #expect(try text(file) == content)
    }

    @Test func blankLinesAndCRLFAreAccepted() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        try write("\n" + Self.valid + "\r\n\n\t\n", to: folder.appendingPathComponent("harbor-gazette/2026-11.jsonl"))
        let loaded = try store(folder).load()
        #expect(loaded == Archive(articlesBySource: ["harbor-gazette": [Article(id: "00000000000000a1", slug: "a", sourceID: "harbor-gazette", title: "A")]]))
    }

    @Test func anArticleTwiceInOneFileIsAnErrorNamingBothLines() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let file = folder.appendingPathComponent("harbor-gazette/2026-11.jsonl")
        try write(Self.valid + "\n\n" + Self.valid + "\n", to: file)
        #expect(throws: BuildError(path: "content/archive/harbor-gazette/2026-11.jsonl:3",
                                   "article '00000000000000a1' is also at line 1; remove one of the two (the archive was left untouched)")) {
            _ = try store(folder).load()
        }
        #expect(try text(file) == Self.valid + "\n\n" + Self.valid + "\n")
    }

    /// What an interrupted save of a newsgen from before the journal left when an article changed month:
    /// the copy in the file written last is the one the move wrote, and the next save keeps only it.
    @Test func anArticleInTwoMonthFilesKeepsTheCopyWrittenLastWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let old = folder.appendingPathComponent("harbor-gazette/2026-10.jsonl")
        let new = folder.appendingPathComponent("harbor-gazette/2026-11.jsonl")
        let moved = Self.valid.replacingOccurrences(of: #""title":"A""#, with: #""title":"A, moved""#)
        try write(Self.valid + "\n", to: old)
        try write(Self.valid.replacingOccurrences(of: "a1", with: "a2") + "\n" + moved + "\n", to: new)
        try Self.manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: old.path)
        try Self.manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_060)], ofItemAtPath: new.path)

        let loaded = try store(folder).loadRepairing()
        #expect(loaded.archive.articlesBySource["harbor-gazette"]?.map(\.title) == ["A, moved", "A"])
        #expect(loaded.warnings == [BuildWarning(path: "content/archive/harbor-gazette/2026-11.jsonl:2",
            "article '00000000000000a1' was also at content/archive/harbor-gazette/2026-10.jsonl:1, left there by a save that was cut short; "
            + "the copy written last is kept, and this build's save removes the other")])

        // The other way round: the older file was written last.
        try Self.manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_120)], ofItemAtPath: old.path)
        #expect(try store(folder).load().articlesBySource["harbor-gazette"]?.map(\.title) == ["A", "A"])
    }

    @Test func saveRefusesWhatLoadCouldNotReadBackAndWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let stray = try article("00000000000000a1", "city-council")
        #expect(throws: BuildError(path: "content/archive", "cannot hold article '00000000000000a1' of source 'city-council' under source 'harbor-gazette'")) {
            try store(folder).save(Archive(articlesBySource: ["harbor-gazette": [stray]]))
        }
        let twice = Archive(articlesBySource: ["city-council": [stray], "harbor-gazette": [try article("00000000000000a1")]])
        #expect(throws: BuildError(path: "content/archive", "cannot hold article '00000000000000a1' twice")) {
            try store(folder).save(twice)
        }
        #expect(files(under: folder).isEmpty)
    }

    /// A version-1 file exactly as newsgen wrote it before (pretty, sorted keys, two-space indent).
    private static let oldFile = """
        {
          "articles" : [
            {
              "id" : "00000000000000a1",
              "link" : "https://example.org/a/1",
              "published" : "2026-11-03T10:00:00Z",
              "slug" : "one",
              "sourceID" : "harbor-gazette",
              "tags" : [
                "x"
              ],
              "title" : "Old one"
            },
            {
              "id" : "00000000000000a2",
              "slug" : "two",
              "sourceID" : "harbor-gazette",
              "tags" : [

              ],
              "title" : "Old two"
            }
          ],
          "source" : "harbor-gazette",
          "version" : 1
        }

        """

    @Test func anOldArchiveMigratesOnSave() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        try write(Self.oldFile, to: folder.appendingPathComponent("harbor-gazette.json"))
        try write("{\"version\":1,\"sources\":{}}\n", to: folder.appendingPathComponent("state.json"))
        try write("# The archive\n", to: folder.appendingPathComponent("README.md"))
        // A half-finished migration: a2 already lives in the new layout, with a newer title.
        try write(Self.valid.replacingOccurrences(of: "a1", with: "a2").replacingOccurrences(of: "\"A\"", with: "\"New two\"") + "\n",
                  to: folder.appendingPathComponent("harbor-gazette/undated.jsonl"))

        let loaded = try store(folder).load()
        let expected = Archive(articlesBySource: ["harbor-gazette": [
            Article(id: "00000000000000a1", slug: "one", sourceID: "harbor-gazette", title: "Old one", link: "https://example.org/a/1",
                    published: try date("2026-11-03T10:00:00Z"), tags: ["x"]),
            Article(id: "00000000000000a2", slug: "a", sourceID: "harbor-gazette", title: "New two"),
        ]])
        #expect(loaded == expected)

        try store(folder).save(loaded)
        #expect(files(under: folder) == ["README.md", "archive.json", "harbor-gazette/2026-11.jsonl", "harbor-gazette/undated.jsonl", "state.json"])
        #expect(try text(folder.appendingPathComponent("harbor-gazette/2026-11.jsonl")) ==
            #"{"id":"00000000000000a1","link":"https://example.org/a/1","published":"2026-11-03T10:00:00Z","slug":"one","sourceID":"harbor-gazette","tags":["x"],"title":"Old one"}"# + "\n")
        #expect(try text(folder.appendingPathComponent("state.json")) == "{\"version\":1,\"sources\":{}}\n")
        #expect(try text(folder.appendingPathComponent("README.md")) == "# The archive\n")
        #expect(try store(folder).load() == expected)
    }

    @Test func aCorruptOldFileIsAnErrorAndIsNeverRemoved() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let file = folder.appendingPathComponent("harbor-gazette.json")
        let broken = Self.oldFile.replacingOccurrences(of: "\"title\" : \"Old two\"", with: "\"title\" : 2")
        try write(broken, to: file)
        #expect(throws: BuildError(path: "content/archive/harbor-gazette.json",
                                   "cannot be read as an archive file (at articles[1].title: Expected to decode String but found number instead.); it was left untouched")) {
            _ = try store(folder).load()
        }
        try write("{\"version\": 1, ", to: folder.appendingPathComponent("city-council.json"))
        try store(folder).save(Archive(articlesBySource: ["articles": [try article("00000000000000b1", "articles")]]))
        #expect(files(under: folder) == ["archive.json", "articles/undated.jsonl", "city-council.json", "harbor-gazette.json"])
        #expect(try text(file) == broken)
    }

    @Test func tenThousandArticlesRoundTrip() throws {
        let folder = try temporaryFolder()
        defer { try? Self.manager.removeItem(at: folder) }
        let start = try date("2020-01-01T00:00:00Z")
        let sources = ["harbor-gazette", "city-council", "valley-science", "articles"]
        var bySource: [String: [Article]] = [:]
        for index in 0..<10_000 {
            let source = sources[index % sources.count]
            bySource[source, default: []].append(Article(
                id: String(format: "%016x", index &* 2_654_435_761 % 1_000_003), slug: "story-\(index)", sourceID: source,
                title: "Story \(index)", link: "https://example.org/\(index)", published: start.addingTimeInterval(Double(index) * 20_000),
                summaryHTML: "<p>Summary of story \(index), long enough to look like one.</p>", tags: ["tag-\(index % 7)"]))
        }
        let archive = Archive(articlesBySource: bySource)
        try store(folder).save(archive)
        #expect(files(under: folder).count == 4 * 77 + 1)  // and archive.json
        #expect(try store(folder).load() == archive)
    }
}
