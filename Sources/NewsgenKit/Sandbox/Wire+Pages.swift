import Foundation
import NewsgenExtract

// What a page's extraction answers, and the jobs and answers themselves (see Wire+Feeds.swift).

extension ExtractionResult: WireCodable {
    func write(to wire: inout WireWriter) {
        switch self {
        case .article(let article): wire.tag(0); wire.value(article)
        case .notFound(let reason, let metadata): wire.tag(1); wire.value(reason); wire.value(metadata)
        }
    }

    init(from wire: inout WireReader) throws(WireError) {
        switch try wire.tag() {
        case 0: self = .article(try wire.value())
        case 1: self = .notFound(try wire.value(), try wire.value())
        case let tag: throw WireReader.unknown(tag, of: ExtractionResult.self)
        }
    }
}

extension ExtractedArticle: WireCodable {
    static let wireFields = 4

    func write(to wire: inout WireWriter) {
        wire.string(html)
        wire.value(metadata)
        wire.int(textLength)
        wire.optional(wall?.rawValue)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(html: try wire.string(), metadata: try wire.value(), textLength: try wire.int())
        guard let name = try wire.optionalString() else { return }
        guard let wall = PageWall(rawValue: name) else { throw WireReader.unknown(0, of: PageWall.self) }
        self.wall = wall
    }
}

extension ExtractedMetadata: WireCodable {
    static let wireFields = 8

    func write(to wire: inout WireWriter) {
        for field in [title, byline, excerpt, publishedTime, siteName, leadImage, language] { wire.optional(field) }
        wire.bool(readerable)
    }

    init(from wire: inout WireReader) throws(WireError) {
        self.init(title: try wire.optionalString(), byline: try wire.optionalString(), excerpt: try wire.optionalString(),
                  publishedTime: try wire.optionalString(), siteName: try wire.optionalString(), leadImage: try wire.optionalString(),
                  language: try wire.optionalString(), readerable: try wire.bool())
    }
}

extension NotFoundReason: WireCodable {
    func write(to wire: inout WireWriter) {
        switch self {
        case .notHTML(let type): wire.tag(0); wire.optional(type)
        case .consentWall: wire.tag(1)
        case .paywall: wire.tag(2)
        case .noArticle: wire.tag(3)
        case .tooLarge(let limit): wire.tag(4); wire.int(limit)
        case .tooComplex(let limit): wire.tag(5); wire.int(limit)
        }
    }

    init(from wire: inout WireReader) throws(WireError) {
        switch try wire.tag() {
        case 0: self = .notHTML(try wire.optionalString())
        case 1: self = .consentWall
        case 2: self = .paywall
        case 3: self = .noArticle
        case 4: self = .tooLarge(try wire.int())
        case 5: self = .tooComplex(try wire.int())
        case let tag: throw WireReader.unknown(tag, of: NotFoundReason.self)
        }
    }
}

extension SandboxJob: WireCodable {
    func write(to wire: inout WireWriter) {
        switch self {
        case .feed(let data, let baseURL, let contentType, let maxBytes):
            wire.tag(0); wire.data(data); wire.optional(baseURL); wire.optional(contentType); wire.int(maxBytes)
        case .page(let data, let pageURL, let contentType, let rules):
            wire.tag(1); wire.data(data); wire.string(pageURL.absoluteString); wire.optional(contentType); wire.optional(rules)
        }
    }

    init(from wire: inout WireReader) throws(WireError) {
        switch try wire.tag() {
        case 0:
            self = .feed(data: try wire.data(), baseURL: try wire.optionalString(), contentType: try wire.optionalString(), maxBytes: try wire.int())
        case 1:
            let data = try wire.data()
            let address = try wire.string()
            guard let url = URL(string: address) else { throw WireError(reason: "'\(address)' is no URL") }
            self = .page(data: data, pageURL: url, contentType: try wire.optionalString(), rules: try wire.optional())
        case let tag: throw WireReader.unknown(tag, of: SandboxJob.self)
        }
    }
}

/// A source's rules cross as the selectors the user wrote, compiled again by the worker: no libxml2
/// structure crosses, and a worker that cannot read one says so rather than extract without it.
extension ExtractionRules: WireCodable {
    static let wireFields = 2

    func write(to wire: inout WireWriter) {
        wire.optional(select?.text)
        wire.array(remove.map(\.text))
    }

    init(from wire: inout WireReader) throws(WireError) {
        let select = try wire.optionalString()
        let remove = try wire.strings()
        do {
            self = try ExtractionRules(select: select, remove: remove)
        } catch {
            throw WireError(reason: "a selector of the rules cannot be read: \(error)")
        }
    }
}

extension SandboxAnswer: WireCodable {
    func write(to wire: inout WireWriter) {
        switch self {
        case .feed(let feed): wire.tag(0); wire.value(feed)
        case .feedError(let error): wire.tag(1); wire.value(error)
        case .page(let result): wire.tag(2); wire.value(result)
        }
    }

    init(from wire: inout WireReader) throws(WireError) {
        switch try wire.tag() {
        case 0: self = .feed(try wire.value())
        case 1: self = .feedError(try wire.value())
        case 2: self = .page(try wire.value())
        case let tag: throw WireReader.unknown(tag, of: SandboxAnswer.self)
        }
    }
}
