import Foundation
import NewsgenExtract
import NewsgenFeeds
import NewsgenModel

/// What a sandbox worker is asked to do: parse one document of hostile bytes, as the
/// build would in its own process. Sent to the worker in its wire form (`Wire.swift`).
enum SandboxJob: Sendable {
    /// `FeedParser.parse` with these arguments.
    case feed(data: Data, baseURL: String?, contentType: String?, maxBytes: Int)
    /// `ArticleExtractor.extract` of a web page, under its source's rules when it has some.
    case page(data: Data, pageURL: URL, contentType: String?, rules: ExtractionRules?)

    /// About how large the job's wire form is, and its answer's: the document's size and a little.
    var size: Int {
        switch self {
        case .feed(let data, _, _, _), .page(let data, _, _, _): return data.count + 1024
        }
    }

    /// Runs the job, in the worker (or in this process when there is no worker to run it).
    func perform() -> SandboxAnswer {
        switch self {
        case .feed(let data, let baseURL, let contentType, let maxBytes):
            do {
                return .feed(try FeedParser.parse(data, baseURL: baseURL, contentType: contentType, maxBytes: maxBytes))
            } catch {
                return .feedError(error)
            }
        case .page(let data, let pageURL, let contentType, let rules):
            return .page(ArticleExtractor.extract(html: data, pageURL: pageURL, contentType: contentType, rules: rules))
        }
    }
}

/// A worker's answer to one `SandboxJob`.
enum SandboxAnswer: Sendable {
    case feed(ParsedFeed)
    case feedError(FeedParseError)
    case page(ExtractionResult)
}
