import NewsgenExtract
import NewsgenHTML
import NewsgenModel

/// What an article's prepared text (`PreparedText`) is made from, hashed: SHA-256 over the
/// versions of the code that makes it, the site's settings that change it and the article itself,
/// as the SHA-256 of its archive line (`ArchiveDigests`: "keyed by the article's stored bytes").
/// Equal keys mean equal prepared text, so a cached result is reused only when making it again
/// could not give anything else.
///
/// The article's part is its whole line, not just the fields the sanitizer reads: the load has hashed
/// every line already (ADR 034), so the key costs one small hash instead of a pass over the article's
/// HTML; an edit of a title, tag or date sanitizes that one article again. The site's URL is not part
/// of it: the sanitizer resolves against the article's own link, and the site's URL only enters pages
/// at render time.
struct EnrichKey: Hashable, Sendable {
    static let byteCount = 32
    /// The digest as four words: cheap to hash and compare in a dictionary of 100,000 keys.
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(digest: [UInt8]) {
        precondition(digest.count == Self.byteCount)
        func word(_ index: Int) -> UInt64 {
            digest[index * 8..<index * 8 + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        words = (word(0), word(1), word(2), word(3))
    }

    /// Reads the 32 bytes a record or the index holds.
    init?(reading reader: inout CacheByteReader) {
        guard let a = reader.integer(UInt64.self), let b = reader.integer(UInt64.self), let c = reader.integer(UInt64.self),
              let d = reader.integer(UInt64.self) else { return nil }
        words = (a, b, c, d)
    }

    func append(to bytes: inout [UInt8]) {
        for word in [words.0, words.1, words.2, words.3] { CacheBytes.append(word, to: &bytes) }
    }

    static func == (lhs: EnrichKey, rhs: EnrichKey) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
    }
}

extension EnrichKey {
    /// The part of every key that is the same for the whole build: code versions and site settings, hashed.
    struct Settings: Sendable {
        let prefix: [UInt8]

        /// `versions` are given only by tests that pretend to be another release.
        init(embedHosts: [String], versions: [String] = Settings.currentVersions) {
            // 2: the article as its line's digest (ADR 034); the keys of 1 are simply not found again.
            var bytes = Array("newsgen enrich key 2".utf8)
            EnrichKey.appendField(versions.joined(separator: "\u{0}"), to: &bytes)
            CacheBytes.append(UInt64(embedHosts.count), to: &bytes)
            for host in embedHosts { EnrichKey.appendField(host, to: &bytes) }
            prefix = FastSHA256.digest(bytes)
        }

        /// Every version the prepared text depends on. newsgen's own release is among them, so a
        /// release whose author forgot to bump one of the others still starts from a clean cache.
        static let currentVersions = [NewsgenVersion.current, "sanitizer " + HTMLSanitizer.version, "extractor " + ArticleExtractor.version,
                                      "prepared " + PreparedArticle.version, "summary \(PreparedArticle.summaryLength)"]
    }

    /// The key of the prepared text of the article whose archive line has `lineDigest`, under `settings`.
    init(lineDigest: [UInt8], settings: Settings) {
        self.init(digest: FastSHA256.digest(settings.prefix + lineDigest))
    }

    /// The key of `article`'s prepared text under `settings`, its line being the one `ArchiveLineWriter` writes.
    init(_ article: Article, settings: Settings) {
        self.init(lineDigest: ArchiveDigests.line(article), settings: settings)
    }

    /// A field as a length and its bytes (absent: a length no field has), so that no two
    /// different articles give the same bytes.
    private static func appendField(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else { return CacheBytes.append(UInt64.max, to: &bytes) }
        CacheBytes.append(UInt64(text.utf8.count), to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }
}
