import Foundation
import Mustache
import NewsgenModel
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// Parsing, sanitizing and rendering run on every core; the output must not show it:
/// the parallel paths give the bytes of a serial run, and warnings keep their order.
@Suite("Parallel build")
struct ParallelBuildTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    // MARK: Workers.parallelMap

    @Test(arguments: [0, 1, 2, 7, 1_000])
    func parallelMapKeepsIndexOrder(count: Int) {
        let parallel = Workers.parallelMap(count) { index in "item \(index): \(index * index)" }
        let serial = Workers.parallelMap(count, parallel: false) { index in "item \(index): \(index * index)" }
        #expect(parallel == (0..<count).map { "item \($0): \($0 * $0)" })
        #expect(serial == parallel)
    }

    @Test func parallelMapKeepsNilResults() {
        #expect(Workers.parallelMap(6) { $0 % 3 == 0 ? nil : $0 } == [nil, 1, 2, nil, 4, 5])
    }

    // MARK: Enrich and Render, parallel against serial

    /// Articles with HTML worth sanitizing (relative links, scripts, entities), tags and two sources.
    private static func articles(_ count: Int) -> [Article] {
        (1...count).map { n in
            let content: String = "<h2>Part \(n)</h2><p>Body <a href=\"../more/\(n)\">link</a><script>alert(\(n))</script></p>"
                + "<ul><li>one</li><li>two &eacute;</li></ul><img src=\"img/\(n).jpg\" onerror=\"x()\">"
            let summary: String? = n % 4 == 0 ? nil : "<p>Summary of story \(n) &amp; <b>its</b> news</p>"
            let published = Date(timeIntervalSince1970: Double(2_000 - n) * 86_400)
            let tags: [String] = ["Topic \(n % 7)", n % 2 == 0 ? "Even" : "Odd"]
            return Article(id: String(format: "%016x", n), slug: "story-\(n)", sourceID: n % 3 == 0 ? "wire" : "news",
                           title: "Story \(n) & more", link: "https://news.example.org/\(n)/", published: published,
                           summaryHTML: summary, contentHTML: content, tags: tags)
        }
    }

    @Test func preparingInParallelGivesTheSerialResult() {
        let articles = Self.articles(300)
        let parallel = PreparedArticle.all(articles, embedHosts: ["www.youtube.com"])
        let serial = PreparedArticle.all(articles, embedHosts: ["www.youtube.com"], parallel: false)
        #expect(parallel.map(\.article) == serial.map(\.article))
        #expect(parallel.map(\.article.id) == articles.map(\.id))
        #expect(parallel.map(\.contentHTML) == serial.map(\.contentHTML))
        #expect(parallel.map(\.summaryHTML) == serial.map(\.summaryHTML))
        #expect(parallel.map(\.summaryText) == serial.map(\.summaryText))
        #expect(parallel[0].contentHTML?.contains("<script>") == false)
        #expect(parallel[0].contentHTML?.contains("https://news.example.org/more/1") == true)
    }

    @Test func renderingInParallelGivesTheSerialBytesInTheSameOrder() throws {
        let templates = try Templates.load(from: Self.repository.appendingPathComponent("templates"), shownAs: "templates")
        var config = SiteConfig(title: "Bay", sources: [])
        config.pageSize = 7
        config.baseURL = "https://bay.example.org/"
        let prepared = PreparedArticle.all(Self.articles(250).sorted(by: Article.newestFirst))
        let input = RenderInput(config: config, templates: templates, articles: prepared,
                                sources: ["news": SourceInfo(id: "news", title: "The News"), "wire": SourceInfo(id: "wire", title: "Wire")],
                                bookmarks: BookmarkManifest(bookmarks: []), duplicateOf: [prepared[5].article.id: prepared[4].article.id])
        let parallel = try SiteRenderer(input).render()
        var serialRenderer = SiteRenderer(input)
        serialRenderer.parallel = false
        let serial = try serialRenderer.render()
        #expect(parallel.map(\.path) == serial.map(\.path))
        #expect(parallel == serial)
        #expect(parallel.filter { $0.path.hasPrefix("articles/") }.count == 250)
        #expect(Array(parallel.prefix(3).map(\.path)) == ["index.html", "archive/1975/06/index.html", "archive/1975/05/index.html"])
        // The sitemap is made beside the pages, from their routes: it names exactly the pages rendered, in their order,
        // but the redirects of old numbered pages.
        let sitemap = String(decoding: try #require(parallel.first { $0.path == "sitemap.xml" }).data, as: UTF8.self)
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().compactMap { $0.components(separatedBy: "</loc>").first }
        let pages = parallel.map(\.path).filter { path in
            guard path.hasSuffix("index.html") else { return false }
            if case .legacyPage = Route(path: "/" + path.dropLast("index.html".count)) { return false }
            return true
        }
        #expect(pages.count < parallel.map(\.path).filter { $0.hasSuffix("index.html") }.count, "the site has redirects too")
        #expect(locations == pages.map { "https://bay.example.org/" + $0.dropLast("index.html".count) })
        #expect(pages.count > 300)
    }

    @Test func aFailingPageFailsTheRenderWithTheFirstErrorInOrder() throws {
        let templates = try Templates.load(from: Self.repository.appendingPathComponent("templates"), shownAs: "templates")
        let input = RenderInput(config: SiteConfig(title: "Bay", sources: []), templates: templates, articles: [],
                                sources: [:], bookmarks: BookmarkManifest(bookmarks: []))
        let renderer = SiteRenderer(input)
        let jobs = (0..<200).map { index in
            SiteRenderer.FileJob.page(SiteRenderer.PageJob(template: index == 57 ? "first-missing" : index == 150 ? "second-missing" : "home",
                                                           route: .legacyPage(list: .home, page: index + 2), title: "Page \(index)") { [:] })
        }
        #expect(throws: BuildError(path: "templates/first-missing.mustache", "no template named 'first-missing'")) {
            try renderer.renderFiles(jobs)
        }
    }

    // MARK: A whole build, twice

    /// The benchmark's generated site (300 articles over 20 feeds), plus Markdown articles,
    /// a missing feed and an ill-formed one, so every kind of warning is made.
    private struct GeneratedSite {
        let folder: URL
        var site: URL { folder.appendingPathComponent("newsgen") }

        init(named name: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(name)-\(UUID().uuidString)")
            let generate = Process()
            generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            generate.arguments = ["python3", ParallelBuildTests.repository.appendingPathComponent("Tests/Benchmarks/hugo/generate.py").path,
                                  "300", folder.path, "--templates", ParallelBuildTests.repository.appendingPathComponent("templates").path]
            generate.standardOutput = FileHandle.nullDevice
            try generate.run()
            generate.waitUntilExit()
            try #require(generate.terminationStatus == 0)

            let configFile = site.appendingPathComponent("site.json")
            var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: configFile)) as? [String: Any])
            var sources = try #require(config["sources"] as? [[String: Any]])
            sources.insert(["id": "gone", "path": "feeds/gone.xml"], at: 3)
            sources.insert(["id": "broken", "path": "feeds/broken.xml"], at: 8)
            config["sources"] = sources
            try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys]).write(to: configFile)
            try Data("""
                <rss version="2.0"><channel><title>Broken</title><link>https://broken.example.org/</link>
                <item><title>Kept</title><guid>k1</guid><description>fine</description></item>
                <item><title>Unclosed</title><guid>k2</guid></channel></rss>
                """.utf8).write(to: site.appendingPathComponent("feeds/broken.xml"))

            let articles = site.appendingPathComponent("content/articles")
            try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
            for n in 1...12 {
                try Data("---\ntitle: Local note \(n)\ndate: 2025-03-\(String(format: "%02d", n))\ntags: [local, note]\n---\n"
                         .appending("Some **bold** ~~struck~~ text, a [link](https://example.org/\(n)) and a table:\n\n| a | b |\n|---|---|\n| \(n) | x |\n")
                         .utf8).write(to: articles.appendingPathComponent(String(format: "note-%02d.md", n)))
            }
            try Data("no front matter here\n".utf8).write(to: articles.appendingPathComponent("a-bare.md"))
            try Data("---\ntitle: [unclosed\n---\nbody\n".utf8).write(to: articles.appendingPathComponent("m-bad-yaml.md"))
            try Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: articles.appendingPathComponent("z-binary.md"))
        }

        func build() throws -> BuildReport {
            try SiteBuilder.build(try Site.load(from: site), options: BuildOptions(offline: true))
        }

        /// Every file under the site's `public/` and `content/`, by relative path.
        func files() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for folder in ["public", "content"] {
                let root = site.appendingPathComponent(folder)
                let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
                while let path = enumerator.nextObject() as? String {
                    var isDirectory: ObjCBool = false
                    let url = root.appendingPathComponent(path)
                    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                        files[folder + "/" + path] = try Data(contentsOf: url)
                    }
                }
            }
            return files
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 for the fixture server"))
    func twoBuildsOfTheGeneratedSiteAreByteIdenticalWithWarningsInOrder() throws {
        let first = try GeneratedSite(named: "first")
        defer { first.remove() }
        let second = try GeneratedSite(named: "second")
        defer { second.remove() }

        let firstReport = try first.build()
        let secondReport = try second.build()
        let firstFiles = try first.files()
        let secondFiles = try second.files()

        #expect(firstReport.articleCount == 314)
        #expect(firstFiles.count > 600)
        #expect(firstFiles.keys.sorted() == secondFiles.keys.sorted())
        let differing = firstFiles.keys.sorted().filter { firstFiles[$0] != secondFiles[$0] }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(firstReport.sources.map(\.id) == ["s01", "s02", "s03", "gone", "s04", "s05", "s06", "s07", "broken", "s08", "s09",
                                                  "s10", "s11", "s12", "s13", "s14", "s15", "s16", "s17", "s18", "s19", "s20"])
        #expect(firstReport.warnings.map(\.description) == secondReport.warnings.map(\.description))
        #expect(firstReport.warnings.map(\.description) == [
            "source 'gone' failed: feeds/gone.xml: not found (named by sources[3].path in site.json)",
            "feeds/broken.xml:3:55: source 'broken' is not well-formed (not well-formed XML: Opening and ending tag mismatch: item line 3 and channel; 2 more problems after it); what could be read was kept",
            "content/articles/a-bare.md:1:1: missing front matter: start the file with a '---' line, then 'title: …' and a closing '---'; article skipped",
            "content/articles/m-bad-yaml.md:3:1: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence from 2:8); article skipped",
            "content/articles/z-binary.md: is not UTF-8 text; skipped",
        ])
        let site = try Site.load(from: first.site)
        let parallelMarkdown = try MarkdownReader.read(site: site)
        let serialMarkdown = try MarkdownReader.read(site: site, parallel: false)
        #expect(parallelMarkdown.articles == serialMarkdown.articles)
        #expect(parallelMarkdown.warnings == serialMarkdown.warnings)
        #expect(parallelMarkdown.articles.map(\.article.title) == (1...12).map { "Local note \($0)" })
        let note = try #require(firstFiles.first { $0.key.hasPrefix("public/articles/local-note-3/") }?.value)
        let html = String(decoding: note, as: UTF8.self)
        #expect(html.contains("<del>struck</del>"))
        #expect(html.contains("<table>"))
    }
}
