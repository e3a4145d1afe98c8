import Foundation
import NewsgenExtract
import NewsgenHTML
import NewsgenModel

/// `newsgen extract`: one page, from a file or an http(s) URL, through the full-text extractor
/// and then the sanitizer exactly as feed content goes through it, so what it shows is what a
/// build would publish for a teaser-only item whose page this is.
public struct PageInspector: Sendable {
    /// Downloads `http`/`https` pages; swapped in tests.
    public var fetcher: HTTPFetcher
    /// The largest file read (the extractor's own limit, 20 MB); pages fetched are capped by the fetcher.
    public var maxFileBytes: Int

    /// The `Accept` header for a page: HTML first, anything else last.
    public static let accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"
    /// The largest page fetched: site.json's `extract.maxPageMB` default.
    public static let defaultMaxPageBytes = ExtractConfig().maxPageMB * 1_048_576

    /// An inspector with the defaults of a site's page fetches: `extract.timeoutSeconds` (8 s by
    /// default) for the whole exchange and `extract.maxPageMB` (5 MB) a page.
    public init(fetcher: HTTPFetcher = HTTPFetcher(deadline: Double(ExtractConfig().timeoutSeconds), maxBytes: PageInspector.defaultMaxPageBytes),
                maxFileBytes: Int = ArticleExtractor.maxBytes) {
        self.fetcher = fetcher
        self.maxFileBytes = maxFileBytes
    }

    /// A source's rules as `--select` and `--remove` give them (ADR 062).
    public struct Rules: Sendable {
        let compiled: ExtractionRules?
        public static let none = Rules(compiled: nil)
    }

    /// `--select` and `--remove` read as selectors, or where and why one cannot be.
    public static func rules(select: String?, remove: String?) -> Result<Rules, UsageProblem> {
        guard select != nil || remove != nil else { return .success(.none) }
        if let select {
            do { _ = try SelectorQuery(select) } catch { return .failure(UsageProblem("--select '\(select)': \(error)")) }
        }
        do {
            return .success(Rules(compiled: try ExtractionRules(select: select, remove: remove.map { [$0] } ?? [])))
        } catch {
            return .failure(UsageProblem("--remove '\(remove ?? "")': \(error)"))
        }
    }

    /// Reads `source` (a path relative to `currentDirectory`, or a URL) and extracts its article under `rules`;
    /// `base` replaces the page's own URL (a file's is its `file://` path, a URL's the final one).
    public func extract(_ source: String, base: String? = nil, rules: Rules = .none, currentDirectory: URL) throws(InspectError) -> PageExtraction {
        var baseURL: URL?
        if let base {
            guard let url = URL(string: base), let scheme = url.scheme, !scheme.isEmpty else {
                throw InspectError(source: base, "--base needs an absolute URL")
            }
            baseURL = url
        }
        let loaded = try load(source, currentDirectory: currentDirectory)
        let pageURL = baseURL ?? loaded.url
        let result: ExtractionResult
        do {
            result = try ParseSandbox.shared.page(loaded.data, pageURL: pageURL, contentType: loaded.contentType, rules: rules.compiled,
                                                  seconds: Int(fetcher.deadline.rounded(.up)))
        } catch {
            throw InspectError(source: source, error.description)
        }
        return PageExtraction(url: pageURL.absoluteString, result: result)
    }

    private func load(_ source: String, currentDirectory: URL) throws(InspectError) -> (data: Data, url: URL, contentType: String?) {
        switch try InspectedSource.parse(source, currentDirectory: currentDirectory) {
        case .url(let url):
            do {
                let document = try fetcher.exchange(url, headers: ["Accept": Self.accept]).result.get()
                return (document.data, document.url, document.contentType)
            } catch {
                throw InspectError(source: source, error.description)
            }
        case .file(let file):
            return (try InspectedSource.read(file, source: source, limit: maxFileBytes, kind: "a page"), file, nil)
        }
    }
}
