/// One key site.json may hold: where it is, what it takes, what it is without it and what it means.
/// The decoder reads no key that is not here, as no other type than here (`ObjectReader` checks
/// both), and `newsgen help --man` prints the same rows as the manual's CONFIGURATION (ADR 060).
public struct SiteConfigKey: Sendable, Equatable {
    /// What a key's value must be; the decoder's check and the manual's "type" column.
    public enum Kind: Sendable, Equatable {
        case string
        /// A string, one of these.
        case choice([String])
        case integer(atLeast: Int)
        case number(atLeast: Double)
        case bool
        case object
        case objectList
        case stringList
        /// A string, one of these, or an object (`sources[].fullText`, ADR 062).
        case choiceOrObject([String])
        /// One string or a list of them.
        case stringOrStringList

        /// True when the decoder reading a value as `kind` reads this kind: a choice is read as a string,
        /// a choice or object as either.
        func isRead(as kind: Kind) -> Bool {
            if case .choice = self, kind == .string { return true }
            if case .choiceOrObject = self, kind == .string || kind == .object { return true }
            return self == kind
        }

        /// As the manual writes it: "integer >= 1", "'never', 'auto' or 'always'".
        public var text: String {
            switch self {
            case .string: "string"
            case .choice(let options):
                options.dropLast().map { "'\($0)'" }.joined(separator: ", ") + (options.count > 1 ? " or " : "") + (options.last.map { "'\($0)'" } ?? "")
            case .integer(let minimum): "integer >= \(minimum)"
            case .number(let minimum): "number >= \(Int(minimum))"
            case .bool: "true or false"
            case .object: "object"
            case .objectList: "list of objects"
            case .stringList: "list of strings"
            case .choiceOrObject(let options): Kind.choice(options).text + ", or an object"
            case .stringOrStringList: "string or list of strings"
            }
        }
    }

    /// The key as the manual and errors name it: `extract.perHostDelaySeconds`, `sources[].fullText`.
    public let path: String
    public let kind: Kind
    /// The value taken when the key is absent or null, as site.json would write it, or what that means.
    public let defaultValue: String
    /// One line of meaning.
    public let meaning: String

    public init(_ path: String, _ kind: Kind, _ defaultValue: String, _ meaning: String) {
        self.path = path
        self.kind = kind
        self.defaultValue = defaultValue
        self.meaning = meaning
    }

    /// `path` of an `ObjectReader` (`sources[3].fullText`) as the table writes it (`sources[].fullText`).
    static func tablePath(_ path: String) -> String {
        var result = ""
        var inIndex = false
        for character in path {
            if character == "[" { inIndex = true; result.append("[") } else if character == "]" { inIndex = false; result.append("]") } else if !inIndex { result.append(character) }
        }
        return result
    }
}

