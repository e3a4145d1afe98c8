import NewsgenModel

/// The text of `newsgen --help` and `newsgen help COMMAND`; the README quotes it.
public enum HelpText {
    /// What `newsgen --version` prints (one version for every layer: `NewsgenVersion`).
    public static let version = NewsgenVersion.name

    public static let overview = """
    newsgen — turn news feeds and Markdown into a permanent, static news archive.

    Usage: newsgen <command> [options]

    Commands:
      init      Make a new site that builds at once (site.json, a README, the
                CI workflow, a first article)
      build     Read site.json, parse the feeds and Markdown articles, update the
                archive and render the site into public/
      check     Check site.json, the templates, the bookmarks, every source and
                article, and the built site's links, changing nothing
      inspect   Show how newsgen reads one feed (a file or an http(s) URL), as
                JSON Feed 1.1
      bookmark  Add, remove, toggle or list the site's bookmarks (bookmarks.json)
      archive   Take an article down: out of the archive and the site, for good
      help      Show help for a command

    Options:
      --help     Show this help
      --version  Show the version

    Exit status: 0 done (a source that failed is only a warning), 1 failed (a
    build then publishes nothing; check found a problem), 64 a mistake on the
    command line.

    Examples:
      newsgen init my-news && cd my-news && newsgen build
      newsgen check --offline
      newsgen help bookmark

    Run 'newsgen help COMMAND' for the options of a command.
    Diagnostics are coloured on a terminal; set NO_COLOR=1 to turn that off.
    """

    public static let build = """
    Usage: newsgen build [--site DIR] [--output DIR] [--offline] [--strict] [--quiet | --verbose]

    Reads DIR/site.json, reads every source, merges the articles into the archive
    (content/archive/) and renders the whole site into public/. The new site
    replaces the old one only once it is complete.

    Options:
      --site DIR     The site folder (default: the current folder)
      --output DIR   Where to write the site (default: DIR/public)
      --offline      Use no network: url sources come from the archive
      --strict       Exit 1 when any source failed; the site is then not published
      --quiet        Print only warnings and errors
      --verbose      Also print each source's outcome

    Examples:
      newsgen build
      newsgen build --site ~/news --output /var/www/news
    """

    public static let check = """
    Usage: newsgen check [--site DIR] [--output DIR] [--offline]

    Checks a site without building it or changing any file:
      - site.json: it loads, with every key known and of the right type; a path
        or a symbolic link that leads outside the site folder is a warning;
      - the templates (the built-in theme with DIR/templates/ over it): each one
        parses, every {{>partial}} names a template, and no partial includes
        itself more than once per level (the page would grow without bound);
      - the bookmark manifest: it loads, and every bookmark is in the archive;
      - every source: a path source is read and parsed, a url source fetched
        and parsed (not with --offline);
      - the Markdown articles: each one's front matter and text;
      - the last built site (DIR/public/): every link and image between its
        pages leads to a file that is there.
    Each finding names its file, line and column where it has one. Problems
    print as 'error:', then a last line counts them.

    Options:
      --site DIR     The site folder (default: the current folder)
      --output DIR   The built site whose links are checked (default: DIR/public)
      --offline      Use no network: url sources are not fetched

    Exits 0 when there is no problem (warnings allowed), 1 when there is one.

    Examples:
      newsgen check
      newsgen check --offline --site ~/news
    """

    public static let inspect = """
    Usage: newsgen inspect FILE|URL [--content-type TYPE]

    Reads one feed (RSS, RDF, Atom or JSON Feed) from a file or an http(s) URL,
    parses it as a build would and prints what newsgen understood, as JSON Feed
    1.1 on standard output. A `_newsgen` object on the feed and on each item
    holds what JSON Feed has no field for: the format detected, whether the
    document was ill-formed (and why), its encoding and language, text types,
    every link, e-mail addresses, contributors and categories.

    Options:
      --content-type TYPE  The HTTP Content-Type to assume, charset included
                           (a file has none; for a URL it replaces the server's)

    Exits 1 with one line on standard error when the feed cannot be read or parsed.

    Examples:
      newsgen inspect content/feeds/harbor-gazette.xml
      newsgen inspect saved.xml --content-type 'text/xml; charset=iso-8859-1'
      newsgen inspect https://example.org/feed.xml
    """

