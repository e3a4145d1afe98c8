import Foundation
import NewsgenModel

/// `newsgen init [DIR]`: the files of a new site that builds at once with the built-in theme —
/// site.json, an empty bookmark manifest, a .gitignore, the CI workflow, a README and one
/// welcome article. Pure except for `create`, which writes them; the date comes from the caller.
public enum SiteScaffold {
    /// One file of the new site, by its path relative to the site folder.
    public struct File: Sendable, Equatable {
        public var path: String
        public var contents: Data
    }

    /// What `create` did: the files it wrote and the ones already there, which it left alone, and
    /// the GitHub Pages address it found for the site (from the folder's git remote), if any.
    public struct Outcome: Sendable, Equatable {
        public var written: [String]
        public var kept: [String]
        public var pagesURL: String?
        /// The folder's name, which the GitHub repository is expected to share (for the address init shows).
        public var folderName: String = ""
    }

    /// What a new site is made with besides its title and date: where its CI gets newsgen from (nil:
    /// unknown, the workflow then stops at its first step) and the address it will be published at
    /// (nil: unknown, site.json then has no baseURL and the README says where to find it).
    public struct Publishing: Sendable, Equatable {
        public var source: NewsgenSource?
        public var pagesURL: String?
        /// The site folder's name: the repository's name the README's address assumes when pagesURL is nil.
        public var folderName: String

        public init(source: NewsgenSource? = nil, pagesURL: String? = nil, folderName: String = "") {
            self.source = source
            self.pagesURL = pagesURL
            self.folderName = folderName
        }
    }

    /// Where the welcome article lives, so the first build has a page to show.
    public static let welcomeArticlePath = "content/articles/welcome.md"

    /// A title made from the folder's name: `my-news_site` becomes "My News Site".
    public static func title(forFolderNamed name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return title.isEmpty ? "My News Archive" : title
    }

    /// Every file of a new site titled `title`; `created` dates the welcome article (UTC day).
    public static func files(title: String, created: Date, publishing: Publishing = Publishing()) -> [File] {
        [
            File(path: Site.configFileName, contents: Data(siteJSON(title: title, baseURL: publishing.pagesURL).utf8)),
            File(path: "bookmarks.json", contents: BookmarkManifest().encoded()),
            File(path: ".gitignore", contents: Data(gitignore.utf8)),
            File(path: CIWorkflow.path, contents: Data(CIWorkflow.text(source: publishing.source).utf8)),
            File(path: "README.md", contents: Data(readme(title: title, publishing: publishing).utf8)),
            File(path: welcomeArticlePath, contents: Data(welcomeArticle(title: title, created: created).utf8)),
        ]
    }

