import Foundation
import Testing

/// A rebuild rewrites only the files whose bytes changed: the others keep
/// their inode and modification time, through the real `newsgen` binary.
@Suite("Incremental publish, end to end", .serialized)
struct IncrementalPublishEndToEndTests {
    /// A published file: which file it is, when it was last written, what it holds.
    struct Published: Equatable {
        var inode: UInt64
        var modified: Date
        var data: Data

        func contains(_ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }
    }

    /// Every regular file under public/, by relative path.
    private func published(_ site: TemporarySite) throws -> [String: Published] {
        var files: [String: Published] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: site.publicDirectory.path))
        while let relative = enumerator.nextObject() as? String {
            let url = site.publicDirectory.appendingPathComponent(relative)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[relative] = Published(inode: try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value),
                                        modified: try #require(attributes[.modificationDate] as? Date),
                                        data: try Data(contentsOf: url))
        }
        return files
    }

    /// Builds without the last-build record, so the build publishes in full instead of stopping at "nothing changed".
    private func fullBuild(_ site: TemporarySite) throws {
        try? FileManager.default.removeItem(at: site.file(".newsgen/last-build.json"))
        let result = try site.run("build", "--offline")
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    @Test func aRebuildRewritesOnlyTheFilesThatChanged() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let oldTitle = "Counting Starlings Over the Reed Beds", newTitle = "Counting Starlings Above the Reed Beds"

        try fullBuild(site)
        let first = try published(site)
        try fullBuild(site)
        let second = try published(site)
        #expect(second == first, "no file of an unchanged site is rewritten")
        #expect(first.count > 40)

        let feed = "content/feeds/valley-science.xml"
        let text = try site.read(feed)
        try #require(text.contains("<title>\(oldTitle)</title>"))
        try site.write(feed, text.replacingOccurrences(of: "<title>\(oldTitle)</title>", with: "<title>\(newTitle)</title>"))
        try fullBuild(site)
        let third = try published(site)

        #expect(Set(third.keys) == Set(second.keys))
        let slug = try #require(try site.archivedArticles().first { $0["title"] as? String == newTitle }?["slug"] as? String)
        let page = "articles/\(slug)/index.html"
        #expect(third[page]?.contains(newTitle) == true)
        let mentioning = Set(second.filter { $0.value.contains(oldTitle) }.keys)
        #expect(mentioning.isSuperset(of: [page, "index.html", "sources/valley-science/index.html", "feed.xml"]), "the page and the lists")
        for path in mentioning.sorted() {
            #expect(third[path]?.contains(newTitle) == true, "\(path) names the new title")
        }
        for (path, before) in second.sorted(by: { $0.key < $1.key }) {
            let after = try #require(third[path])
            if after.data == before.data {
                #expect(after == before, "\(path) is unchanged, so kept: same inode and modification time")
            } else {
                #expect(after.inode != before.inode, "\(path) changed, so it is a new file")
            }
        }
        let unrelatedPages = second.filter { $0.key.hasPrefix("articles/") && $0.key.hasSuffix("/index.html") && !mentioning.contains($0.key) }
        #expect(unrelatedPages.count >= 10)
        for path in unrelatedPages.keys.sorted() {
            #expect(third[path]?.inode == second[path]?.inode, "\(path) kept its inode")
        }
    }
}