    public static let bookmark = """
    Usage: newsgen bookmark add ARTICLE [--note TEXT] [--site DIR]
           newsgen bookmark remove ARTICLE [--site DIR]
           newsgen bookmark toggle ARTICLE [--note TEXT] [--site DIR]
           newsgen bookmark list [--json] [--site DIR]

    Edits the bookmark manifest (site.json's "bookmarks", bookmarks.json by
    default), which you commit with the site: the next build marks those
    articles and lists them on /bookmarks/. The manifest keeps entries sorted
    by id, so that two branches that each add one merge cleanly.

    ARTICLE is one of:
      - the article's id, 16 hex digits (3f9a1c0d5e7b2a64);
      - its page on the site: /articles/<slug>/, or the full URL under baseURL;
      - its original URL on the publisher's site.
    When nothing matches, the closest articles are listed with their ids.

    Subcommands:
      add     Bookmark an article; on a bookmarked one, --note changes the note
      remove  Remove an article's bookmark
      toggle  Bookmark the article when it is not, else remove the bookmark
      list    Show the bookmarks, newest first

    Options:
      --note TEXT  A note kept with the bookmark (add, toggle; "" removes it)
      --json       Print the list as JSON (list)
      --site DIR   The site folder (default: the current folder)

    Adding a bookmark twice, or removing one that is not there, changes nothing
    and says so. The articles come from the archive: run 'newsgen build' first.

    Examples:
      newsgen bookmark add /articles/lantern-walk-lights-up-the-old-quay/ --note "for the digest"
      newsgen bookmark remove 3f9a1c0d5e7b2a64
      newsgen bookmark list --json
    """

    public static let archive = """
    Usage: newsgen archive remove ARTICLE [--reason TEXT] [--site DIR]

    Takes an article down: it leaves the archive (content/archive/) at once,
    the next build removes its page and every list that showed it, and it is
    recorded in content/archive/takedowns.json (id, date, title, URL, reason),
    which you commit with the site, so that no later fetch brings it back.
    To let it come back, delete its entry from that file.

    ARTICLE is the article's id, its page on the site (/articles/<slug>/ or the
    full URL under baseURL), or its original URL, as for 'newsgen bookmark'.

    A bookmarked article is refused: the bookmark manifest would go on showing
    its title and link on /bookmarks/. Remove the bookmark first
    ('newsgen bookmark remove ARTICLE'), then the article.

    Removing an article already taken down changes nothing and says so.

    Options:
      --reason TEXT  Why, kept in the takedown list
      --site DIR     The site folder (default: the current folder)

    Examples:
      newsgen archive remove /articles/lantern-walk-lights-up-the-old-quay/ --reason "legal request"
      newsgen archive remove 3f9a1c0d5e7b2a64
    """

    public static let initialize = """
    Usage: newsgen init [DIR]

    Makes a new site in DIR (default: the current folder; created when missing):
    site.json, an empty bookmarks.json, a .gitignore for public/ and .newsgen/,
    the CI workflow (.github/workflows/rebuild.yml), a README and a welcome
    article in content/articles/. The built-in theme needs no templates folder;
    a file in DIR/templates/ replaces the built-in one of the same name.

    Refuses, writing nothing, when DIR already has a site.json. Other files
    already there are kept as they are.

    Examples:
      newsgen init my-news
      cd my-news && newsgen build --offline
    """

    public static func text(for topic: String?) -> String {
        switch topic {
        case "build": return build
        case "check": return check
        case "inspect": return inspect
        case "bookmark": return bookmark
        case "archive": return archive
        case "init": return initialize
        default: return overview
        }
    }
}