extension SiteConfig {
    /// Every key of site.json version 1, in the order the manual lists them. Defaults are read from
    /// the types' own initial values, so the manual cannot state a default the decoder does not give.
    public static let keys: [SiteConfigKey] = {
        let site = SiteConfig(title: "", sources: [])
        let (archive, images, fetch, extract) = (site.archive, site.imageCache, site.fetch, site.extract)
        let modes = FullTextMode.allCases.map(\.rawValue)
        func json(_ text: String) -> String { "\"\(text)\"" }
        return [
            SiteConfigKey("version", .integer(atLeast: 1), "\(site.version)", "The format of this file; this newsgen reads \(supportedVersion) only."),
            SiteConfigKey("title", .string, "required", "The site's name, on every page and feed."),
            SiteConfigKey("baseURL", .string, "none", "The site's absolute http(s) address; without it feeds carry relative links."),
            SiteConfigKey("language", .string, json(site.language), "The pages' language (BCP 47); picks the theme's words (en, de, fr, es, it, nl, pt, pl)."),
            SiteConfigKey("timeZone", .string, json(site.timeZone), "The IANA time zone dates are shown in, such as \"Europe/Berlin\"."),
            SiteConfigKey("pageSize", .integer(atLeast: 1), "\(site.pageSize)", "Articles on one page of a list."),
            SiteConfigKey("articles", .string, json(site.articles), "The folder of Markdown articles."),
            SiteConfigKey("static", .string, json(site.staticDirectory), "The folder copied into the site as it is."),
            SiteConfigKey("bookmarks", .string, json(site.bookmarks), "The bookmark manifest."),
            SiteConfigKey("sources", .objectList, "required", "The feeds, read in this order; [] for none."),
            SiteConfigKey("sources[].id", .string, "required", "The source's name in the archive and its page's address: lowercase letters, digits, dashes."),
            SiteConfigKey("sources[].title", .string, "the feed's own title", "The name shown for the source."),
            SiteConfigKey("sources[].url", .string, "none", "The feed's http(s) address; a source has a url or a path, not both."),
            SiteConfigKey("sources[].path", .string, "none", "A feed file in the site folder, read instead of fetched."),
            SiteConfigKey("sources[].fullText", .choiceOrObject(modes), "extract.fullText", "When the articles' own pages are fetched for their full text; an object adds rules."),
            SiteConfigKey("sources[].fullText.mode", .choice(modes), "extract.fullText", "The mode, when fullText is an object."),
            SiteConfigKey("sources[].fullText.select", .string, "none", "A CSS selector (or XPath) of the article on the source's pages: what it matches is the article."),
            SiteConfigKey("sources[].fullText.remove", .stringOrStringList, "[]", "CSS selectors (or XPath) of blocks taken out of the page before anything else."),
            SiteConfigKey("sources[].category", .string, "none", "A folder name for the source, shown on /sources/ and kept in /sources.opml."),
            SiteConfigKey("archive", .object, "{}", "Where the archive lives and how long it keeps articles."),
            SiteConfigKey("archive.path", .string, json(archive.path), "The archive's folder: the articles by source, and state.json."),
            SiteConfigKey("archive.keepDays", .integer(atLeast: 1), "keep all", "Feed articles dated more days ago than this leave the archive and the site."),
            SiteConfigKey("archive.keepPerSource", .integer(atLeast: 1), "keep all", "A source's articles beyond its newest this many leave the archive and the site."),
            SiteConfigKey("imageCache", .object, "{}", "The cache of downloaded images."),
            SiteConfigKey("imageCache.memoryMB", .integer(atLeast: 0), "\(images.memoryMB)", "Megabytes of images held in memory during a build."),
            SiteConfigKey("imageCache.diskMB", .integer(atLeast: 0), "\(images.diskMB)", "Megabytes of images kept on disk between builds."),
            SiteConfigKey("imageCache.directory", .string, json(images.directory), "The cache's folder."),
            SiteConfigKey("imageCache.maxImageMB", .integer(atLeast: 1), "\(images.maxImageMB)", "The largest image downloaded, in megabytes."),
            SiteConfigKey("fetch", .object, "{}", "How feeds are downloaded."),
            SiteConfigKey("fetch.concurrency", .integer(atLeast: 1), "\(fetch.concurrency)", "Feeds downloaded at a time."),
            SiteConfigKey("fetch.timeoutSeconds", .integer(atLeast: 1), "\(fetch.timeoutSeconds)", "Seconds for one whole request, redirects included."),
            SiteConfigKey("fetch.retries", .integer(atLeast: 0), "\(fetch.retries)", "Tries again after a network error, a 5xx or a 429."),
            SiteConfigKey("fetch.maxFeedMB", .integer(atLeast: 1), "\(fetch.maxFeedMB)", "The largest feed read, in megabytes, decompressed."),
            SiteConfigKey("fetch.maxItemsPerFeed", .integer(atLeast: 1), "\(fetch.maxItemsPerFeed)", "The most items one feed gives a build (the newest by date)."),
            SiteConfigKey("fetch.userAgentContact", .string, "none", "A URL or address added to newsgen's User-Agent, for publishers to reach you."),
            SiteConfigKey("embeds", .object, "{}", "Which video players may be embedded."),
            SiteConfigKey("embeds.allow", .stringList, "[]", "Host names whose https iframes are kept, sandboxed (subdomains included)."),
            SiteConfigKey("extract", .object, "{}", "Full text: how articles' own pages are fetched."),
            SiteConfigKey("extract.fullText", .choice(modes), json(extract.fullText.rawValue), "The sources' default: never, for items with only a teaser (auto), or always."),
            SiteConfigKey("extract.perHostDelaySeconds", .number(atLeast: 0), "\(Int(extract.perHostDelaySeconds))", "Seconds between the end of one request to a host and the start of the next."),
            SiteConfigKey("extract.perHostConcurrency", .integer(atLeast: 1), "\(extract.perHostConcurrency)", "Requests to one host at a time."),
            SiteConfigKey("extract.maxPageMB", .integer(atLeast: 1), "\(extract.maxPageMB)", "The largest page read, in megabytes, decompressed."),
            SiteConfigKey("extract.maxPerBuild", .integer(atLeast: 0), "\(extract.maxPerBuild)", "Pages fetched in one build at most; the rest wait for the next."),
            SiteConfigKey("extract.maxSecondsPerBuild", .integer(atLeast: 0), "\(extract.maxSecondsPerBuild)", "Seconds of fetching pages in one build at most; the rest wait for the next."),
            SiteConfigKey("extract.timeoutSeconds", .integer(atLeast: 1), "\(extract.timeoutSeconds)", "Seconds for one page's whole exchange, redirects included."),
            SiteConfigKey("extract.robots", .bool, "\(extract.robots)", "Honour robots.txt for newsgen's user agent."),
            SiteConfigKey("extract.savedPages", .string, json(extract.savedPages), "Pages saved by hand, read instead of fetched: <folder>/<host>/<path>."),
        ]
    }()
}
