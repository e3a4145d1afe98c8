import Foundation
import Testing
import NewsgenTestSupport

/// Kill -9 at every step of a build that brings the spare tree up to date (ADR 029), with the fault shim of
/// `FaultEndToEndTests`. The site has been built twice, so `.public.spare` holds the first site and the killed
/// build unlinks and rewrites files in it. After each kill `public/` is whole, and the next build leaves
/// `public/` byte for byte what a build without the kill makes, and a spare tree that is one of the two sites.
@Suite("Faults: kill -9 while the spare tree is brought up to date", .serialized)
struct SpareTreeFaultEndToEndTests {
    /// Every regular file under `folder` and its bytes; a link or anything else shows as "not a file".
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        while let relative = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            switch try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType {
            case .typeRegular?: files[relative] = try Data(contentsOf: url)
            case .typeDirectory?: continue
            default: files[relative] = Data("not a file".utf8)
            }
        }
        return files
    }

    private struct Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-spare-faults-\(UUID().uuidString)")
        var template: URL { root.appendingPathComponent("template") }
        var slugs: [String: String] = [:]
        /// public/ after the second build, and after a third build (the one the tests kill) run to its end.
        var second: [String: Data] = [:], third: [String: Data] = [:]

        init() throws {
            try FileManager.default.createDirectory(at: template.appendingPathComponent("feeds"), withIntermediateDirectories: true)
            try Data(#"{"title": "Faults", "baseURL": "https://example.org/", "sources": [{"id": "news", "path": "feeds/news.xml"}]}"#.utf8)
                .write(to: template.appendingPathComponent("site.json"))
            for feed in [FaultEndToEndTests.firstFeed, FaultEndToEndTests.secondFeed] {
                try FaultEndToEndTests.feed(feed).write(to: template.appendingPathComponent("feeds/news.xml"))
                let build = try Newsgen.run(["build", "--offline"], in: template)
                try #require(build.status == 0, "\(build.stderr)")
            }
            try #require(FileManager.default.fileExists(atPath: template.appendingPathComponent(".public.spare/index.html").path))
            try FaultEndToEndTests.feed(FaultEndToEndTests.thirdFeed).write(to: template.appendingPathComponent("feeds/news.xml"))
            slugs = Dictionary(uniqueKeysWithValues: try FaultEndToEndTests.archived(in: template).map { ($0.link, $0.slug) })
            second = try SpareTreeFaultEndToEndTests.tree(template.appendingPathComponent("public"))
            let reference = try copy("reference")
            let build = try Newsgen.run(["build", "--offline"], in: reference)
            try #require(build.status == 0, "\(build.stderr)")
            third = try SpareTreeFaultEndToEndTests.tree(reference.appendingPathComponent("public"))
            try #require(third != second, "the killed build must change the site")
        }

        /// A fresh copy of the site after its two builds, with `cp -a`, which keeps the hard links the spare tree
        /// shares with public/ (FileManager's copy would make every file its own).
        func copy(_ name: String) throws -> URL {
            let site = root.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: site)
            let copy = try Newsgen.run(["-a", template.path, site.path], in: root, executable: URL(fileURLWithPath: "/bin/cp"))
            try #require(copy.status == 0, "cp: \(copy.stderr)")
            return site
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test(arguments: [false, true])
    func killedAtEveryStepOfTheSpareTreesUpdateTheNextBuildPublishesExactly(withoutExchange: Bool) throws {
        guard let shim = try FaultShim.library() else { return }
        let fixture = try Fixture()
        defer { fixture.remove() }
        let extra = withoutExchange ? ["NEWSGEN_FAULT_NO_EXCHANGE": "1"] : [:]
        let traced = try fixture.copy("trace")
        let traceFile = fixture.root.appendingPathComponent("trace.txt")
        let run = try Newsgen.run(["build", "--offline"], in: traced,
                                  environment: extra.merging(["LD_PRELOAD": shim.path, "NEWSGEN_FAULT_TRACE": traceFile.path]) { $1 })
        try #require(run.status == 0, "\(run.stderr)")
        let steps = try String(contentsOf: traceFile, encoding: .utf8).split(separator: "\n").map(String.init).filter { $0.hasPrefix("step ") }
        #expect(steps.contains { $0.hasPrefix("step unlink ") && $0.contains("/.public.spare/") }, "the update rewrites files of the spare tree")
        print("spare tree faults: killing the build at each of its \(steps.count) steps" + (withoutExchange ? ", without RENAME_EXCHANGE" : ""))
        for step in 1...steps.count {
            let fault = "killed before step \(step) (\(steps[step - 1]))" + (withoutExchange ? " without RENAME_EXCHANGE" : "")
            let site = try fixture.copy("site")
            try FaultEndToEndTests.build(killedBefore: step, in: site, shim: shim, extra: extra, fault: fault)
            if !withoutExchange {
                let seen = try Self.tree(site.appendingPathComponent("public"))
                #expect(seen == fixture.second || seen == fixture.third, "\(fault): public/ is neither the old site nor the new one")
            }
            try FaultEndToEndTests.expectTheNextBuildRepairsEverything(site, slugs: fixture.slugs, fault: fault)
            #expect(try Self.tree(site.appendingPathComponent("public")) == fixture.third, "\(fault): public/ differs from a build without the kill")
            let spare = try Self.tree(site.appendingPathComponent(".public.spare"))
            #expect(spare == fixture.second || spare == fixture.third, "\(fault): the spare tree is not a whole site")
        }
    }
}
