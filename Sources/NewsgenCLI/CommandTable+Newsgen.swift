/// The table itself: newsgen's commands, their options and the prose of their help.
extension CommandTable {
    /// newsgen's commands, in the order `newsgen --help` lists them; public so that a man page or
    /// shell completions can be written from it (issue 20).
    public static let newsgen = CommandTable(
        tagline: "newsgen — turn news feeds and Markdown into a permanent, static news archive.",
        commands: [.initialize, .source, .build, .serve, .check, .inspect, .extract, .bookmark, .archive, .completion, .help],
        options: [
            OptionSpec(name: "--help", help: ["Show this help"]),
            OptionSpec(name: "--version", help: ["Show the version"]),
        ],
        notes: """
        Exit status: 0 done (a source that failed is only a warning), 1 failed (a
        build then publishes nothing; check found a problem), 64 a mistake on the
        command line.
        """,
        examples: ["newsgen init my-news && cd my-news && newsgen build", "newsgen check --offline", "newsgen help bookmark"],
        trailer: """
        Run 'newsgen help COMMAND' for the options of a command.
        Diagnostics are coloured on a terminal; set NO_COLOR=1 to turn that off.
        """
    )
}

extension CommandSpec {
    static let initialize = CommandSpec(
        name: "init",
        summary: ["Make a new site that builds at once (site.json, a README, the", "CI workflow, a first article)"],
        operand: OperandSpec(name: "DIR", required: false, one: "one folder", needs: "a folder name"),
        options: [
            OptionSpec(name: "--newsgen-source", value: "URL[@REF]",
                       help: ["Where the CI workflow gets newsgen: a git", "repository (https or ssh) at a branch, tag or",
                              "full commit (default: its default branch)"],
                       valueExample: "https://github.com/ACCOUNT/newsgen@main"),
        ],
        about: """
        Makes a new site in DIR (default: the current folder; created when missing):
        site.json, an empty bookmarks.json, a .gitignore for public/ and .newsgen/,
        the CI workflow (.github/workflows/rebuild.yml), a README and a welcome
        article in content/articles/. The built-in theme needs no templates folder;
        a file in DIR/templates/ replaces the built-in one of the same name.

        The workflow builds newsgen from the repository and commit this binary was
        built from, when its build recorded them (a release does), or from
        --newsgen-source; otherwise init says which line of it to set. When DIR is
        a clone of a GitHub repository, site.json's baseURL and the publishing
        steps name the address GitHub Pages will give the site.

        Refuses, writing nothing, when DIR already has a site.json. Other files
        already there are kept as they are.
        """,
        examples: ["newsgen init my-news", "newsgen init my-news --newsgen-source https://github.com/ACCOUNT/newsgen@v1.2.0",
                   "cd my-news && newsgen build --offline"],
        make: { .initialize(directory: $0.operand ?? ".", newsgenSource: $0.value("--newsgen-source")) }
    )

    static let build = CommandSpec(
        name: "build",
        summary: ["Read site.json, parse the feeds and Markdown articles, update the", "archive and render the site into public/"],
        options: [
            .site,
            .output("Where to write the site (default: DIR/public)"),
            .offline("url sources come from the archive"),
            OptionSpec(name: "--strict", help: ["Exit 1 when any source failed; the site is then not published"]),
            OptionSpec(name: "--quiet", help: ["Print only warnings and errors"], group: "verbosity"),
            OptionSpec(name: "--verbose", help: ["Also print each source's outcome"], group: "verbosity"),
        ],
        strayHint: "use --site DIR to build another folder",
        about: """
        Reads DIR/site.json, reads every source, merges the articles into the archive
        (content/archive/) and renders the whole site into public/. The new site
        replaces the old one only once it is complete.
        """,
        examples: ["newsgen build", "newsgen build --site ~/news --output /var/www/news"],
        optionColumn: 17,
        make: { parsed in
            var build = Command.BuildArguments()
            build.site = parsed.value("--site") ?? "."
            build.output = parsed.value("--output")
            build.offline = parsed.has("--offline")
            build.strict = parsed.has("--strict")
            build.verbosity = parsed.has("--quiet") ? .quiet : parsed.has("--verbose") ? .verbose : .normal
            return .build(build)
        }
    )

