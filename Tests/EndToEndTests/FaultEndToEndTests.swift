import Foundation
import Testing
import NewsgenTestSupport

/// Kill -9 at every step of a build and a full disk at every write (ADR 015), made deterministic by a
/// small LD_PRELOAD shim (Tests/Faults/newsgen_faults.c) that counts the renames, unlinks and writes
/// of the real `newsgen` binary and stops it at the chosen one. The build being cut short is the hard
/// one for the archive: an article changes month (its date changed in the feed), another leaves the
/// feed, a new one arrives. After each fault the site must still be there, whole, and the next
/// build must succeed with every article in the archive exactly once, the same ids and slugs, and
/// nothing left behind.
@Suite("Faults: kill -9 at every step, a full disk at every write", .serialized)
struct FaultEndToEndTests {
    /// Between the first feed and the second, a1 moves from October to November and a5 from November
    /// to October (a save cut short between two month files loses the one and doubles the other), a2
    /// leaves the feed and a4 arrives. The third feed, read by the build after the fault, no longer has a1,
    /// so an a1 lost by the cut-short save would stay lost.
    static let firstFeed = [("a1", "2026-10-03"), ("a2", "2026-10-05"), ("a3", "2026-11-01"), ("a5", "2026-11-10")]
    static let secondFeed = [("a1", "2026-11-03"), ("a3", "2026-11-01"), ("a4", "2026-11-20"), ("a5", "2026-10-10")]
    static let thirdFeed = [("a3", "2026-11-01"), ("a4", "2026-11-20"), ("a5", "2026-10-10")]
    static let everyLink = ["a1", "a2", "a3", "a4", "a5"].map { "https://example.org/\($0)" }

    /// A site after its first build, copied afresh for each fault.
    private struct Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-faults-\(UUID().uuidString)")
        var template: URL { root.appendingPathComponent("template") }
        /// Slugs by link after the first build: they must never change.
        var slugs: [String: String] = [:]

        init() throws {
            try FileManager.default.createDirectory(at: template.appendingPathComponent("feeds"), withIntermediateDirectories: true)
            try Data(#"{"title": "Faults", "baseURL": "https://example.org/", "sources": [{"id": "news", "path": "feeds/news.xml"}]}"#.utf8)
                .write(to: template.appendingPathComponent("site.json"))
            try FaultEndToEndTests.feed(FaultEndToEndTests.firstFeed).write(to: template.appendingPathComponent("feeds/news.xml"))
            let first = try Newsgen.run(["build", "--offline"], in: template)
            try #require(first.status == 0, "\(first.stderr)")
            try FaultEndToEndTests.feed(FaultEndToEndTests.secondFeed).write(to: template.appendingPathComponent("feeds/news.xml"))
            slugs = Dictionary(uniqueKeysWithValues: try FaultEndToEndTests.archived(in: template).map { ($0.link, $0.slug) })
        }

        /// A fresh copy of the site as the first build left it.
        func copy(_ name: String) throws -> URL {
            let site = root.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: site)
            try FileManager.default.copyItem(at: template, to: site)
            return site
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func feed(_ items: [(guid: String, day: String)]) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        var xml = #"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>News</title><link>https://example.org/</link>"#
        xml += "<description>Faults</description>"
        for item in items {
            formatter.dateFormat = "yyyy-MM-dd"
            let date = formatter.date(from: item.day)!.addingTimeInterval(36_000)
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
            xml += "<item><title>Story \(item.guid)</title><link>https://example.org/\(item.guid)</link><guid>\(item.guid)</guid>"
            xml += "<pubDate>\(formatter.string(from: date))</pubDate><description>About \(item.guid).</description></item>"
        }
        return Data((xml + "</channel></rss>").utf8)
    }

    /// Every archived line: its link, slug and month file.
    static func archived(in site: URL) throws -> [(link: String, slug: String, file: String)] {
        let folder = site.appendingPathComponent("content/archive/news")
        var lines: [(link: String, slug: String, file: String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                lines.append((object["link"] as? String ?? "?", object["slug"] as? String ?? "?", name))
            }
        }
        return lines
    }

