import Foundation

extension SiteConfig {
    /// The name of the archive's fetch-state file (`state.json`), which no source id may take.
    public static let reservedStateName = "state"

    /// The only `version` this newsgen reads.
    public static let supportedVersion = 1

    /// The largest site.json read: 16 MiB. A site of 50,000 sources of some 200 bytes each is
    /// 10 MB written out, and no hand-written file comes near; what is over it is refused from its
    /// size on disk, before it is read (a 30 MB site.json once took minutes and gigabytes to build).
    public static let maxFileBytes = 16 << 20

    /// The longest string in site.json, in UTF-8 bytes: 8 KiB. The title is written into every page
    /// and feed, and no web server takes a request line much longer (nginx and Apache stop near
    /// 8 KiB), so no fetchable URL is longer either.
    public static let maxStringBytes = 8 << 10

    /// Why a site.json of `bytes` bytes is not read; nil when it is not too large.
    public static func sizeProblem(bytes: Int) -> String? {
        guard bytes > maxFileBytes else { return nil }
        return "is \(bytes) bytes; a site.json may be at most \(maxFileBytes) bytes (16 MiB)"
    }

    /// Why a selector of a source's rules cannot be read ("expected a name after '.' at 9"), nil when
    /// it can: NewsgenExtract's `SelectorQuery` knows, NewsgenModel does not depend on it (ADR 062).
    public typealias SelectorCheck = (String) -> String?

    /// Decodes and validates `site.json`. `file` is the name errors show; `selectorCheck` reads the sources' rules.
    public static func decode(_ data: Data, file: String = "site.json", selectorCheck: SelectorCheck? = nil) throws(ConfigError) -> SiteConfig {
        try decode(data, file: file, keys: keys, selectorCheck: selectorCheck)
    }

    /// Decodes against a table of keys: `keys`, or a test's table with a row left out.
    static func decode(_ data: Data, file: String, keys: [SiteConfigKey], selectorCheck: SelectorCheck? = nil) throws(ConfigError) -> SiteConfig {
        if let problem = sizeProblem(bytes: data.count) { throw ConfigError(file: file, message: problem) }
        let kinds = Dictionary(keys.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
        var root = try ObjectReader.document(data, file: file, supportedVersion: supportedVersion, maxStringBytes: maxStringBytes, keys: kinds)
        let title = try root.requiredString("title")
        guard let sourceReaders = try root.objects("sources") else { throw root.error("sources", "is required") }
        var config = SiteConfig(title: title, sources: try decodeSources(sourceReaders, selectorCheck: selectorCheck))

        if let baseURL = try root.string("baseURL") {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw root.error("baseURL", "must be an absolute http or https URL, found '\(baseURL)'")
            }
            config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        }
        if let language = try root.string("language") { config.language = language }
        if let timeZone = try root.string("timeZone") {
            guard TimeZone(identifier: timeZone) != nil else { throw root.error("timeZone", "is not a known time zone: '\(timeZone)'") }
            config.timeZone = timeZone
        }
        if let pageSize = try root.int("pageSize", atLeast: 1) { config.pageSize = pageSize }
        if let articles = try root.string("articles") { config.articles = articles }
        if let staticDirectory = try root.string("static") { config.staticDirectory = staticDirectory }
        if let bookmarks = try root.string("bookmarks") { config.bookmarks = bookmarks }

        if var archive = try root.object("archive") {
            if let path = try archive.string("path") { config.archive.path = path }
            config.archive.keepDays = try archive.int("keepDays", atLeast: 1)
            config.archive.keepPerSource = try archive.int("keepPerSource", atLeast: 1)
            try archive.finish()
        }
        if var cache = try root.object("imageCache") {
            if let value = try cache.int("memoryMB", atLeast: 0) { config.imageCache.memoryMB = value }
            if let value = try cache.int("diskMB", atLeast: 0) { config.imageCache.diskMB = value }
            if let value = try cache.string("directory") { config.imageCache.directory = value }
            if let value = try cache.int("maxImageMB", atLeast: 1) { config.imageCache.maxImageMB = value }
            try cache.finish()
        }
        if var fetch = try root.object("fetch") {
            if let value = try fetch.int("concurrency", atLeast: 1) { config.fetch.concurrency = value }
            if let value = try fetch.int("timeoutSeconds", atLeast: 1) { config.fetch.timeoutSeconds = value }
            if let value = try fetch.int("retries", atLeast: 0) { config.fetch.retries = value }
            if let value = try fetch.int("maxFeedMB", atLeast: 1) { config.fetch.maxFeedMB = value }
            if let value = try fetch.int("maxItemsPerFeed", atLeast: 1) { config.fetch.maxItemsPerFeed = value }
            config.fetch.userAgentContact = try fetch.string("userAgentContact")
            try fetch.finish()
        }
        if var embeds = try root.object("embeds") {
            if let hosts = try embeds.array("allow") {
                var allowed: [String] = []
                for (index, host) in hosts.enumerated() {
                    guard let text = host.string else { throw embeds.error("allow[\(index)]", "must be a string, found \(host.typeName)") }
                    let lowered = text.lowercased()
                    guard EmbedsConfig.isValidHost(lowered) else {
                        throw embeds.error("allow[\(index)]", "must be a host name such as 'player.vimeo.com' (no scheme, port, path or wildcard; subdomains are included), found '\(text)'")
                    }
                    if !allowed.contains(lowered) { allowed.append(lowered) }
                }
                config.embeds.allow = allowed
            }
            try embeds.finish()
        }
        if var extract = try root.object("extract") {
            if let mode = try extract.string("fullText") { config.extract.fullText = try fullTextMode(mode, key: "fullText", in: extract) }
            if let value = try extract.number("perHostDelaySeconds", atLeast: 0) { config.extract.perHostDelaySeconds = value }
            if let value = try extract.int("perHostConcurrency", atLeast: 1) { config.extract.perHostConcurrency = value }
            if let value = try extract.int("maxPageMB", atLeast: 1) { config.extract.maxPageMB = value }
            if let value = try extract.int("maxPerBuild", atLeast: 0) { config.extract.maxPerBuild = value }
            if let value = try extract.int("maxSecondsPerBuild", atLeast: 0) { config.extract.maxSecondsPerBuild = value }
            if let value = try extract.int("timeoutSeconds", atLeast: 1) { config.extract.timeoutSeconds = value }
            if let value = try extract.bool("robots") { config.extract.robots = value }
            if let value = try extract.string("savedPages") { config.extract.savedPages = value }
            try extract.finish()
        }
        try root.finish()
        return config
    }

