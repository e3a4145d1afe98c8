import Foundation
import NewsgenModel

/// One archive line read as an `Article`, with the keys it holds that `Article` does not know:
/// a line a newer newsgen wrote, whose fields this one would drop on the next save, so the
/// load refuses it (ADR 015). Both come from one parse of the line (`JSONDocument`).
enum ArchiveLine {
    /// The keys `ArchiveLineWriter` writes: one per entry of `Article.fields`.
    static let knownKeys: Set<String> = Set(Article.fields.map(\.name))

    /// The article on `line`, or why it is not one in a person's words ("'title' is missing").
    static func read(_ line: [UInt8]) -> Result<(article: Article, unknownKeys: [String]), ArchiveLineError> {
        let document: JSONDocument
        do {
            document = try JSONDocument(line)
        } catch {
            return .failure(ArchiveLineError(reason: "not valid JSON"))
        }
        do {
            return .success(try Article.read(document.root))
        } catch {
            return .failure(ArchiveLineError(reason: ArchiveJSON.describe(error)))
        }
    }
}

/// Why one archive line is not an article.
struct ArchiveLineError: Error, Equatable {
    var reason: String
}
