import Foundation
import Testing
@testable import NewsgenKit

/// The parts of a bulk `newsgen extract` (ADR 063): the list, the output names, the folder, the spacing per host.
@Suite("Bulk extract: list, names, folder, spacing")
struct BulkExtractionTests {
    @Test func aListHasOnePageALineAndMaySayItsURL() {
        let text = "# saved on Monday\r\na.html\n\n  b page.html\thttps://example.org/b \r\nhttps://example.org/c\n\t\n#x\tnot a page\nd.html\t\n"
        #expect(PageList.parse(text) == [
            PageListEntry(source: "a.html"),
            PageListEntry(source: "b page.html", base: "https://example.org/b"),
            PageListEntry(source: "https://example.org/c"),
            PageListEntry(source: "d.html"),
        ])
        #expect(PageList.parse("") == [])
        #expect(PageList.parse("# only comments\n\n") == [])
    }

    @Test func aListThatIsNoTextOrNotThereIsNamed() throws {
        #expect(throws: InspectError(source: "--list x", "is not UTF-8 text")) { try PageList.parse(Data([0xff, 0xfe, 0x00]), source: "--list x") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-list-\(UUID().uuidString)")
        #expect(throws: InspectError(source: "--list nowhere.txt", "not found")) { try PageList.read("nowhere.txt", currentDirectory: folder) }
    }

    @Test func outputNamesAreTheFileNamesWithoutHTMLAndNeverClash() {
        #expect(OutputNames.stem(of: "pages/story.html") == "story")
        #expect(OutputNames.stem(of: "Story.HTM") == "Story")
        #expect(OutputNames.stem(of: "notes.txt") == "notes.txt")
        #expect(OutputNames.stem(of: "https://example.org/2026/story.html?x=1") == "story")
        #expect(OutputNames.stem(of: "https://example.org/") == "example.org")
        #expect(OutputNames.stem(of: "..") == "page")
        #expect(OutputNames.stem(of: ".html") == "page")
        var names = OutputNames()
        #expect(names.claim(for: "a/story.html", fileExtension: "txt") == "story.txt")
        #expect(names.claim(for: "b/story.html", fileExtension: "txt") == "story-2.txt")
        #expect(names.claim(for: "story-2.html", fileExtension: "txt") == "story-2-2.txt")
        #expect(names.claim(for: "c/STORY.htm", fileExtension: "txt") == "STORY-3.txt")
        #expect(names.claim(for: "other.html", fileExtension: "txt") == "other.txt")
    }

    @Test func theFolderIsMadeAndEachFileReplacedWhole() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var folder = ExtractionFolder(root.appendingPathComponent("out/deeper"), shownAs: "out/deeper")
        #expect(try folder.write("first\n", for: "x/a.html", fileExtension: "txt") == "a.txt")
        #expect(try folder.write("second\n", for: "y/a.html", fileExtension: "txt") == "a-2.txt")
        let written = root.appendingPathComponent("out/deeper")
        #expect(try String(contentsOf: written.appendingPathComponent("a.txt"), encoding: .utf8) == "first\n")
        #expect(try String(contentsOf: written.appendingPathComponent("a-2.txt"), encoding: .utf8) == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: written.path).sorted() == ["a-2.txt", "a.txt"])
        // A second run over the same folder replaces its files.
        var again = ExtractionFolder(written, shownAs: "out/deeper")
        try again.write("third\n", for: "a.html", fileExtension: "txt")
        #expect(try String(contentsOf: written.appendingPathComponent("a.txt"), encoding: .utf8) == "third\n")
    }

    @Test func aFolderThatCannotBeWrittenNamesThePageAndTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-blocked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("a file where the folder should be".utf8).write(to: root)
        var folder = ExtractionFolder(root, shownAs: "out")
        #expect {
            try folder.write("text\n", for: "pages/a.html", fileExtension: "txt")
        } throws: { error in
            let reason = (error as? InspectError)?.description ?? ""
            return reason.hasPrefix("pages/a.html: its result cannot be written to out/a.txt (")
        }
    }

    @Test func aHostWaitsTheDelayAfterItsLastRequestEnded() {
        var spacing = HostSpacing(delay: 2)
        #expect(spacing.wait(for: "example.org", now: 100) == 0)
        spacing.ended("example.org", at: 100.5)
        #expect(spacing.wait(for: "EXAMPLE.org", now: 101) == 1.5)
        #expect(spacing.wait(for: "example.org", now: 103) == 0)
        #expect(spacing.wait(for: "other.example", now: 101) == 0)
        #expect(HostSpacing.host(of: "https://Example.org:8443/a.html") == "Example.org")
        #expect(HostSpacing.host(of: "pages/a.html") == nil)
        #expect(HostSpacing.host(of: "ftp://example.org/a") == nil)
    }
}
