import Foundation
import Testing
@testable import NewsgenKit

/// A file on disk as the publish left it: which file it is, when it was last written, what it holds.
private struct Stamp: Equatable {
    var inode: UInt64
    var modified: Date
    var data: Data
}

/// A temporary folder with a site's output (`public/`) and `static/` folder, and a way to publish into it.
private struct Scratch {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("publisher-\(UUID().uuidString)")
    var output: URL { root.appendingPathComponent("public") }
    var staticFolder: URL { root.appendingPathComponent("static") }

    func remove() { try? FileManager.default.removeItem(at: root) }

    @discardableResult
    func publish(_ files: [OutputFile], withStatic: Bool = false) throws(BuildError) -> PublishResult {
        try Publisher(output: output, shownAs: "public").publish(files, staticDirectory: withStatic ? staticFolder : nil)
    }

    /// Writes `text` at `relative` under the scratch folder, making the folders above it.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> URL {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every file under `folder` (hidden ones and `.git` too), by relative path.
    func stamps(_ folder: String = "public") throws -> [String: Stamp] {
        let base = root.appendingPathComponent(folder)
        var stamps: [String: Stamp] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
        while let relative = enumerator.nextObject() as? String {
            let url = base.appendingPathComponent(relative)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            stamps[relative] = Stamp(inode: try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value),
                                     modified: try #require(attributes[.modificationDate] as? Date),
                                     data: try Data(contentsOf: url))
        }
        return stamps
    }

    /// What is in the scratch folder itself (no staging or retired folder may stay behind).
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() }
}

private func file(_ path: String, _ text: String) -> OutputFile { OutputFile(path: path, data: Data(text.utf8)) }

/// A small site: pages in folders, a feed and an image published from a file beside it.
private func site(image: URL, home: String = "<h1>Home</h1>") -> [OutputFile] {
    var picture = OutputFile(path: "media/ferry.png", data: Data())
    picture.sourceFile = image
    return [file("index.html", home), file("articles/a/index.html", "<p>A</p>"), file("articles/b/index.html", "<p>B</p>"),
            file("feed.xml", "<feed/>"), file("robots.txt", "Sitemap: /sitemap.xml"), picture]
}

@Suite("Publishing without rewriting unchanged files")
struct IncrementalPublisherTests {
    @Test func aSecondPublishOfTheSameFilesKeepsEveryInodeAndModificationTime() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let first = try scratch.publish(site(image: try scratch.write("media-1/ferry.png", "PNG bytes")))
        #expect(first == PublishResult(written: 6, kept: 0, removed: 0))
        let before = try scratch.stamps()
        #expect(before.count == 6)

        // The Enrich stage hands each build a fresh image file: same bytes, another inode.
        let second = try scratch.publish(site(image: try scratch.write("media-2/ferry.png", "PNG bytes")))

