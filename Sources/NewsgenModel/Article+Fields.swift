import Foundation

extension Article {
    /// One stored property as an archive line holds it: the key (the property's name), how it is
    /// written (nothing when absent) and how it is read back. `fields` lists every stored
    /// property, and a test built on `Mirror` fails when one is missing, so a new property
    /// cannot silently stay out of the archive.
    public struct Field: Sendable {
        public let name: String
        let key: StaticString
        let write: @Sendable (Article, inout JSONWriter) -> Void
        let read: @Sendable (inout Article, JSONElement?) throws(JSONFieldError) -> Void
    }

    /// Every stored property, in declaration order: the order Foundation's decoder checked them
    /// in, so the first problem reported is the one it reported.
    public static let fields: [Field] = [
        .required("id", { $0.id }, { $0.id = $1 }),
        .optional("identityKey", { $0.identityKey }, { $0.identityKey = $1 }),
        .required("slug", { $0.slug }, { $0.slug = $1 }),
        .required("sourceID", { $0.sourceID }, { $0.sourceID = $1 }),
        .required("title", { $0.title }, { $0.title = $1 }),
        .optional("link", { $0.link }, { $0.link = $1 }),
        .optional("author", { $0.author }, { $0.author = $1 }),
        .date("published", { $0.published }, { $0.published = $1 }),
        .date("updated", { $0.updated }, { $0.updated = $1 }),
        .optional("summaryHTML", { $0.summaryHTML }, { $0.summaryHTML = $1 }),
        .optional("contentHTML", { $0.contentHTML }, { $0.contentHTML = $1 }),
        .strings("tags", { $0.tags }, { $0.tags = $1 }),
        .optional("imageURL", { $0.imageURL }, { $0.imageURL = $1 }),
        .fullText,
        .feedText,
    ]

    /// `fields` by key, the order an archive line is written in (sorted, as `JSONEncoder`'s `.sortedKeys` wrote it).
    static let fieldsInKeyOrder: [Field] = fields.sorted { $0.name < $1.name }

    /// The article as one compact JSON object (keys sorted, absent optionals left out,
    /// `JSONEncoder`'s escaping without escaped slashes, dates as `RFC3339.string`).
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for field in Self.fieldsInKeyOrder { field.write(self, &writer) }
        writer.endObject()
    }

    /// Reads the article `object` holds, and the keys it holds that `Article` does not know
    /// (sorted). Of two members with one key the first counts, as with Foundation's decoder.
    public static func read(_ object: JSONElement) throws(JSONFieldError) -> (article: Article, unknownKeys: [String]) {
        try object.expect(.object, at: [])
        var values = [JSONElement?](repeating: nil, count: fields.count)
        var unknown: [String] = []
        var cursor = 0
        for member in object.members {
            // Lines are written in key order, so the next field is almost always the one after the last.
            guard let index = fieldsInKeyOrder.indices.lazy.map({ (cursor + $0) % fieldsInKeyOrder.count })
                .first(where: { member.keyEquals(fieldsInKeyOrder[$0].key) }) else {
                unknown.append(member.key)
                continue
            }
            cursor = index + 1
            let declared = fieldOrder[index]
            if values[declared] == nil { values[declared] = member.value }
        }
        var article = Article(id: "", slug: "", sourceID: "", title: "")
        for (field, value) in zip(fields, values) { try field.read(&article, value) }
        return (article, unknown.sorted())
    }

    /// For each field in key order, its index in `fields`.
    private static let fieldOrder: [Int] = fieldsInKeyOrder.map { field in fields.firstIndex { $0.name == field.name }! }
}

extension Article.Field {
    static func required(_ key: StaticString, _ get: @escaping @Sendable (Article) -> String,
                         _ set: @escaping @Sendable (inout Article, String) -> Void) -> Self {
        Self(name: "\(key)", key: key, write: { article, writer in writer.key(key); writer.string(get(article)) }) { article, value throws(JSONFieldError) in
            set(&article, try present(value, key).decodeString(at: [.key("\(key)")]))
        }
    }

    static func optional(_ key: StaticString, _ get: @escaping @Sendable (Article) -> String?,
                         _ set: @escaping @Sendable (inout Article, String?) -> Void) -> Self {
        Self(name: "\(key)", key: key, write: { article, writer in
            if let value = get(article) { writer.key(key); writer.string(value) }
        }) { article, value throws(JSONFieldError) in
            guard let value, !value.isNull else { return }
            set(&article, try value.decodeString(at: [.key("\(key)")]))
        }
    }