    /// An offline build of `site` under the fault shim, killed (SIGKILL) just before its `step`th step.
    static func build(killedBefore step: Int, in site: URL, shim: URL, extra: [String: String], fault: String) throws {
        let killed = try Newsgen.run(["build", "--offline"], in: site,
                                     environment: extra.merging(["LD_PRELOAD": shim.path, "NEWSGEN_FAULT": "kill-at-step:\(step)"]) { $1 })
        #expect(killed.signalled && killed.status == SIGKILL, "\(fault): the build was not killed (\(killed.status))")
    }

    /// Names newsgen makes only while a build runs: none may outlive the next build.
    static func leftovers(in site: URL) -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: site.path)
        while let relative = walker?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let isTemporary = name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".newsgen-")
            let isMedia = (relative.hasPrefix(".newsgen/media-") || relative.hasPrefix(".newsgen/pages-"))
                && !relative.dropFirst(".newsgen/".count).contains("/")
            if isTemporary || isMedia || name.hasPrefix(".dat.nosync") || name == ".newsgen-journal"
                || name.hasPrefix(".public.staging-") || name.hasPrefix(".public.retired-") {
                found.append(relative)
            }
        }
        return found
    }

    /// What is wrong with public/: missing, no home page, or a link on the home page to a page that is not there.
    static func problems(withPublicOf site: URL) -> [String] {
        let output = site.appendingPathComponent("public")
        guard let home = try? String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) else {
            return ["public/index.html is missing"]
        }
        var problems: [String] = []
        var rest = home[...]
        while let start = rest.range(of: #"href=""#) {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let link = String(rest[..<end])
            rest = rest[end...]
            guard !link.contains(":"), !link.hasPrefix("#"), !link.isEmpty else { continue }
            let path = link.split(separator: "#").first.map(String.init) ?? link
            let target = output.appendingPathComponent(path.hasSuffix("/") ? path + "index.html" : path)
            if !FileManager.default.fileExists(atPath: target.path) { problems.append("public/index.html links to \(link), which is missing") }
        }
        return problems
    }

    /// After the fault, the next build: it succeeds, and every article is archived once, under its first slug.
    static func expectTheNextBuildRepairsEverything(_ site: URL, slugs: [String: String], fault: String) throws {
        try feed(thirdFeed).write(to: site.appendingPathComponent("feeds/news.xml"))
        let next = try Newsgen.run(["build", "--offline"], in: site)
        #expect(next.status == 0 && !next.signalled, "\(fault): the next build failed: \(next.stderr)")
        let lines = try archived(in: site)
        #expect(lines.map(\.link).sorted() == everyLink, "\(fault): archive \(lines.map(\.link))")
        #expect(lines.first { $0.link.hasSuffix("/a5") }?.file == "2026-10.jsonl", "\(fault)")
        for line in lines where slugs[line.link] != nil {
            #expect(slugs[line.link] == line.slug, "\(fault): the slug of \(line.link) changed")
        }
        #expect(problems(withPublicOf: site).isEmpty, "\(fault): \(problems(withPublicOf: site))")
        #expect(leftovers(in: site).isEmpty, "\(fault): left behind: \(leftovers(in: site))")
    }

    /// Runs the second build with the shim, without a fault, and returns its trace.
    private func trace(_ fixture: Fixture, shim: URL, extra: [String: String] = [:]) throws -> [String] {
        let site = try fixture.copy("trace")
        let traceFile = fixture.root.appendingPathComponent("trace.txt")
        try? FileManager.default.removeItem(at: traceFile)
        let run = try Newsgen.run(["build", "--offline"], in: site,
                                  environment: extra.merging(["LD_PRELOAD": shim.path, "NEWSGEN_FAULT_TRACE": traceFile.path]) { $1 })
        try #require(run.status == 0, "\(run.stderr)")
        return try String(contentsOf: traceFile, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [false, true])
    func killedAtEveryStepTheNextBuildFindsItsArchiveAndSiteWhole(withoutExchange: Bool) throws {
        guard let shim = try FaultShim.library() else { return }
        let fixture = try Fixture()
        defer { fixture.remove() }
        let extra = withoutExchange ? ["NEWSGEN_FAULT_NO_EXCHANGE": "1"] : [:]
        let steps = try trace(fixture, shim: shim, extra: extra).filter { $0.hasPrefix("step ") }
        // The moments that matter are among the steps: the archive's commit, a month file's rename, the swap.
        #expect(steps.contains { $0.hasSuffix("content/archive/.newsgen-journal") && $0.hasPrefix("step rename ") })
        #expect(steps.contains { $0.hasSuffix("content/archive/news/2026-11.jsonl") })
        #expect(steps.contains { $0.hasPrefix("step renameat2 ") && $0.hasSuffix("/public") })
        print("fault tests: killing the build at each of its \(steps.count) steps" + (withoutExchange ? ", without RENAME_EXCHANGE" : ""))
        for step in 1...steps.count {
            let fault = "killed before step \(step) (\(steps[step - 1]))" + (withoutExchange ? " without RENAME_EXCHANGE" : "")
            let site = try fixture.copy("site")
            try Self.build(killedBefore: step, in: site, shim: shim, extra: extra, fault: fault)
            // Between the kill and the next build, readers see a whole site; only the fallback may leave it aside.
            if !withoutExchange { #expect(Self.problems(withPublicOf: site).isEmpty, "\(fault): \(Self.problems(withPublicOf: site))") }
            try Self.expectTheNextBuildRepairsEverything(site, slugs: fixture.slugs, fault: fault)
        }
    }

    @Test func aFullDiskAtEveryWriteLosesNothingAndTheNextBuildSucceeds() throws {
        guard let shim = try FaultShim.library() else { return }
        let fixture = try Fixture()
        defer { fixture.remove() }
        let writes = try trace(fixture, shim: shim).filter { $0.hasPrefix("write ") }
        #expect(writes.contains { $0.contains("content/archive/news/.2026-11.jsonl.newsgen-") })
        print("fault tests: a full disk from each of the build's \(writes.count) writes on")
        for write in 1...writes.count {
            let fault = "disk full from write \(write) (\(writes[write - 1]))"
            let site = try fixture.copy("site")
            let full = try Newsgen.run(["build", "--offline"], in: site,
                                       environment: ["LD_PRELOAD": shim.path, "NEWSGEN_FAULT": "enospc-at-write:\(write)"])
            #expect(!full.signalled, "\(fault): \(full.stderr)")
            if full.status != 0 { #expect(full.stderr.contains("No space left on device"), "\(fault): \(full.stderr)") }
            // Nothing lost: every article of the first build is still archived, none twice.
            let lines = try Self.archived(in: site).map(\.link)
            #expect(Set(lines).count == lines.count && Set(lines).isSuperset(of: Self.everyLink.filter { !$0.hasSuffix("/a4") }),
                    "\(fault): archive \(lines)")
            #expect(Self.problems(withPublicOf: site).isEmpty, "\(fault): \(Self.problems(withPublicOf: site))")
            try Self.expectTheNextBuildRepairsEverything(site, slugs: fixture.slugs, fault: fault)
        }
    }
}

/// The shim, compiled once with the system's C compiler. Without one the suite is skipped with a
/// message, except under CI=true, where a missing prerequisite is a failure.
enum FaultShim {
    private static let built: Result<URL, FaultShimError> = {
        let source = TemporarySite.packageRoot.appendingPathComponent("Tests/Faults/newsgen_faults.c")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-faults-\(getpid()).so")
        guard let compiler = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"].first(where: FileManager.default.isExecutableFile) else {
            return .failure(FaultShimError(reason: "no C compiler (cc, gcc or clang) to build the fault shim"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-shared", "-fPIC", "-O1", "-o", library.path, source.path, "-ldl"]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return .failure(FaultShimError(reason: "\(compiler) did not run: \(error)"))
        }
        guard process.terminationStatus == 0 else { return .failure(FaultShimError(reason: "\(compiler) could not build \(source.path)")) }
        return .success(library)
    }()

    /// The shim's path; nil (the test returns) when it cannot be built outside CI.
    static func library() throws -> URL? {
        #if !os(Linux)
        return nil
        #else
        switch built {
        case .success(let url): return url
        case .failure(let error):
            if Prerequisite.requiredHere { throw error }
            print("fault tests skipped: \(error.reason)")
            return nil
        }
        #endif
    }
}

struct FaultShimError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