    static let check = CommandSpec(
        name: "check",
        summary: ["Check site.json, the templates, the bookmarks, every source and", "article, and the built site's links, changing nothing"],
        options: [.site, .output("The built site whose links are checked (default: DIR/public)"), .offline("url sources are not fetched")],
        strayHint: "use --site DIR to check another folder",
        about: """
        Checks a site without building it or changing any file:
          - site.json: it loads, with every key known and of the right type; a path
            or a symbolic link that leads outside the site folder is a warning,
            and a problem in the archive folder, where a build stops at it;
          - the templates (the built-in theme with DIR/templates/ over it): each one
            parses, every {{>partial}} names a template, and no partial includes
            itself more than once per level (the page would grow without bound);
            each strings file (templates/strings/LANG.json) parses, names only
            keys the theme knows, and gives every plural form its language needs;
          - the bookmark manifest: it loads, and every bookmark is in the archive;
          - every source: a path source is read and parsed, a url source fetched
            and parsed (not with --offline); the archive's state.json reads as a
            build reads it;
          - the Markdown articles: each one's front matter and text;
          - the last built site (DIR/public/): every link and image between its
            pages leads to a file that is there.
        Each finding names its file, line and column where it has one. Problems
        print as 'error:', then a last line counts them.
        """,
        notes: """
        Exits 0 when there is no problem (warnings allowed), 1 when there is one.
        """,
        examples: ["newsgen check", "newsgen check --offline --site ~/news"],
        optionColumn: 17,
        make: { .check(Command.CheckArguments(site: $0.value("--site") ?? ".", output: $0.value("--output"), offline: $0.has("--offline"))) }
    )

    static let inspect = CommandSpec(
        name: "inspect",
        summary: ["Show how newsgen reads one feed (a file or an http(s) URL), as", "JSON Feed 1.1"],
        operand: OperandSpec(name: "FILE|URL", required: true, one: "one feed file or URL", needs: "a feed file or an http(s) URL"),
        options: [
            OptionSpec(name: "--content-type", value: "TYPE",
                       help: ["The HTTP Content-Type to assume, charset included", "(a file has none; for a URL it replaces the server's)"],
                       valueExample: "a media type such as 'application/rss+xml; charset=utf-8'"),
        ],
        about: """
        Reads one feed (RSS, RDF, Atom or JSON Feed) from a file or an http(s) URL,
        parses it as a build would and prints what newsgen understood, as JSON Feed
        1.1 on standard output. A `_newsgen` object on the feed and on each item
        holds what JSON Feed has no field for: the format detected, whether the
        document was ill-formed (and why), its encoding and language, text types,
        every link, e-mail addresses, contributors and categories.
        """,
        notes: """
        Exits 1 with one line on standard error when the feed cannot be read or parsed;
        64 when it is no file and reads as a URL without https:// (it says the URL meant).
        """,
        examples: ["newsgen inspect content/feeds/harbor-gazette.xml", "newsgen inspect saved.xml --content-type 'text/xml; charset=iso-8859-1'",
                   "newsgen inspect https://example.org/feed.xml"],
        make: { .inspect(Command.InspectArguments(source: $0.operand ?? "", contentType: $0.value("--content-type"))) }
    )

