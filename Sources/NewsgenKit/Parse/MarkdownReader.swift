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

    static func read(site: Site) throws(BuildError) -> Result {
        var result = Result()
        let folder = site.config.articles
        for file in try FileSystem.files(in: site.articlesDirectory, suffix: ".md") {
            let fileName = file.lastPathComponent
            let shownAs = folder + "/" + fileName
            result.presentIDs.insert(ArticleID.make(sourceID: ArticleID.markdownSourceID, key: fileName))
            do {
                let data = try FileSystem.read(file, shownAs: shownAs)
                guard let text = String(data: data, encoding: .utf8) else {
                    result.warnings.append(BuildWarning(path: shownAs, "is not UTF-8 text; skipped"))
                    continue
                }
                result.articles.append(IncomingArticle(markdown: try MarkdownArticle.parse(text), fileName: fileName))
            } catch let error as BuildError {
                result.warnings.append(BuildWarning(path: error.path, error.reason))
            } catch let error as FrontMatterError {
                result.warnings.append(BuildWarning(path: "\(shownAs):\(error.line):\(error.column)", "\(error.reason); article skipped"))
            } catch {
                result.warnings.append(BuildWarning(path: shownAs, "\(error)"))
            }
        }
        return result
    }
}