    static func date(_ key: StaticString, _ get: @escaping @Sendable (Article) -> Date?,
                     _ set: @escaping @Sendable (inout Article, Date?) -> Void) -> Self {
        Self(name: "\(key)", key: key, write: { article, writer in
            if let value = get(article) { writer.key(key); writer.date(value) }
        }) { article, value throws(JSONFieldError) in
            guard let value, !value.isNull else { return }
            set(&article, try value.decodeDate(at: [.key("\(key)")]))
        }
    }

    static func strings(_ key: StaticString, _ get: @escaping @Sendable (Article) -> [String],
                        _ set: @escaping @Sendable (inout Article, [String]) -> Void) -> Self {
        Self(name: "\(key)", key: key, write: { article, writer in
            writer.key(key)
            writer.beginArray()
            for item in get(article) { writer.string(item) }
            writer.endArray()
        }) { article, value throws(JSONFieldError) in
            let list = try present(value, key)
            try list.expect(.array, at: [.key("\(key)")])
            var items: [String] = []
            for (index, item) in list.elements.enumerated() { items.append(try item.decodeString(at: [.key("\(key)"), .index(index)])) }
            set(&article, items)
        }
    }

    /// A required member's value; absent is "missing" (null is left to the type check).
    private static func present(_ value: JSONElement?, _ key: StaticString) throws(JSONFieldError) -> JSONElement {
        guard let value else { throw JSONFieldError(path: [.key("\(key)")], problem: .missing) }
        return value
    }
}

extension Article.Field {
    /// `fullText`, an object of its own (keys sorted; `feedKept`, `leadImage`, `rules`, `savedPage` and `wall`
    /// left out when absent, so an archive written before any existed reads, and is written back, byte for byte).
    static let fullText = Self(name: "fullText", key: "fullText", write: { article, writer in
        guard let text = article.fullText else { return }
        writer.key("fullText")
        writer.beginObject()
        writer.key("extractedAt"); writer.date(text.extractedAt)
        writer.key("extractor"); writer.string(text.extractor)
        writer.optional("feedKept", text.feedKept?.rawValue)
        writer.key("feedStamp"); writer.string(text.feedStamp)
        writer.key("finalURL"); writer.string(text.finalURL)
        writer.key("html"); writer.string(text.html)
        writer.optional("leadImage", text.leadImage)
        writer.optional("rules", text.rules)
        writer.optional("savedPage", text.savedPage)
        writer.key("url"); writer.string(text.url)
        writer.optional("wall", text.wall?.rawValue)
        writer.endObject()
    }) { article, value throws(JSONFieldError) in
        guard let value, !value.isNull else { return }
        let object = try JSONFieldReader(value, path: [.key("fullText")])
        article.fullText = FullText(html: try object.string("html"), url: try object.string("url"), finalURL: try object.string("finalURL"),
                                    extractedAt: try object.date("extractedAt"), extractor: try object.string("extractor"),
                                    feedStamp: try object.string("feedStamp"), savedPage: try object.optionalString("savedPage"),
                                    leadImage: try object.optionalString("leadImage"),
                                    wall: try object.optionalRaw("wall", FullText.Wall.self),
                                    feedKept: try object.optionalRaw("feedKept", FullText.FeedKeptReason.self),
                                    rules: try object.optionalString("rules"))
    }
}

extension JSONFieldReader {
    /// An optional member naming one case of `kind` by its raw value; another string is refused with the values it takes.
    func optionalRaw<Kind: RawRepresentable & CaseIterable>(_ key: String, _ kind: Kind.Type) throws(JSONFieldError) -> Kind?
        where Kind.RawValue == String {
        guard let raw = try optionalString(key) else { return nil }
        guard let value = Kind(rawValue: raw) else {
            let expected = Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw JSONFieldError(path: path + [.key(key)], problem: .wrongType(expected: expected, found: "'\(raw)'"))
        }
        return value
    }
}

extension Article.Field {
    /// `feedText`, the feed text's provenance kind (ADR 056): written only when known, as its raw value.
    static let feedText = Self(name: "feedText", key: "feedText", write: { article, writer in
        writer.optional("feedText", article.feedText?.rawValue)
    }) { article, value throws(JSONFieldError) in
        guard let value, !value.isNull else { return }
        let raw = try value.decodeString(at: [.key("feedText")])
        guard let kind = FeedTextKind(rawValue: raw) else {
            throw JSONFieldError(path: [.key("feedText")], problem: .wrongType(expected: "\"teaser\"", found: "'\(raw)'"))
        }
        article.feedText = kind
    }
}