    static let extract = CommandSpec(
        name: "extract",
        summary: ["Show the article newsgen finds on a web page (a file or an", "http(s) URL) or on many, sanitized, as HTML, text or JSON"],
        operand: OperandSpec(name: "FILE|URL", required: true, one: "one page file or URL", needs: "a page file or an http(s) URL (or --list FILE)",
                             many: true, unlessOption: "--list"),
        options: [
            OptionSpec(name: "--base", value: "URL", help: ["The page's URL, for its relative links (default: the", "URL fetched, after redirects, or the file's file:// URL)"],
                       valueExample: "an absolute URL such as 'https://example.org/story.html'"),
            OptionSpec(name: "--format", value: "FORMAT", help: ["html (default), text or json"], valueExample: "html, text or json",
                       choices: Command.ExtractArguments.Format.allCases.map(\.rawValue)),
            OptionSpec(name: "--select", value: "CSS", help: ["The article's container, as a source's fullText.select:", "what it matches is the article (CSS, or XPath)"],
                       valueExample: "a CSS selector such as 'article .story-body'"),
            OptionSpec(name: "--remove", value: "CSS", help: ["Blocks dropped first, as a source's fullText.remove", "(CSS, commas between selectors, or XPath)"],
                       valueExample: "a CSS selector such as '.related, aside'"),
            OptionSpec(name: "--list", value: "FILE", help: ["More pages, one a line: PATH or PATH<TAB>URL (the URL", "is that page's --base); - reads standard input"]),
            OptionSpec(name: "--output", value: "DIR", help: ["Write each page's result to DIR/NAME.html, .txt or", ".json (NAME: the file's name without .html)"]),
        ],
        about: """
        Reads one web page from a file or an http(s) URL (8 s, 5 MB at most, as a
        build fetches an article's page) and finds its main text the way a build does
        for a feed that carries only a teaser: Readability's method, lazy images kept,
        every URL absolute, then sanitized exactly as feed content is. Prints the
        article's HTML, its text (a blank line between blocks) or one JSON object
        with the page's metadata (title, byline, excerpt, publication time, site
        name, lead image, language) and both.

        --select and --remove try a source's rules on the pages before they go into
        site.json (docs/full-text.md, "Per-source rules"): what --remove matches is
        dropped first, what --select matches is the article, in page order.

        Many pages in one run: several FILE|URL, or --list FILE (one page a line;
        blank lines and # comments skipped). With --output DIR each page's result
        goes to DIR/NAME.html, .txt or .json, what the one-page form prints for it;
        a NAME already taken in the run gets -2, -3… (a.html and b/a.html give a.txt
        and a-2.txt), and a page without an article gets no .html or .txt file.
        Without --output only --format json fits: one object a line (JSON Lines),
        its "file" first. A page that fails is one line on standard error and the
        next page goes on. Pages are read one at a time; a host's next URL waits
        2 s after its last one ended.

        A URL is fetched once, because you asked, without reading robots.txt
        (as curl would); a build's page fetches honour it (see docs/full-text.md).
        """,
        notes: """
        A page that shows text behind a paywall or a cookie-consent wall is an
        article: exit 0, and one line on standard error says what was found
        ("page.html: teaser: behind a paywall (412 characters shown)"); json's
        "wall" names it ("paywall" or "consentWall", null on a free page).
        Exits 1 with one line on standard error when the page cannot be read or
        shows no article (a consent banner alone, a paywall with no text, not
        HTML…); json still prints its object. With many pages: exits 0 when every
        page gave an article, 1 when any did not.
        Exits 64 when it is no file and reads as a URL without https:// (it says the URL
        meant), when --select or --remove cannot be read (it says where), and for
        many pages with --base or, without --output, html or text.
        """,
        examples: ["newsgen extract saved-page.html --base https://example.org/story.html",
                   "newsgen extract https://example.org/story.html --format text",
                   "newsgen extract saved-page.html --select 'article .story-body' --remove '.related, aside'",
                   "newsgen extract pages/*.html --format text --output extracted",
                   "find pages -name '*.html' | newsgen extract --list - --format json > pages.jsonl"],
        make: { parsed in
            .extract(Command.ExtractArguments(sources: parsed.operands, list: parsed.value("--list"), output: parsed.value("--output"),
                                              base: parsed.value("--base"), format: parsed.value("--format"),
                                              select: parsed.value("--select"), remove: parsed.value("--remove")))
        }
    )

    static let help = CommandSpec(
        name: "help",
        summary: ["Show help for a command, or the whole manual as a man page (--man)"],
        operand: OperandSpec(name: "COMMAND", required: false, one: "one command name", needs: "a command name"),
        options: [OptionSpec(name: "--man", help: ["Print the whole manual, every command's help, as a man page (roff)"])]
    )
}