        #expect(second == PublishResult(written: 0, kept: 6, removed: 0))
        #expect(try scratch.stamps() == before)
        // The first site stays beside the output as the spare tree the next publish starts from (ADR 029).
        #expect(try scratch.entries() == [".public.spare", "media-1", "media-2", "public"])
    }

    @Test func aChangedFileGetsItsNewBytesAndTheOthersKeepTheirInodes() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try scratch.write("media/ferry.png", "PNG bytes")
        try scratch.publish(site(image: image))
        let before = try scratch.stamps()

        // Same size, other bytes: sizes alone must not decide.
        let result = try scratch.publish(site(image: image, home: "<h1>Hone</h1>"))

        #expect(result == PublishResult(written: 1, kept: 5, removed: 0))
        let after = try scratch.stamps()
        #expect(after["index.html"]?.data == Data("<h1>Hone</h1>".utf8))
        #expect(after["index.html"]?.inode != before["index.html"]?.inode)
        #expect(after.filter { $0.key != "index.html" } == before.filter { $0.key != "index.html" })
    }

    @Test func aChangedImageIsPublishedFromItsNewFile() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        try scratch.publish(site(image: try scratch.write("media-1/ferry.png", "PNG bytes")))
        let newImage = try scratch.write("media-2/ferry.png", "PNG bytes, retouched")

        let result = try scratch.publish(site(image: newImage))

        #expect(result == PublishResult(written: 1, kept: 5, removed: 0))
        let published = try #require(try scratch.stamps()["media/ferry.png"])
        #expect(published.data == Data("PNG bytes, retouched".utf8))
        let sourceInode = try FileManager.default.attributesOfItem(atPath: newImage.path)[.systemFileNumber] as? NSNumber
        #expect(published.inode == sourceInode?.uint64Value, "hard-linked from the Enrich stage's file, not copied")
    }

    @Test func aFileTheSiteNoLongerHasDisappears() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try scratch.write("media/ferry.png", "PNG bytes")
        try scratch.publish(site(image: image))
        let before = try scratch.stamps()

        let result = try scratch.publish(site(image: image).filter { $0.path != "articles/b/index.html" })

        #expect(result == PublishResult(written: 0, kept: 5, removed: 1))
        #expect(try scratch.stamps() == before.filter { $0.key != "articles/b/index.html" })
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("articles/b").path))
    }

    @Test func staticFilesWinAreCopiedAndAreKeptWhileUnchanged() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try scratch.write("media/ferry.png", "PNG bytes")
        let cname = try scratch.write("static/CNAME", "news.example.org")
        try scratch.write("static/articles/a/index.html", "<p>mine</p>")
        try scratch.write("static/robots.txt", "Disallow: /drafts/")

        let first = try scratch.publish(site(image: image), withStatic: true)

        #expect(first == PublishResult(written: 7, kept: 0, removed: 0))
        var before = try scratch.stamps()
        #expect(before["articles/a/index.html"]?.data == Data("<p>mine</p>".utf8), "static/ wins over a generated file")
        #expect(before["robots.txt"]?.data == Data("Sitemap: /sitemap.xml\nDisallow: /drafts/".utf8), "the site's lines after newsgen's")
        let cnameInode = try FileManager.default.attributesOfItem(atPath: cname.path)[.systemFileNumber] as? NSNumber
        #expect(before["CNAME"]?.inode != cnameInode?.uint64Value, "a copy: editing public/ never edits static/")

        #expect(try scratch.publish(site(image: image), withStatic: true) == PublishResult(written: 0, kept: 7, removed: 0))
        #expect(try scratch.stamps() == before)

        try scratch.write("static/robots.txt", "Disallow: /private/")
        try scratch.write("static/CNAME", "news.example.net")
        #expect(try scratch.publish(site(image: image), withStatic: true) == PublishResult(written: 2, kept: 5, removed: 0))
        let after = try scratch.stamps()
        #expect(after["CNAME"]?.data == Data("news.example.net".utf8))
        #expect(after["robots.txt"]?.data == Data("Sitemap: /sitemap.xml\nDisallow: /private/".utf8))
        for changed in ["CNAME", "robots.txt"] {
            #expect(after[changed]?.inode != before[changed]?.inode, "\(changed)")
            before[changed] = after[changed]
        }
        #expect(after == before)
    }

    @Test func theRepositorysOwnEntriesAreCarriedOverUntouched() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try scratch.write("media/ferry.png", "PNG bytes")
        try scratch.publish(site(image: image))
        try scratch.write("public/README.md", "Published by newsgen.")
        try scratch.write("public/.gitignore", "*.tmp")
        try scratch.write("public/.git/HEAD", "ref: refs/heads/main")
        try scratch.write("public/.git/objects/ab/cdef", "object")
        try scratch.write("public/stale.html", "gone next time")
        let before = try scratch.stamps()

        let result = try scratch.publish(site(image: image))

        #expect(result == PublishResult(written: 0, kept: 6, removed: 1), "the repository's entries are not the site's files")
        #expect(try scratch.stamps() == before.filter { $0.key != "stale.html" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.output.path).sorted()
            == [".git", ".gitignore", "README.md", "articles", "feed.xml", "index.html", "media", "robots.txt"])
    }

    @Test func aPathThatCollidesWithAFolderLeavesThePreviousSiteAsItWas() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let image = try scratch.write("media/ferry.png", "PNG bytes")
        try scratch.publish(site(image: image))
        let before = try scratch.stamps()

        #expect(throws: BuildError(path: "public", "cannot be written (articles: Not a directory); the previous site was left as it was")) {
            try scratch.publish(site(image: image, home: "<h1>New</h1>") + [file("articles", "a file where a folder is")])
        }
        #expect(try scratch.stamps() == before)
        #expect(try scratch.entries() == ["media", "public"])
    }

    @Test func anImageThatIsGoneLeavesThePreviousSiteAsItWas() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        try scratch.publish(site(image: try scratch.write("media/ferry.png", "PNG bytes")))
        let before = try scratch.stamps()

        let missing = scratch.root.appendingPathComponent("media/missing.png")
        #expect(throws: BuildError(path: "public", "cannot be written (media/ferry.png: source \(missing.path): No such file or directory); "
                                                 + "the previous site was left as it was")) {
            try scratch.publish(site(image: missing))
        }
        #expect(try scratch.stamps() == before)
        // The spare tree it was bringing up to date stays, for the next publish to put right (ADR 029).
        #expect(try scratch.entries() == [".public.spare", "media", "public"])
    }

    /// Every page in its own folder, as a real site's articles are.
    @Test func manyUnchangedFilesAreAllKept() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let page = String(repeating: "<p>Paragraph of an article.</p>\n", count: 100)
        let files = (0..<2_000).map { file("articles/\($0)/index.html", "<h1>Article \($0)</h1>\n" + page) }
        #expect(try scratch.publish(files) == PublishResult(written: 2_000, kept: 0, removed: 0))
        let before = try scratch.stamps()

        #expect(try scratch.publish(files) == PublishResult(written: 0, kept: 2_000, removed: 0))
        #expect(try scratch.stamps() == before)
    }
}
