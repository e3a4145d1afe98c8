/// The text of `newsgen --help` and `newsgen help COMMAND`; the README quotes it.
public enum HelpText {
    public static let version = "newsgen 0.1.0"

    public static let overview = """
    newsgen — turn news feeds and Markdown into a permanent, static news archive.

    Usage: newsgen <command> [options]

    Commands:
      build     Read site.json, parse the feeds and Markdown articles, update the
                archive and render the site into public/
      help      Show help for a command

    Options:
      --help     Show this help
      --version  Show the version

    Run 'newsgen help build' for the options of a command.
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

    public static func text(for topic: String?) -> String {
        switch topic {
        case "build": return build
        default: return overview
        }
    }
}
