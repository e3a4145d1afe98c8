import Foundation
import CLibXML2

/// One feed an OPML subscription list names: an `<outline>` with an `xmlUrl`.
public struct OPMLFeed: Sendable, Equatable {
    /// The line of its `<outline>` in the file, for messages.
    public var line: Int
    /// `text`, else `title` (OPML 2.0 makes `text` required; many exporters write only `title`).
    public var title: String?
    public var xmlURL: String
    public var htmlURL: String?
    /// The name of the folder outline it sits in (the nearest one), as feed readers file subscriptions.
    public var category: String?

    public init(line: Int, title: String?, xmlURL: String, htmlURL: String? = nil, category: String? = nil) {
        self.line = line
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.category = category
    }
}

/// A line of an OPML file that gave no feed, and why.
public struct OPMLProblem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

/// Why an OPML file could not be read at all.
public struct OPMLError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// What an OPML file holds: its feeds in document order and the lines that gave none.
public struct OPMLDocument: Sendable, Equatable {
    public var title: String?
    public var feeds: [OPMLFeed]
    public var problems: [OPMLProblem]
}

/// Reads OPML subscription lists (1.0 and 2.0, as feed readers export them) on libxml2, with
/// the feed parser's safety: the same markup limits before parsing, no entity substitution, no
/// DTD loading, no network. An ill-formed file is read in libxml2's recovery mode, so one broken
/// line costs its outline, not the file: each error is a problem with its line.
///
/// An outline with an `xmlUrl` is a feed whatever its `type` (exporters write `rss`, `atom`, or
/// nothing). An outline without one that holds other outlines is a folder. An outline with
/// neither is a problem ("not a feed"), as is an `xmlUrl` that is not an absolute http(s) address.
public enum OPMLReader {
    /// The largest file read: a list of 100,000 subscriptions is about 20 MB.
    public static let maxBytes = 20 * 1_048_576

    /// The file's feeds and problems; throws when it is too large, over the markup limits, or no OPML at all.
    public static func read(_ data: Data) throws(OPMLError) -> OPMLDocument {
        guard data.count <= maxBytes else { throw OPMLError(reason: FeedParseError(.tooLarge(size: data.count, limit: maxBytes)).description) }
        do { _ = try MarkupScan.check(data, limits: .default) } catch { throw OPMLError(reason: error.description) }
        let decoded = DocumentDecoder.decode(data)
        guard let context = xmlNewParserCtxt() else { throw OPMLError(reason: FeedParseError(.parserUnavailable).description) }
        defer { xmlFreeParserCtxt(context) }
        let collector = ErrorCollector()
        context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
        context.pointee.sax.pointee.serror = opmlErrorHandler
        return try withExtendedLifetime(collector) { () throws(OPMLError) -> OPMLDocument in
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue | XML_PARSE_RECOVER.rawValue
            let document = decoded.data.withUnsafeBytes { raw -> xmlDocPtr? in
                guard let base = raw.baseAddress else { return nil }
                return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, "UTF-8", Int32(bitPattern: options))
            }
            defer { if let document { xmlFreeDoc(document) } }
            guard let document, let root = xmlDocGetRootElement(document) else {
                throw OPMLError(reason: collector.problems.first.map { "not OPML (\($0))" } ?? "no XML element at all: not OPML")
            }
            guard name(of: root).lowercased() == "opml" else {
                throw OPMLError(reason: "the root element is <\(name(of: root))>, not <opml>")
            }
            var result = OPMLDocument(title: nil, feeds: [], problems: collector.problems)
            for head in children(of: root) where name(of: head) == "head" {
                for title in children(of: head) where name(of: title) == "title" { result.title = text(of: title) }
            }
            for body in children(of: root) where name(of: body) == "body" {
                walk(body, folder: nil, depth: 0, into: &result)
            }
            result.problems.sort { $0.line < $1.line }
            return result
        }
    }

    /// Past this many levels a folder no longer names its feeds' category (they keep the last one
    /// named), and element text is not read deeper. libxml2 itself stops at 256 levels of nesting.
    private static let maxDepth = 64

    private static func walk(_ parent: xmlNodePtr, folder: String?, depth: Int, into result: inout OPMLDocument) {
        for outline in children(of: parent) where name(of: outline) == "outline" {
            let line = Int(xmlGetLineNo(outline))
            let title = attribute(outline, "text") ?? attribute(outline, "title")
            let nested = children(of: outline).contains { name(of: $0) == "outline" }
            if let xmlURL = attribute(outline, "xmlUrl") {
                if isHTTPAddress(xmlURL) {
                    result.feeds.append(OPMLFeed(line: line, title: title, xmlURL: xmlURL, htmlURL: attribute(outline, "htmlUrl"), category: folder))
                } else {
                    result.problems.append(OPMLProblem(line: line, reason: "xmlUrl '\(xmlURL)' is not an http(s) address"))
                }
            } else if !nested {
                result.problems.append(OPMLProblem(line: line, reason: "outline \(title.map { "'\($0)' " } ?? "")has no xmlUrl: not a feed"))
            }
            if nested {
                walk(outline, folder: depth < maxDepth ? (title ?? folder) : folder, depth: depth + 1, into: &result)
            }
        }
    }

    private static func isHTTPAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static func children(of node: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    private static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The attribute's value, trimmed; nil when absent or blank. OPML's names are camel-case,
    /// but some exporters write them in lower case (`xmlurl`), so the name is matched without case.
    private static func attribute(_ node: xmlNodePtr, _ wanted: String) -> String? {
        var property = node.pointee.properties
        while let current = property {
            if let raw = current.pointee.name, String(cString: raw).lowercased() == wanted.lowercased() {
                return trimmed(textOfChildren(current.pointee.children))
            }
            property = current.pointee.next
        }
        return nil
    }

    private static func text(of node: xmlNodePtr) -> String? {
        trimmed(textOfChildren(node.pointee.children))
    }

    /// The text and CDATA under `first` and its siblings, in order (what `xmlNodeGetContent` gives,
    /// read from the tree rather than copied out, so nothing needs libxml2's `xmlFree`).
    private static func textOfChildren(_ first: xmlNodePtr?, depth: Int = 0) -> String {
        var result = ""
        var node = first
        while let current = node {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                result += String(cString: content)
            } else if current.pointee.type == XML_ELEMENT_NODE, depth < maxDepth {
                result += textOfChildren(current.pointee.children, depth: depth + 1)
            }
            node = current.pointee.next
        }
        return result
    }

    private static func trimmed(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// libxml2's errors during one read, each with its line.
    fileprivate final class ErrorCollector {
        var problems: [OPMLProblem] = []
    }
}

private let opmlErrorHandler: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let opaque = context.pointee._private else { return }
    let collector = Unmanaged<OPMLReader.ErrorCollector>.fromOpaque(opaque).takeUnretainedValue()
    guard collector.problems.count < 100 else { return }
    let message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.pointee.code)"
    collector.problems.append(OPMLProblem(line: Int(error.pointee.line), reason: "not well-formed: \(message)"))
}
