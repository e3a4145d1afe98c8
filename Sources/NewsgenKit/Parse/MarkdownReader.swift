import Foundation
import NewsgenHTML
import NewsgenModel

/// The Parse stage for `content/articles/*.md`: front matter with libyaml,
/// body with cmark-gfm. A bad file is that article's warning, with file, line and reason.
enum MarkdownReader {
    struct Result {
        var articles: [IncomingArticle] = []
        /// Ids of every Markdown file present, parsed or not: the archive keeps the others' entries only while their file exists.
        var presentIDs: Set<String> = []
        var warnings: [BuildWarning] = []
    }

    /// What became of one file.
    private enum FileOutcome: Sendable {
        case article(IncomingArticle)
        case skipped(BuildWarning)
    }

    /// Reads every file, spread over every core (libyaml and libxml2 work per document;
    /// cmark-gfm is serialized inside `Markdown`), and gathers the results in file-name order,
    /// so articles and warnings come out the same however the cores took the files.
    static func read(site: Site, parallel: Bool = true) throws(BuildError) -> Result {
        let folder = site.config.articles
        let files = try FileSystem.files(in: site.articlesDirectory, suffix: ".md")
        let outcomes = Workers.parallelMap(files.count, parallel: parallel) { index in
            read(files[index], shownAs: folder + "/" + files[index].lastPathComponent)
        }
        var result = Result()
        for (file, outcome) in zip(files, outcomes) {
            result.presentIDs.insert(ArticleID.make(sourceID: ArticleID.markdownSourceID, key: file.lastPathComponent))
            switch outcome {
            case .article(let article): result.articles.append(article)
            case .skipped(let warning): result.warnings.append(warning)
            }
        }
        return result
    }

    /// One file: its article, or the warning that says why it was skipped.
    private static func read(_ file: URL, shownAs: String) -> FileOutcome {
        do {
            let data = try FileSystem.read(file, shownAs: shownAs)
            guard let text = String(data: data, encoding: .utf8) else {
                return .skipped(BuildWarning(path: shownAs, "is not UTF-8 text; skipped"))
            }
            return .article(IncomingArticle(markdown: try MarkdownArticle.parse(text), fileName: file.lastPathComponent))
        } catch let error as BuildError {
            return .skipped(BuildWarning(path: error.path, error.reason))
        } catch let error as FrontMatterError {
            return .skipped(BuildWarning(path: "\(shownAs):\(error.line):\(error.column)", "\(error.reason); article skipped"))
        } catch {
            return .skipped(BuildWarning(path: shownAs, "\(error)"))
        }
    }
}
