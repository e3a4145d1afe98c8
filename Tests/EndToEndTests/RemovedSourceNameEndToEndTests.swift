import Foundation
import Testing

/// A source taken out of site.json by hand, its articles kept: they stay under the source's title,
/// which the archive keeps beside them (`content/archive/<id>/source.json`, ADR 061), not its bare id.
@Suite("A removed source keeps its name, end to end")
struct RemovedSourceNameEndToEndTests {
    static let now = ["SOURCE_DATE_EPOCH": "1796112000"]

    @Test func aSourceRemovedByHandIsStillShownUnderItsTitle() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        let first = try site.run("build", environment: Self.now)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let kept = try site.read("content/archive/bay-weekly/source.json")
        #expect(kept == "{\n  \"version\": 1,\n  \"title\": \"Bay Weekly\",\n  \"url\": \"https://example.org/bay-weekly/\"\n}\n")
        let stamp = try FileManager.default.attributesOfItem(atPath: site.file("content/archive/bay-weekly/source.json").path)[.modificationDate] as? Date

        try site.editConfig { config in
            config["sources"] = (config["sources"] as? [[String: Any]] ?? []).filter { $0["id"] as? String != "bay-weekly" }
        }
        let second = try site.run("build", environment: Self.now)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let page = try site.read("public/sources/bay-weekly/index.html")
        #expect(page.contains("<title>Bay Weekly"), "the removed source's page is titled by its id")
        let home = try site.read("public/index.html")
        #expect(home.contains(">Bay Weekly</a>"))
        #expect(!home.contains(">bay-weekly</a>"))
        // Nothing new about the name: the file is left as it was.
        let after = try FileManager.default.attributesOfItem(atPath: site.file("content/archive/bay-weekly/source.json").path)[.modificationDate] as? Date
        #expect(after == stamp)
    }

    /// A name file newsgen cannot read (hand-edited, or from a newer newsgen) is a warning and stays byte for byte.
    @Test func aNameFileThatCannotBeReadIsLeftUntouched() throws {
        let site = try TemporarySite.sample()
        defer { site.remove() }
        #expect(try site.run("build", environment: Self.now).status == 0)
        for text in ["{\"version\": 1, \"title\": ", "{\"version\": 2, \"title\": \"Bay Weekly\", \"motto\": \"x\"}\n"] {
            try site.write("content/archive/bay-weekly/source.json", text)
            try site.write("content/feeds/bay-weekly.xml", try site.read("content/feeds/bay-weekly.xml") + " ")
            let built = try site.run("build", environment: Self.now)
            #expect(built.status == 0, "stderr: \(built.stderr)")
            #expect(built.stderr.contains("warning: content/archive/bay-weekly/source.json: cannot be read as a version-1 source name (title, url); left untouched"),
                    "stderr: \(built.stderr)")
            #expect(try site.read("content/archive/bay-weekly/source.json") == text)
        }
    }
}
