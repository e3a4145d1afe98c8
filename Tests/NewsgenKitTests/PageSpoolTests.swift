import Foundation
import Testing
@testable import NewsgenKit

/// Rendered pages wait on disk, not in memory, and are published as if they had been held.
@Suite struct PageSpoolTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")

    @Test func aKeptPageHoldsNoBytesInMemoryAndItsFileHoldsThem() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let spool = try #require(PageSpool.make(in: root.appendingPathComponent("pages-1"), within: WriteBounds(folder: root)))
        let page = OutputFile(path: "articles/ferry/index.html", data: Data("<p>Ferry</p>".utf8))
        let kept = spool.keep(page)
        #expect(kept.data.isEmpty)
        #expect(kept.path == page.path)
        let file = try #require(kept.sourceFile)
        #expect(try Data(contentsOf: file) == page.data)
        #expect(!kept.keptFromLastBuild)
    }

    @Test func pagesOfOneFolderOnEveryCoreAllArrive() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let spool = try #require(PageSpool.make(in: root.appendingPathComponent("pages-2"), within: WriteBounds(folder: root)))
        let kept = Workers.parallelMap(200) { index in
            spool.keep(OutputFile(path: "archive/\(index % 7)/\(index)/index.html", data: Data("page \(index)".utf8)))
        }
        for (index, file) in kept.enumerated() {
            #expect(try Data(contentsOf: #require(file.sourceFile)) == Data("page \(index)".utf8))
        }
    }

    @Test func whenTheSpoolCannotBeWrittenThePageStaysInMemory() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("pages-3")
        let spool = try #require(PageSpool.make(in: folder, within: WriteBounds(folder: root)))
        try FileManager.default.removeItem(at: folder)
        try Data("a file where the spool was".utf8).write(to: folder)
        let page = OutputFile(path: "index.html", data: Data("home".utf8))
        let kept = spool.keep(page)
        #expect(kept.sourceFile == nil)
        #expect(kept.data == page.data)
    }

    @Test func aSpooledPagePublishesTheSameBytesAndIsKeptWhenUnchanged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        let page = OutputFile(path: "index.html", data: Data("home".utf8))
        try Publisher(output: output, shownAs: "public").publish([page], staticDirectory: nil)
        let spool = try #require(PageSpool.make(in: root.appendingPathComponent("pages-4"), within: WriteBounds(folder: root)))
        let result = try Publisher(output: output, shownAs: "public").publish([spool.keep(page)], staticDirectory: nil)
        #expect(result.kept == 1)
        #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == page.data)
        let changed = OutputFile(path: "index.html", data: Data("home, changed".utf8))
        let next = try #require(PageSpool.make(in: root.appendingPathComponent("pages-5"), within: WriteBounds(folder: root)))
        let spooled = next.keep(changed)
        #expect(spooled.sourceFile != nil)
        let second = try Publisher(output: output, shownAs: "public").publish([spooled], staticDirectory: nil)
        #expect(second.written == 1)
        #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == changed.data)
    }
}
