import Foundation
@testable import NewsgenKit
import NewsgenModel
import Testing

/// When `newsgen serve` says that nothing is archived from the url sources (ADR 058).
@Suite("Nothing archived from the url sources")
struct NothingArchivedTests {
    @Test func onlyURLSourcesWithoutAMonthFileCount() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nothing-archived-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let wire = SourceConfig(id: "wire", location: .url(URL(string: "http://127.0.0.1:9/feed.xml")!))
        let file = SourceConfig(id: "file", location: .file("feeds/a.xml"))
        let site = Site(directory: root, config: SiteConfig(title: "Bay", sources: [file, wire]))
        #expect(site.urlSourcesHaveNothingArchived)
        #expect(!Site(directory: root, config: SiteConfig(title: "Bay", sources: [file])).urlSourcesHaveNothingArchived)
        // An empty month file, or the file source's articles, are not the url source's.
        let folder = site.archiveDirectory.appendingPathComponent("wire")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("2026-11.jsonl"))
        let other = site.archiveDirectory.appendingPathComponent("file")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: other.appendingPathComponent("2026-11.jsonl"))
        #expect(site.urlSourcesHaveNothingArchived)
        try Data("{}\n".utf8).write(to: folder.appendingPathComponent("2026-12.jsonl"))
        #expect(!site.urlSourcesHaveNothingArchived)
    }
}
