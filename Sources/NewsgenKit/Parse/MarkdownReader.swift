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
        /// The files left out because they are symbolic links that lead outside the site (also in `warnings`):
        /// `newsgen check` reports them as warnings, not as articles that fail to parse.
        var skippedLinks: [BuildWarning] = []
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
        let listing = try FileSystem.siteFiles(in: site.articlesDirectory, site: site.directory, suffix: ".md")
        let files = listing.files
        let outcomes = Workers.parallelMap(files.count, parallel: parallel) { index in
            read(files[index].source, named: files[index].path, shownAs: folder + "/" + files[index].path)
        }
        var result = Result()
        // A link left out is not present: the archive lets go of what it published from it before.
        result.skippedLinks = SiteContainment.warnings(listing, folder: folder, consequence: "skipped",
                                                       ofFolder: "no Markdown article is read")
        result.warnings = result.skippedLinks
        for (file, outcome) in zip(files, outcomes) {
            result.presentIDs.insert(ArticleID.make(sourceID: ArticleID.markdownSourceID, key: file.path))
            switch outcome {
            case .article(let article): result.articles.append(article)
            case .skipped(let warning): result.warnings.append(warning)
            }
        }
        return result
    }

    /// One file: its article, or the warning that says why it was skipped. `name` is the file's
    /// name in the folder (the article's identity), whatever file a link there leads to.
    private static func read(_ file: URL, named name: String, shownAs: String) -> FileOutcome {
        do {
            let data = try FileSystem.read(file, shownAs: shownAs)
            guard let text = String(data: data, encoding: .utf8) else {
                return .skipped(BuildWarning(path: shownAs, "is not UTF-8 text; skipped"))
            }
            return .article(IncomingArticle(markdown: try MarkdownArticle.parse(text), fileName: name))
        } catch let error as BuildError {
            return .skipped(BuildWarning(path: error.path, error.reason))
        } catch let error as FrontMatterError {
            return .skipped(BuildWarning(path: "\(shownAs):\(error.line):\(error.column)", "\(error.reason); article skipped"))
        } catch {
            return .skipped(BuildWarning(path: shownAs, "\(error)"))
        }
    }
}
