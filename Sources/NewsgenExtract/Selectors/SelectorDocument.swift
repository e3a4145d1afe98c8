import CLibXML2
import Foundation
import NewsgenHTML

/// An HTML page parsed by libxml2 for selectors to be run on it (`select`): the one place that
/// holds libxml2's tree, freed with the document; what it hands out are Swift values.
///
/// Hostile pages: parsed as `PageTree` parses them (no network, no entities, never HUGE, so
/// libxml2 bounds depth and text nodes); each query stops after `SelectorQuery.maxOperations`
/// XPath steps (libxml2's `opLimit`) and returns at most `limit` elements. libxml2's XPath has no
/// `document()` (that is XSLT's), so a query reads this page and nothing else.
public final class SelectorDocument {
    /// Each element in document order, `ordinal` being its place: the first element of the page (`<html>`) is 0.
    public struct Element: Sendable, Equatable {
        public var ordinal: Int
        /// Lowercased.
        public var name: String
        /// In source order, names lowercased.
        public var attributes: [Attribute]
        /// The text of the element and its descendants, as written (entities decoded).
        public var text: String

        public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    /// One attribute as the parser decoded it.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// Default: more matches than any rule or list of links needs, few enough to bound the work.
    public static let defaultLimit = 10_000
    /// XPath operations one query may take (libxml2's `opLimit`): far above what a selector costs
    /// on a large real page, far below what a pathological XPath on a hostile one would.
    public static let maxOperations: UInt = 50_000_000

    /// libxml2's options, as `PageTree` parses: no network, no diagnostics, recover from bad markup.
    static let parseOptions = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_RECOVER.rawValue)

    private let document: htmlDocPtr
    /// Elements in document order (`xmlXPathOrderDocElems` numbered them).
    public let elementCount: Int

    private static let initialized: Void = xmlInitParser()

    /// `html` read in `encoding` (an iconv name) when given, else as libxml2 guesses (`<meta charset>`, UTF-8).
    public convenience init(html: Data, encoding: String? = nil) {
        self.init(bytes: [UInt8](html), encoding: encoding,
                  options: encoding == nil ? Self.parseOptions : Self.parseOptions | Int32(bitPattern: HTML_PARSE_IGNORE_ENC.rawValue))
    }

    /// `bytes` parsed with libxml2's `options`: the extractor passes its own, so element ordinals are its tree's.
    init(bytes: [UInt8], encoding: String?, options: Int32) {
        _ = Self.initialized
        let input = bytes.isEmpty ? Array("<html></html>".utf8) : bytes
        let parsed = LibXMLErrors.catching {
            input.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    htmlReadMemory(chars.baseAddress, Int32(clamping: chars.count), nil, encoding, options)
                }
            }
        }.value
        // libxml2 gives no document only for input it cannot start on; an empty one answers nothing.
        document = parsed ?? htmlNewDocNoDtD(nil, nil)
        elementCount = max(0, Int(xmlXPathOrderDocElems(document)))
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The elements `query` matches, in document order, at most `limit`; what XPath selects that is
    /// no element (attributes, text) is skipped. Throws libxml2's reason when it stops the query.
    public func select(_ query: SelectorQuery, limit: Int = SelectorDocument.defaultLimit) throws(SelectorError) -> [Element] {
        try nodes(query, limit: limit).map(element)
    }

    /// The ordinals of the elements `query` matches, in document order, at most `limit`.
    public func ordinals(_ query: SelectorQuery, limit: Int = SelectorDocument.defaultLimit) throws(SelectorError) -> [Int] {
        try nodes(query, limit: limit).map(ordinal)
    }

    private func nodes(_ query: SelectorQuery, limit: Int) throws(SelectorError) -> [xmlNodePtr] {
        let compiled: xmlXPathCompExprPtr
        switch XPathCompiler.compile(query.xpath, writtenAsXPath: query.isXPath) {
        case .success(let expression): compiled = expression
        case .failure(let error): throw error
        }
        defer { xmlXPathFreeCompExpr(compiled) }
        let caught = LibXMLErrors.catching { () -> [xmlNodePtr]? in
            guard let context = xmlXPathNewContext(document) else { return nil }
            defer { xmlXPathFreeContext(context) }
            context.pointee.opLimit = Self.maxOperations
            // From the document node: `descendant-or-self::` then takes in `<html>` too, and `/…` is the page's root.
            context.pointee.node = UnsafeMutableRawPointer(document).assumingMemoryBound(to: xmlNode.self)
            guard let result = xmlXPathCompiledEval(compiled, context) else { return nil }
            defer { xmlXPathFreeObject(result) }
            guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval else { return [] }
            var found: [xmlNodePtr] = []
            for index in 0..<Int(set.pointee.nodeNr) {
                guard found.count < limit else { break }
                if let node = set.pointee.nodeTab[index], node.pointee.type == XML_ELEMENT_NODE { found.append(node) }
            }
            return found.sorted { ordinal($0) < ordinal($1) }
        }
        guard let found = caught.value else {
            throw SelectorError(position: nil, reason: "XPath: " + (caught.message ?? "libxml2 could not run it").lowercased())
        }
        return found
    }

    /// The element's place in document order, as `xmlXPathOrderDocElems` stamped it (-(n+1) in `content`).
    private func ordinal(_ node: xmlNodePtr) -> Int {
        let stamp = Int(bitPattern: node.pointee.content)
        return stamp < 0 ? -stamp - 1 : Int.max
    }

    private func element(_ node: xmlNodePtr) -> Element {
        let attributes = HTMLFragment.attributes(of: node).map { Attribute(name: $0.name, value: $0.value) }
        // xmlNodeGetContent would mistake the ordinal stamp in an element's `content` for text: the text nodes are read instead.
        let text = Self.textContent(node)
        let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        return Element(ordinal: ordinal(node), name: name, attributes: attributes, text: text)
    }

    /// The text nodes under `node`, in order, without recursion.
    private static func textContent(_ node: xmlNodePtr) -> String {
        var text = ""
        var stack: [xmlNodePtr] = []
        var current = node.pointee.children
        while true {
            guard let child = current else {
                guard let parent = stack.popLast() else { break }
                current = parent.pointee.next
                continue
            }
            switch child.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = child.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE where child.pointee.children != nil:
                stack.append(child)
                current = child.pointee.children
                continue
            default:
                break
            }
            current = child.pointee.next
        }
        return text
    }
}
