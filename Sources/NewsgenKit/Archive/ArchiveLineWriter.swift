import Foundation
import NewsgenModel

/// One archive line (`ArchiveJSON`'s dialect) written straight into bytes by `JSONWriter` from
/// `Article.fields`, the table the reader (`ArchiveLine`) uses too: keys sorted, absent optionals
/// left out, slashes unescaped, dates as `RFC3339.string`: the bytes `JSONEncoder` made, which
/// `ArchiveLineWriterTests` checks, and `ArticleFieldsTests` that every stored property is written.
enum ArchiveLineWriter {
    /// `article` as one compact JSON object, without the line break.
    static func line(_ article: Article) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (article.contentHTML?.utf8.count ?? 0) + (article.summaryHTML?.utf8.count ?? 0))
        append(article, to: &bytes)
        return Data(bytes)
    }

    /// Appends `article`'s JSON object to `bytes`.
    static func append(_ article: Article, to bytes: inout [UInt8]) {
        JSONWriter.append(to: &bytes, escapes: ArchiveJSON.escapes) { article.write(to: &$0) }
    }
}