    /// Writes a new site into `directory` (made when missing). Refuses, writing nothing, when the
    /// folder already has a site.json; any other file already there is kept as it is.
    /// `shownAs` names the folder in errors. The Pages address comes from the folder's git remote,
    /// when it is already a clone of a GitHub repository (`PagesAddress`).
    public static func create(in directory: URL, shownAs: String, created: Date, source: NewsgenSource? = nil) throws(InitError) -> Outcome {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InitError(path: shownAs, "is a file, not a folder")
        }
        let config = directory.appendingPathComponent(Site.configFileName)
        if manager.fileExists(atPath: config.path) {
            throw InitError(path: shownAs, "already has a site.json; nothing was written (edit it, or choose an empty folder)")
        }
        let folderName = directory.standardizedFileURL.lastPathComponent
        let publishing = Publishing(source: source, pagesURL: PagesAddress.forSite(in: directory), folderName: folderName)
        var outcome = Outcome(written: [], kept: [], pagesURL: publishing.pagesURL, folderName: folderName)
        // A new site is written only inside its folder (ADR 047): a link there that leads out is not written through.
        let bounds = WriteBounds(folders: [directory], shownRelativeTo: directory)
        for file in files(title: title(forFolderNamed: folderName), created: created, publishing: publishing) {
            let url = directory.appendingPathComponent(file.path)
            if manager.fileExists(atPath: url.path) {
                outcome.kept.append(file.path)
                continue
            }
            do {
                try DurableFile.replace(url, with: file.contents, within: bounds)
            } catch {
                throw InitError(path: file.path, "cannot be written (\(error.reason))")
            }
            outcome.written.append(file.path)
        }
        return outcome
    }

    static func siteJSON(title: String, baseURL: String? = nil) -> String {
        """
        {
          "version": 1,
          "title": \(jsonString(title)),\(baseURL.map { "\n  \"baseURL\": \(jsonString($0))," } ?? "")
          "language": "en",
          "timeZone": "UTC",
          "pageSize": 20,
          "sources": []
        }

        """
    }

    static let gitignore = """
    # Built by `newsgen build`; the CI workflow publishes it.
    /public/
    # newsgen's caches (images, build records); the archive in content/archive/ is kept.
    /.newsgen/
    # A build stopped halfway leaves the new or the old site here, until the next build removes it.
    /.public.staging-*
    /.public.retired-*
    # The site of the build before, which the next build brings up to date and swaps in.
    /.public.spare/

    """

    static func readme(title: String, publishing: Publishing = Publishing()) -> String {
        let newsgen = publishing.source.flatMap { $0.repository.hasPrefix("https://") ? "[newsgen](\($0.repository))" : nil } ?? "newsgen"
        return """
        # \(title)

        A news archive built by \(newsgen): it reads the
        feeds listed in `site.json` and the Markdown articles in `content/articles/`,
        keeps every article in `content/archive/` (commit it) and writes the site into
        `public/`.

        ## Adding a source

            newsgen source add https://example.org/     # a feed, or a page that names its feed
            newsgen source import subscriptions.opml    # a feed reader's export

        `source add` finds the feed, fetches it and adds it to `site.json`. Or add an
        entry to `"sources"` in `site.json` by hand, for a feed on the web:

            "sources": [
              { "id": "example-news", "title": "Example News", "url": "https://example.org/feed.xml" }
            ]

        or for a feed file in the site folder, `"path": "content/feeds/example.xml"`
        instead of `"url"`. An id is lowercase letters, digits and dashes. Set
        `"baseURL"` to the address the site is published at, so its feeds carry
        absolute links.

        ## Building

            newsgen serve            # builds, previews on http://127.0.0.1:1313/, rebuilds on every save
            newsgen build            # fetches the sources, then writes public/
            newsgen build --offline  # no network: uses what the archive already has

        Write articles as Markdown files in `content/articles/` (see
        `\(welcomeArticlePath)`); `newsgen bookmark add ARTICLE` marks one for
        `/bookmarks/`. To change the look, put a file of the same name in
        `templates/` (for example `templates/row.mustache` or
        `templates/assets/style.css`): it replaces the built-in one.

        ## Publishing on GitHub Pages

        `.github/workflows/rebuild.yml` rebuilds the site every hour on GitHub
        Actions, commits the archive and publishes `public/` to GitHub Pages.
        \(sourceParagraph(publishing.source))

        \(publishSteps(pagesURL: publishing.pagesURL, folderName: publishing.folderName, indent: "").joined(separator: "\n"))

        """
    }

    /// What the README says about where the workflow gets newsgen from.
    static func sourceParagraph(_ source: NewsgenSource?) -> String {
        guard let source else {
            return """
            It does not know yet where to get newsgen: before you push, set
            `NEWSGEN_REPOSITORY` (line \(CIWorkflow.repositoryLine)) to the address of newsgen's git repository,
            or `NEWSGEN_DEB` (line \(CIWorkflow.debLine)) to a release's `.deb`; until then
            its first step stops the run and says so.
            """
        }
        return """
        It builds newsgen from `\(source.repository)` at `\(source.ref)`
        (`NEWSGEN_REPOSITORY` and `NEWSGEN_VERSION` in it; a branch there brings newsgen's
        fixes to the next run).
        """
    }

    /// The three steps to publish, numbered, and where the site appears; README and init's output both say them.
    /// Without a GitHub remote the account is unknown: the address is described in words, for a
    /// repository named like the folder, with no placeholder to fill in.
    public static func publishSteps(pagesURL: String?, folderName: String, indent: String) -> [String] {
        let address: String
        if let pagesURL {
            address = "The site then appears at \(pagesURL)."
        } else if !folderName.isEmpty, PagesAddress.forRemote("https://github.com/account/\(folderName)") != nil {
            let userSite = folderName.lowercased()
            address = userSite.hasSuffix(".github.io")
                ? "The site then appears at https://\(userSite)/ when the repository \(folderName)\n"
                    + "belongs to the account \(userSite.dropLast(".github.io".count))."
                : "The site then appears at the address Settings → Pages shows: on your account's\n"
                    + "github.io domain, under /\(folderName)/ for a repository named \(folderName)."
        } else {
            address = "The site then appears at the address Settings → Pages shows."
        }
        return [
            "1. Push this folder to a repository on GitHub.",
            "2. In the repository's Settings → Pages, set Source to \"GitHub Actions\"",
            "   (the run the first push started cannot publish before that).",
            "3. In the Actions tab, run the \"rebuild\" workflow once by hand (Run workflow);",
            "   it then runs every hour and after every push.",
            "",
        ].map { $0.isEmpty ? $0 : indent + $0 } + address.split(separator: "\n").map { indent + $0 }
    }

    static func welcomeArticle(title: String, created: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: created)
        let date = String(format: "%04d-%02d-%02d", day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        return """
        ---
        title: \(jsonString("Welcome to \(title)"))
        date: \(date)
        summary: The first article of this archive; edit or delete it.
        tags: [about]
        slug: welcome
        ---
        This archive was made by `newsgen init`. Articles written by hand live in
        `content/articles/` as Markdown files like this one, with a title, a date
        and tags at the top; the articles of the feeds listed in `site.json` join
        them at each `newsgen build`.

        Edit this file or delete it, add a source to `site.json`, and build again.

        """
    }

    /// A JSON (and YAML) double-quoted string: JSON's escapes are YAML's too.
    static func jsonString(_ text: String) -> String {
        JSONWriter.quoted(text)
    }
}
