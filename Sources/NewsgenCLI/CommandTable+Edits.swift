import Foundation

/// The commands that edit a site by hand, `bookmark` and `archive`: subcommands, each with ARTICLE.
extension CommandSpec {
    static let bookmark = CommandSpec(
        name: "bookmark",
        summary: ["Add, remove, toggle or list the site's bookmarks (bookmarks.json)"],
        options: [
            OptionSpec(name: "--note", value: "TEXT", help: ["A note kept with the bookmark (add, toggle; \"\" removes it)"], subcommands: ["add", "toggle"]),
            OptionSpec(name: "--json", help: ["Print the list as JSON (list)"], subcommands: ["list"]),
            .site,
        ],
        subcommands: [
            CommandSpec(name: "add", summary: ["Bookmark an article; on a bookmarked one, --note changes the note"], operand: .article),
            CommandSpec(name: "remove", summary: ["Remove an article's bookmark"], operand: .article),
            CommandSpec(name: "toggle", summary: ["Bookmark the article when it is not, else remove the bookmark"], operand: .article),
            CommandSpec(name: "list", summary: ["Show the bookmarks, newest first"]),
        ],
        about: """
        Edits the bookmark manifest (site.json's "bookmarks", bookmarks.json by
        default), which you commit with the site: the next build marks those
        articles and lists them on /bookmarks/. The manifest keeps entries sorted
        by id, so that two branches that each add one merge cleanly.

        ARTICLE is one of:
          - the article's id, 16 hex digits (3f9a1c0d5e7b2a64);
          - its page on the site: /articles/<slug>/, or the full URL under baseURL;
          - its original URL on the publisher's site.
        When nothing matches, the closest articles are listed with their ids.
        """,
        notes: """
        Adding a bookmark twice, or removing one that is not there, changes nothing
        and says so. The articles come from the archive: run 'newsgen build' first.
        """,
        examples: ["newsgen bookmark add /articles/lantern-walk-lights-up-the-old-quay/ --note \"for the digest\"",
                   "newsgen bookmark remove 3f9a1c0d5e7b2a64", "newsgen bookmark list --json"],
        make: { parsed in
            let article = parsed.operand ?? ""
            let action: Command.BookmarkArguments.Action
            switch parsed.subcommand {
            case "add": action = .add(article: article, note: parsed.value("--note"))
            case "remove": action = .remove(article: article)
            case "toggle": action = .toggle(article: article, note: parsed.value("--note"))
            default: action = .list(json: parsed.has("--json"))
            }
            return .bookmark(Command.BookmarkArguments(action, site: parsed.value("--site") ?? "."))
        }
    )

    static let archive = CommandSpec(
        name: "archive",
        summary: ["Take an article down for good, or read an article's page again"],
        options: [OptionSpec(name: "--reason", value: "TEXT", help: ["Why, kept in the takedown list"], subcommands: ["remove"]),
                  OptionSpec(name: "--source", value: "ID", help: ["Every article of the source ID"], subcommands: ["refresh"]), .site],
        subcommands: [CommandSpec(name: "remove", summary: ["Take an article down"], operand: .article),
                      CommandSpec(name: "refresh", summary: ["Read an article's page again for its full text"],
                                  operand: OperandSpec(name: "ARTICLE", required: false, one: "one article",
                                                       needs: "an article: its id, its page on the site (/articles/<slug>/) or its URL"))],
        about: """
        remove takes an article down: it leaves the archive (content/archive/) at
        once, the next build removes its page and every list that showed it, and it
        is recorded in content/archive/takedowns.json (id, date, title, URL, reason),
        which you commit with the site, so that no later fetch brings it back.
        To let it come back, delete its entry from that file.

        ARTICLE is the article's id, its page on the site (/articles/<slug>/ or the
        full URL under baseURL), or its original URL, as for 'newsgen bookmark'.

        A bookmarked article is refused: the bookmark manifest would go on showing
        its title and link on /bookmarks/. Remove the bookmark first
        ('newsgen bookmark remove ARTICLE'), then the article.

        Removing an article already taken down changes nothing and says so.

        refresh asks the next build to fetch the page of ARTICLE (or of every
        article of --source ID) again and extract its full text, for a source whose
        fullText is "auto" or "always". It is marked in content/archive/state.json;
        the text extracted before stays until the new one replaces it.
        """,
        examples: ["newsgen archive remove /articles/lantern-walk-lights-up-the-old-quay/ --reason \"legal request\"",
                   "newsgen archive remove 3f9a1c0d5e7b2a64",
                   "newsgen archive refresh 3f9a1c0d5e7b2a64",
                   "newsgen archive refresh --source harbour-news"],
        make: { parsed in
            let site = parsed.value("--site") ?? "."
            if parsed.subcommand == "refresh" {
                return .archive(Command.ArchiveArguments(.refresh(article: parsed.operand, source: parsed.value("--source")), site: site))
            }
            // A blank reason is no reason.
            let reason = parsed.value("--reason").flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            return .archive(Command.ArchiveArguments(.remove(article: parsed.operand ?? "", reason: reason), site: site))
        }
    )
}
