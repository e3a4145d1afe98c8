import Foundation
import NewsgenKit
import NewsgenModel

/// `newsgen source`: add a feed by its address (a feed or a web page), list, remove, import and export OPML.
extension CommandSpec {
    static let source = CommandSpec(
        name: "source",
        summary: ["Add a source by its web address, list or remove sources, import", "or export an OPML subscription list"],
        options: [
            OptionSpec(name: "--id", value: "ID", help: ["The source's id (default: made from the feed's title)"], subcommands: ["add"]),
            OptionSpec(name: "--title", value: "TITLE", help: ["The source's title (default: the feed's)"], subcommands: ["add"]),
            OptionSpec(name: "--full-text", value: "MODE", help: ["never, auto or always: when its articles' pages are read"], subcommands: ["add"],
                       choices: FullTextMode.allCases.map(\.rawValue)),
            OptionSpec(name: "--pick", value: "N", help: ["The Nth of the feeds a page offers"], subcommands: ["add"]),
            OptionSpec(name: "--keep-archive", help: ["Keep its archived articles (remove)"], group: "archive", subcommands: ["remove"]),
            OptionSpec(name: "--purge", help: ["Take its archived articles out, bookmarked ones excepted (remove)"], group: "archive",
                       subcommands: ["remove"]),
            OptionSpec(name: "--dry-run", help: ["Print what would change, write nothing (import)"], subcommands: ["import"]),
            OptionSpec(name: "--no-check", help: ["Do not read the added feeds to name the teaser ones (import)"], subcommands: ["import"]),
            .site,
        ],
        subcommands: [
            CommandSpec(name: "add", summary: ["Find the feed at URL (a feed or a web page), fetch it and add it"],
                        operand: OperandSpec(name: "URL", required: true, one: "one URL", needs: "a URL: a feed's or a web page's")),
            CommandSpec(name: "list", summary: ["Show the sources: id, title, full-text mode, url or path, category"]),
            CommandSpec(name: "set", summary: ["Change a source's full-text, title, category, url or path in site.json"],
                        operand: OperandSpec(name: "ID KEY VALUE", required: true, one: "ID KEY VALUE",
                                             needs: "ID KEY VALUE, e.g. 'example-news full-text auto'", words: 3)),
            CommandSpec(name: "remove", summary: ["Take a source out of site.json"],
                        operand: OperandSpec(name: "ID", required: true, one: "one source id", needs: "a source id ('newsgen source list' shows them)")),
            CommandSpec(name: "import", summary: ["Add every feed of an OPML file (folders become categories)"],
                        operand: OperandSpec(name: "FILE", required: true, one: "one OPML file", needs: "an OPML file")),
            CommandSpec(name: "export", summary: ["Print every source as OPML 2.0"]),
        ],
        about: """
        Edits the "sources" list of site.json and nothing else: every other byte of
        the file (key order, indentation, other keys) stays as it was, and the file
        is replaced atomically.

        add fetches URL. When it is a feed (RSS, Atom, JSON Feed), that is the
        source. When it is a web page, its <link rel="alternate"> feeds are used,
        or, when it names none, the first of /feed, /feed.xml, /rss, /rss.xml,
        /atom.xml, /index.xml, /feed.json on its host that is a feed. All of it
        has 3 × fetch.timeoutSeconds (60 s by default): a path that timed out,
        or was not asked when that ran out, is named. A page that offers several
        feeds lists them, numbered, and adds none: choose one with --pick N. The
        feed is parsed before it is added; its id is made from its title
        (lowercase letters, digits and dashes, -2, -3… when taken). What was
        fetched goes into the archive, so the next build, even --offline, shows
        its articles. A feed already in site.json (the same address, after
        redirects) or an id already used is refused, naming that source.

        A feed that gives only a teaser of each article (a sentence or two, or a
        "Read more" ending, and no content of its own) gets full text (auto) when
        added, and add says so: its articles' own pages are read, politely, so the
        archive keeps whole articles. --full-text never keeps it off (add still
        warns). Every build's summary names such sources left on the default
        never, with the one command that turns full text on, and /sources/ marks them.

        set changes one key of a source (of several: ID,ID,…) in place: full-text
        (never, auto, always, or default for extract.fullText), full-text.select
        and full-text.remove (the source's rules, CSS or XPath; "" takes one out;
        the next build reads the source's pages again under them), title,
        category ("" takes either out), url or path. An unknown key, a value the
        key does not take or a selector that cannot be read is exit 64, naming what
        it takes; an unknown id is exit 1.

        remove is refused while the archive holds the source's articles: add
        --keep-archive to keep them (still shown, under the source's title) or
        --purge to take them out of the archive. Bookmarked articles always stay.

        import adds every feed outline of an OPML file (feed readers export one);
        a folder's name becomes the source's category. Feeds already in site.json,
        or twice in the file, are skipped, and each skipped or unreadable outline
        is listed with its line. Then (with --dry-run too) it reads each feed it
        added once, politely (4 at a time, one at a time per host, for at most
        2 minutes), and lists those that give only teasers with the one command
        that turns full text on, and each feed it could not read. It stores
        nothing and changes no mode: the next build archives the feeds.
        --no-check skips the reading.

        A site holds at most \(Wording.grouped(SourceLimit.maxSources)) sources (what a build was measured
        at): add and import refuse to go past that, and write nothing.
        """,
        notes: """
        Exit status 64 also when a page offers several feeds and no --pick was given,
        when --pick is past them, and when URL is not an http or https URL (typed
        without https://, it says the URL meant).
        """,
        examples: ["newsgen source add https://example.org/", "newsgen source add https://example.org/ --pick 2 --id example-news",
                   "newsgen source set example-news full-text auto", "newsgen source set example-news full-text.select 'article .story-body'", "newsgen source set example-news,other-news category Local",
                   "newsgen source remove example-news --purge", "newsgen source import subscriptions.opml --dry-run",
                   "newsgen source export > sources.opml"],
        make: { parsed in
            let site = parsed.value("--site") ?? "."
            let action: Command.SourceArguments.Action
            switch parsed.subcommand {
            case "add":
                action = .add(url: parsed.operand ?? "", id: parsed.value("--id"), title: parsed.value("--title"),
                              fullText: parsed.value("--full-text"), pick: parsed.value("--pick"))
            case "remove": action = .remove(id: parsed.operand ?? "", keepArchive: parsed.has("--keep-archive"), purge: parsed.has("--purge"))
            case "import": action = .importOPML(file: parsed.operand ?? "", dryRun: parsed.has("--dry-run"), check: !parsed.has("--no-check"))
            case "export": action = .export
            case "set":
                let words = parsed.operands + ["", "", ""]
                action = .set(ids: words[0], key: words[1], value: words[2])
            default: action = .list
            }
            return .source(Command.SourceArguments(action, site: site))
        }
    )
}
