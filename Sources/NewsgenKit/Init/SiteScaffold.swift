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

    /// What `create` did: the files it wrote and the ones already there, which it left alone.
    public struct Outcome: Sendable, Equatable {
        public var written: [String]
        public var kept: [String]
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
    public static func files(title: String, created: Date) -> [File] {
        [
            File(path: Site.configFileName, contents: Data(siteJSON(title: title).utf8)),
            File(path: "bookmarks.json", contents: BookmarkManifest().encoded()),
            File(path: ".gitignore", contents: Data(gitignore.utf8)),
            File(path: ".github/workflows/rebuild.yml", contents: Data(BuiltInTheme.ciWorkflow.utf8)),
            File(path: "README.md", contents: Data(readme(title: title).utf8)),
            File(path: welcomeArticlePath, contents: Data(welcomeArticle(title: title, created: created).utf8)),
        ]
    }

    /// Writes a new site into `directory` (made when missing). Refuses, writing nothing, when the
    /// folder already has a site.json; any other file already there is kept as it is.
    /// `shownAs` names the folder in errors.
    public static func create(in directory: URL, shownAs: String, created: Date) throws(InitError) -> Outcome {
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
        var outcome = Outcome(written: [], kept: [])
        // A new site is written only inside its folder (ADR 047): a link there that leads out is not written through.
        let bounds = WriteBounds(folders: [directory], shownRelativeTo: directory)
        for file in files(title: title(forFolderNamed: folderName), created: created) {
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

    static func siteJSON(title: String) -> String {
        """
        {
          "version": 1,
          "title": \(jsonString(title)),
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

    static func readme(title: String) -> String {
        """
        # \(title)

        A news archive built by [newsgen](https://github.com/OWNER/newsgen): it reads the
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

        ## Rebuilding on a schedule

        `.github/workflows/rebuild.yml` rebuilds the site every hour on GitHub
        Actions, commits the archive and publishes `public/` to GitHub Pages. Set
        `NEWSGEN_DEB` in it to the address of a newsgen release's `.deb`, or
        `NEWSGEN_REPOSITORY` to where newsgen's source lives.

        """
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
