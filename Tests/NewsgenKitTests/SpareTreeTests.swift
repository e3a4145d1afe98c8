import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// The two trees of ADR 029: `public/` and `.public.spare` beside it, the spare one brought up to the
/// new site (writing only what differs) and exchanged with the output. Seeded random sites, so a
/// failure names the round that found it.
@Suite("Publishing into the spare tree and exchanging it")
struct SpareTreeTests {
    /// A folder with `public/` in it, and the site it should hold.
    private struct Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spare-\(UUID().uuidString)")
        var output: URL { root.appendingPathComponent("public") }
        var spare: URL { root.appendingPathComponent(".public.spare") }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func publish(_ site: [String: String], exchange: SiteSwap.Exchange = .whereSupported) throws -> (result: PublishResult, work: SpareTree.Work) {
            let files = site.keys.sorted().map { OutputFile(path: $0, data: Data(site[$0]!.utf8)) }
            var publisher = Publisher(output: output, shownAs: "public")
            publisher.exchange = exchange
            return try publisher.publishCountingWork(files, staticDirectory: nil)
        }
    }

    /// Everything under `folder`: each regular file's text; folders as "/", anything else as "?".
    private static func contents(of folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        while let relative = walker.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(relative).path)
            switch attributes[.type] as? FileAttributeType {
            case .typeRegular?: found[relative] = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            case .typeDirectory?: found[relative] = "/"
            default: found[relative] = "?"
            }
        }
        return found
    }

    /// `site`'s files and the folders they are in, as `contents(of:)` shows them.
    private static func expected(_ site: [String: String]) -> [String: String] {
        var tree = site
        for path in site.keys { for folder in PublishPlan.parents(of: path) { tree[folder] = "/" } }
        return tree
    }

    /// A site of `count` pages spread over folders.
    private static func site(_ count: Int, seed: Int) -> [String: String] {
        var site: [String: String] = [:]
        for index in 0..<count { site["articles/\(index % 17)/\(index)/index.html"] = "<p>page \(index), version \(seed)</p>" }
        site["index.html"] = "<h1>Home</h1>"
        return site
    }

    /// Changes, adds and removes a few random pages; returns the new site and the paths whose bytes changed or are new.
    private static func change(_ site: [String: String], round: Int, using random: inout SeededRandom) -> ([String: String], Set<String>) {
        var next = site
        var changed: Set<String> = []
        let paths = site.keys.sorted()
        for _ in 0..<random.next(below: 12) {
            let path = paths[random.next(below: paths.count)]
            switch random.next(below: 4) {
            case 0: next[path] = nil
            case 1:
                let path = "articles/new/\(round)-\(random.next(below: 1_000))/index.html"
                next[path] = "<p>new in round \(round)</p>"
                changed.insert(path)
            default:
                next[path] = "<p>\(path) in round \(round)</p>"
                changed.insert(path)
            }
        }
        return (next, changed.filter { next[$0] != nil && next[$0] != site[$0] })
    }

    @Test(arguments: [SiteSwap.Exchange.whereSupported, .never])
    func afterManyBuildsWithRandomChangesBothTreesAreExact(exchange: SiteSwap.Exchange) throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        var random = SeededRandom(seed: exchange == .never ? 11 : 7)
        var site = Self.site(300, seed: 0)
        var previous: [String: String]?
        var changedBefore: Set<String> = []
        _ = try scratch.publish(site, exchange: exchange)
        for round in 1...25 {
            previous = site
            let changed: Set<String>
            (site, changed) = Self.change(site, round: round, using: &random)
            let (result, work) = try scratch.publish(site, exchange: exchange)

            #expect(try Self.contents(of: scratch.output) == Self.expected(site), "round \(round): public/")
            #expect(try Self.contents(of: scratch.spare) == Self.expected(previous ?? [:]), "round \(round): the spare tree is the site before")
            #expect(result.written == changed.count && result.kept == site.count - changed.count, "round \(round): \(result)")
            #expect(work.wrote == changed.count, "round \(round): only the changed files are written: \(work)")
            if round > 1 {
                // The spare tree had the site of two builds ago: the files the last build changed are linked again.
                #expect(work.linked <= changedBefore.count, "round \(round): \(work), \(changedBefore.count) changed before")
            }
            changedBefore = changed
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted() == [".public.spare", "public"])
    }

    @Test func aBuildThatChangesAFewFilesOfALargeSiteWritesAboutThoseFiles() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        var site = Self.site(2_000, seed: 0)
        _ = try scratch.publish(site)
        let second = try scratch.publish(site)
        #expect(second.result == PublishResult(written: 0, kept: 2_001, removed: 0))
        #expect(second.work == SpareTree.Work(wrote: 0, linked: 2_001, removed: 0), "the first spare tree is linked in full, once")

        for round in 1...3 {
            let changes = Set((0..<100).map { ($0 * 19 + round) % 2_000 }.map { "articles/\($0 % 17)/\($0)/index.html" })
            for path in changes { site[path] = "<p>\(path) in round \(round)</p>" }
            #expect(changes.count == 100 && site.count == 2_001)
            let (result, work) = try scratch.publish(site)
            #expect(result == PublishResult(written: changes.count, kept: site.count - changes.count, removed: 0))
            #expect(work.wrote == changes.count && work.removed == 0, "round \(round): \(work)")
            #expect(work.linked == (round == 1 ? 0 : 100), "round \(round): only the last build's changes are linked again: \(work)")
            #expect(try Self.contents(of: scratch.output) == Self.expected(site))
        }

        // Retention drops half the archive at once: each page's folder goes from the spare tree as one removal.
        let dropped = site.keys.filter { $0.hasPrefix("articles/") && Int($0.split(separator: "/")[2])! % 2 == 0 }
        for path in dropped { site[path] = nil }
        #expect(try scratch.publish(site).result == PublishResult(written: 0, kept: 1_001, removed: 1_000))
        let (result, work) = try scratch.publish(site)
        #expect(result == PublishResult(written: 0, kept: 1_001, removed: 0))
        #expect(work.removed == 1_000 && work.wrote == 0, "\(work)")
        #expect(try Self.contents(of: scratch.output) == Self.expected(site))
        #expect(try Self.contents(of: scratch.spare) == Self.expected(site))
    }

    @Test func aSpareTreeLeftHalfUpdatedOrTamperedWithIsPutRight() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let first = Self.site(40, seed: 1), second = Self.site(40, seed: 2)
        _ = try scratch.publish(first)
        _ = try scratch.publish(second)
        let fm = FileManager.default
        let spare = scratch.spare
        // What a build killed halfway, or a person, may leave: a file half written, a file the site does not have,
        // a folder where a file goes, a file where a folder goes, a missing file, a link out of the tree.
        try fm.removeItem(at: spare.appendingPathComponent("index.html"))
        try Data("<h1>Ho".utf8).write(to: spare.appendingPathComponent("index.html"))
        try Data("junk".utf8).write(to: spare.appendingPathComponent("articles/0/stray.html"))
        try fm.removeItem(at: spare.appendingPathComponent("articles/1/1/index.html"))
        try fm.createDirectory(at: spare.appendingPathComponent("articles/1/1/index.html/inside"), withIntermediateDirectories: true)
        try fm.removeItem(at: spare.appendingPathComponent("articles/2"))
        try Data("a file".utf8).write(to: spare.appendingPathComponent("articles/2"))
        try fm.removeItem(at: spare.appendingPathComponent("articles/3/3/index.html"))
        try fm.createSymbolicLink(atPath: spare.appendingPathComponent("articles/4/link").path, withDestinationPath: "/etc")
        try fm.removeItem(at: spare.appendingPathComponent("articles/4/4/index.html"))
        try fm.createSymbolicLink(atPath: spare.appendingPathComponent("articles/4/4/index.html").path, withDestinationPath: "/etc/hostname")
        let third = Self.site(40, seed: 3)

        _ = try scratch.publish(third)

        #expect(try Self.contents(of: scratch.output) == Self.expected(third))
        #expect(try Self.contents(of: scratch.output).values.contains("?") == false, "no link inside public/")
    }

    @Test func aSpareNameThatIsALinkIsRemovedNotFollowed() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let elsewhere = scratch.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: elsewhere.appendingPathComponent("keep.txt"))
        _ = try scratch.publish(Self.site(5, seed: 1))
        try FileManager.default.createSymbolicLink(at: scratch.spare, withDestinationURL: elsewhere)

        _ = try scratch.publish(Self.site(5, seed: 2))

        #expect(try Self.contents(of: elsewhere) == ["keep.txt": "mine"])
        #expect(try Self.contents(of: scratch.output) == Self.expected(Self.site(5, seed: 2)))
        #expect(PublishDisk.isFolder(scratch.spare.path))
    }

    @Test func withoutTheExchangeTheFallbackLeavesNoRetiredSiteAndKeepsTheSpareTree() throws {
        let scratch = Scratch()
        defer { scratch.remove() }
        let first = Self.site(20, seed: 1), second = Self.site(20, seed: 2)
        _ = try scratch.publish(first, exchange: .never)
        _ = try scratch.publish(second, exchange: .never)
        let (result, work) = try scratch.publish(second, exchange: .never)

        #expect(result == PublishResult(written: 0, kept: 21, removed: 0))
        #expect(work.wrote == 0, "the fallback also starts from the spare tree: \(work)")
        #expect(try Self.contents(of: scratch.output) == Self.expected(second))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).sorted() == [".public.spare", "public"])
    }
}
