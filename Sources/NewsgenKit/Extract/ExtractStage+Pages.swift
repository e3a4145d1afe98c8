import Foundation
import NewsgenExtract
import NewsgenHTML
import NewsgenModel

extension ExtractStage {
    /// A page as read from a saved copy or the network, or why it could not be.
    enum PageRead: Sendable {
        case page(Data, finalURL: URL, contentType: String?, savedAs: String?)
        case failed(String)
    }

    /// What became of one wanted page.
    enum PageResult: Sendable {
        case text(FullText)
        /// Why there is no text, as the warning says it.
        case failed(String)
        /// Left for a later build: over the budget, a paused host, offline.
        case waiting
    }

    static func readSaved(_ copy: (file: URL, shownAs: String), url: URL, limit: Int) -> PageRead {
        if let size = (try? FileSystem.manager.attributesOfItem(atPath: copy.file.path)[.size]) as? Int, size > limit {
            return .failed("the saved page \(copy.shownAs) is larger than \(FetchError.size(limit))")
        }
        guard let data = try? FileSystem.read(copy.file, shownAs: copy.shownAs) else { return .failed("the saved page \(copy.shownAs) cannot be read") }
        return .page(data, finalURL: url, contentType: nil, savedAs: copy.shownAs)
    }

    /// The page's main text, sanitized against the page's final address, or why there is none. The
    /// page is read in the process's sandbox within `seconds` (`extract.timeoutSeconds`, as its download).
    static func extract(_ page: PageRead, article: Article, rules: SourceRules = SourceRules(), now: Date, embedHosts: [String],
                        seconds: Int) -> PageResult {
        switch page {
        case .failed(let reason):
            return .failed(reason)
        case .page(let data, let finalURL, let contentType, let savedAs):
            let result: ExtractionResult
            do {
                result = try ParseSandbox.shared.page(data, pageURL: finalURL, contentType: contentType, rules: rules.compiled(article.sourceID),
                                                      seconds: seconds)
            } catch {
                return .failed(error.description)
            }
            switch result {
            case .notFound(let reason, _):
                return .failed(reason.description)
            case .article(let extracted):
                let html = HTMLSanitizer.sanitize(extracted.html, baseURL: finalURL.absoluteString, embedHosts: embedHosts)
                guard !html.allSatisfy(\.isWhitespace) else { return .failed("nothing of the article's text was left once sanitized") }
                // A page behind a wall that shows text is kept and labelled (issue 35); the feed's text stays
                // when the page gave less (ADR 064), the page's kept beside it all the same.
                return .text(FullText(html: html, url: article.link ?? finalURL.absoluteString, finalURL: finalURL.absoluteString,
                                      extractedAt: now, extractor: ArticleExtractor.version, feedStamp: FullText.stamp(of: article),
                                      savedPage: savedAs, leadImage: leadImage(extracted.metadata.leadImage),
                                      wall: extracted.wall.flatMap { FullText.Wall(rawValue: $0.rawValue) },
                                      feedKept: TextChoice.feedKept(feedText: feedText(of: article), pageText: HTMLText.plainText(fromHTML: html)),
                                      rules: rules.digest(article.sourceID)))
            }
        }
    }

    /// The feed's own text as the article shows it without the page's: its content, or its summary when
    /// the content is blank (as the article template falls back), as plain text.
    static func feedText(of article: Article) -> String {
        let content = article.contentHTML.map(HTMLText.plainText(fromHTML:)) ?? ""
        guard content.allSatisfy(\.isWhitespace) else { return content }
        return article.summaryHTML.map(HTMLText.plainText(fromHTML:)) ?? ""
    }

    /// The page's lead image when it is one the image cache may fetch: an absolute http(s) URL of a
    /// sane length (the archive keeps it; a longer one is no picture's address).
    static func leadImage(_ reference: String?) -> String? {
        guard let reference, reference.utf8.count <= 2048, let url = URL(string: reference), url.host != nil,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return reference
    }

    static func warning(for article: Article, reason: String, record: ExtractionRecord) -> String {
        let kept = article.fullText == nil ? "the feed's text is kept" : "the text read before is kept"
        let next: String
        if record.gaveUp {
            next = "not tried again unless the item changes or 'newsgen archive refresh \(article.id)' asks"
        } else {
            next = "attempt \(record.failures) of \(ExtractionRecord.maxAttempts)" + (record.nextAttempt().map { ", next after \(RFC3339.string(from: $0))" } ?? "")
        }
        return "source '\(article.sourceID)': the full text of \"\(article.title)\" could not be read from \(article.link ?? "its page"): \(reason); \(kept) (\(next))"
    }
}
