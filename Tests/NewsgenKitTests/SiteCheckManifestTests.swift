import Foundation
import Testing
@testable import NewsgenKit

/// The bookmark manifest: it loads, and every bookmark names an article in the archive.
@Suite("Site check: manifest")
struct SiteCheckManifestTests {
    /// The id of the one article the built `CheckSite` archives.
    private func archivedID(_ site: CheckSite) throws -> String {
        let archive = try ArchiveStore(directory: site.folder.appendingPathComponent("content/archive"), shownAs: "content/archive").load()
        return try #require(archive.allArticles.first?.id)
    }

    private func manifest(_ entries: [(id: String, title: String)]) -> String {
        let lines = entries.map { #"    { "id": "\#($0.id)", "added": "2026-01-05T10:00:00Z", "title": "\#($0.title)" }"# }
        return "{\n  \"version\": 1,\n  \"bookmarks\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    @Test func aBookmarkOfAnArchivedArticleIsFine() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.build()
        try site.write("bookmarks.json", manifest([(try archivedID(site), "Harbour opens")]))
        let report = site.check()
        #expect(report.findings(in: .manifest) == [])
        #expect(report.checkedSummary[2] == "1 bookmark against 1 archived article")
    }

    @Test func aBookmarkNotInTheArchiveIsAProblemAtItsID() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.build()
        try site.write("bookmarks.json", manifest([(try archivedID(site), "Harbour opens"), ("3f9a1c0d5e7b2a64", "Gone story")]))
        let report = site.check()
        #expect(report.findings(in: .manifest) == [
            CheckFinding(.problem, .manifest, location: "bookmarks.json:5:13", "bookmark 3f9a1c0d5e7b2a64 'Gone story' is not in the archive"),
        ])
        #expect(report.checkedSummary[2] == "2 bookmarks against 1 archived article")
    }

    @Test func aTakenDownBookmarkSaysSo() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.build()
        let id = try archivedID(site)
        try site.write("bookmarks.json", manifest([(id, "Harbour opens")]))
        var list = TakedownList()
        list.record(Takedown(id: id, removed: Date(timeIntervalSince1970: 1_767_607_200), title: "Harbour opens"))
        try site.write("content/archive/takedowns.json", String(decoding: list.encoded(), as: UTF8.self))
        let report = site.check()
        #expect(report.findings(in: .manifest).map(\.description)
                == ["bookmarks.json:4:13: bookmark \(id) 'Harbour opens' is not in the archive (it was taken down)"])
    }

    @Test func aManifestThatDoesNotLoadIsTheAreasOneProblem() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("bookmarks.json", """
        {
          "version": 1,
          "bookmarks": [
            { "id": "3f9a1c0d5e7b2a64", "added": "yesterday", "title": "x" }
          ]
        }
        """)
        let report = site.check()
        #expect(report.findings(in: .manifest).map(\.description) == [
            "bookmarks.json:4:42: 'bookmarks[0].added' must be an RFC 3339 date such as 2026-11-29T10:00:00Z, found 'yesterday'",
        ])
        #expect(report.checkedSummary[2] == "bookmarks.json (not valid)")
    }

    @Test func anArchiveThatDoesNotLoadIsAProblem() throws {
        let site = try CheckSite()
        defer { site.remove() }
        try site.write("content/archive/news/2026-01.jsonl", "{not json}\n")
        let report = site.check()
        let finding = try #require(report.findings(in: .manifest).first)
        #expect(report.findings(in: .manifest).count == 1)
        #expect(finding.location == "content/archive/news/2026-01.jsonl:1")
        #expect(finding.message == "not valid JSON; the file was left untouched; bookmarks were not checked against the archive")
    }
}