    private static func fullTextMode(_ text: String, key: String, in reader: ObjectReader) throws(ConfigError) -> FullTextMode {
        guard let mode = FullTextMode(rawValue: text) else {
            throw reader.error(key, "must be \(FullTextMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), found '\(text)'")
        }
        return mode
    }

    private static func decodeSources(_ readers: [ObjectReader], selectorCheck: SelectorCheck?) throws(ConfigError) -> [SourceConfig] {
        var sources: [SourceConfig] = []
        var firstIndex: [String: Int] = [:]
        for (index, entry) in readers.enumerated() {
            var reader = entry
            let id = try reader.requiredString("id")
            guard Slug.isValid(id) else {
                throw reader.error("id", "must be lowercase letters, digits and dashes (at most \(Slug.maxLength)), found '\(id)'")
            }
            guard id != ArticleID.markdownSourceID else {
                throw reader.error("id", "is '\(id)', which is reserved for the Markdown articles")
            }
            // content/archive/state.json holds the sources' fetch state beside their <id>.json files.
            guard id != SiteConfig.reservedStateName else {
                throw reader.error("id", "is '\(id)', which is reserved for the archive's state file")
            }
            if let first = firstIndex[id] {
                throw reader.error("id", "duplicates the id '\(id)' of sources[\(first)]")
            }
            firstIndex[id] = index
            let title = try reader.string("title")
            let url = try reader.string("url")
            let path = try reader.string("path")
            let source: SourceConfig
            switch (url, path) {
            case (nil, nil): throw reader.objectError("needs a 'url' or a 'path'")
            case (.some, .some): throw reader.objectError("has both 'url' and 'path'; keep one")
            case (let url?, nil):
                guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme), parsed.host != nil else {
                    throw reader.error("url", "must be an absolute http or https URL, found '\(url)'")
                }
                source = SourceConfig(id: id, title: title, location: .url(parsed), address: url)
            case (nil, let path?): source = SourceConfig(id: id, title: title, location: .file(path))
            }
            var configured = source
            (configured.fullText, configured.rules) = try fullText(of: &reader, source: id, selectorCheck: selectorCheck)
            if let category = try reader.string("category") {
                let trimmed = category.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw reader.error("category", "is blank; leave the key out for no category") }
                configured.category = trimmed
            }
            try reader.finish()
            sources.append(configured)
        }
        return sources
    }

    /// A source's `fullText`: a mode as a string, or an object of a mode and rules (ADR 062).
    private static func fullText(of reader: inout ObjectReader, source: String,
                                 selectorCheck: SelectorCheck?) throws(ConfigError) -> (FullTextMode?, FullTextRules?) {
        guard let value = try reader.value("fullText", as: .choiceOrObject(FullTextMode.allCases.map(\.rawValue))) else { return (nil, nil) }
        if let mode = value.string { return (try fullTextMode(mode, key: "fullText", in: reader), nil) }
        guard value.isObject else {
            throw reader.error("fullText", "must be 'never', 'auto' or 'always', or an object (mode, select, remove), found \(value.typeName)")
        }
        guard var object = try reader.object("fullText") else { return (nil, nil) }
        var mode: FullTextMode?
        if let text = try object.string("mode") { mode = try fullTextMode(text, key: "mode", in: object) }
        var rules = FullTextRules()
        func checked(_ selector: String, key: String) throws(ConfigError) -> String {
            guard !selector.allSatisfy(\.isWhitespace) else { throw object.error(key, "is blank; leave the key out for no rule") }
            if let problem = selectorCheck?(selector) { throw object.error(key, "of source '\(source)': \(problem)") }
            return selector
        }
        if let select = try object.string("select") { rules.select = try checked(select, key: "select") }
        if let remove = try object.value("remove", as: .stringOrStringList) {
            if let one = remove.string {
                rules.remove = [try checked(one, key: "remove")]
            } else if remove.isArray {
                for (index, item) in remove.elements.enumerated() {
                    guard let text = item.string else { throw object.error("remove[\(index)]", "must be a string, found \(item.typeName)") }
                    rules.remove.append(try checked(text, key: "remove[\(index)]"))
                }
            } else {
                throw object.error("remove", "must be a string or a list of strings, found \(remove.typeName)")
            }
        }
        try object.finish()
        return (mode, rules.isEmpty ? nil : rules)
    }
}
