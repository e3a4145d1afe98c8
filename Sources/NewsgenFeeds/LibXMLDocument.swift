import Foundation
import CLibXML2

/// The one place that talks to libxml2: parses bytes safely and copies the tree
/// into `DOMElement` values, freeing every C structure before returning.
///
/// Safety: no `XML_PARSE_NOENT` (entities are not substituted by libxml2), no
/// `XML_PARSE_DTDLOAD` (external subsets are never read), no `XML_PARSE_HUGE`
/// (libxml2 keeps its limits: 256 levels of nesting, 10 MB in one text), always
/// `XML_PARSE_NONET`. Internal entities the document declares itself are
/// expanded here, under a budget, so a "billion laughs" cannot hang or exhaust
/// memory; external entities are never resolved. Before libxml2 sees the
/// bytes, `MarkupScan` refuses a document with more markup than `ParseLimits`
/// allows (attributes per element, nodes, DOCTYPE size), which libxml2 2.9
/// would otherwise parse in quadratic time or in unbounded memory. A fresh
/// parser context per call keeps parsing thread-safe.
///
/// Memory: each node of libxml2's tree is freed as soon as it has been copied,
/// so the two trees are never both whole at once.
///
/// Ill-formed input: a document that is not well-formed is parsed a second time
/// in libxml2's recovery mode, as feedparser falls back to its loose parser;
/// what that yields is returned with the first error as `illFormedReason`. A
/// safety limit hit in either pass refuses the document, so recovery is never a
/// way around one. Where feedparser's loose parser keeps text that libxml2's
/// recovery would drop, the `ReadingRules` keep it too: bare ampersands are
/// escaped before the recovering pass (`MarkupScan`), an undeclared entity that
/// is no HTML name stays as written, and a mistyped namespace URI is corrected
/// (`NamespaceCorrection`).
enum LibXMLDocument {
    /// Characters (plus visited nodes) that entity expansion may produce per document.
    static let expansionLimit = 1_000_000
    /// How deeply entities may refer to other entities.
    static let expansionDepth = 16

    /// The root element, and why the document is ill-formed when it is.
    struct Parsed: Sendable, Equatable {
        var root: DOMElement
        /// The first well-formedness problem (feedparser's `bozo_exception`), or nil.
        var illFormed: FeedParseError?
        /// True when text kept an `&` that `ReadingRules.release010` dropped (a bare
        /// ampersand, an unknown entity): every such text holds an `&` now.
        var keptAmpersands = false
        /// True when a namespace was corrected that `ReadingRules.release010` left as written.
        var correctedNamespaces = false
        /// How many problems the parse stepped over, `illFormed` the first (0 when there is none).
        var problemCount = 0

        var illFormedReason: String? { illFormed?.description }
    }

    /// `xmlInitParser` must run once before threads parse concurrently.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The input is UTF-8 (see `DocumentDecoder`), whatever its declaration says.
    private static let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue |
        XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue

    /// Recovery, with every entity reference routed through `libXMLEntityLookup`.
    private static let recoveryOptions = options | XML_PARSE_RECOVER.rawValue | XML_PARSE_OLDSAX.rawValue

    /// Parses UTF-8 `data` (already size-checked by the caller) within `limits`, read by `rules`.
    static func parse(_ data: Data, limits: ParseLimits = .default, rules: ReadingRules = .current) throws(FeedParseError) -> Parsed {
        guard initialized, data.count <= Int(Int32.max) else {
            throw FeedParseError(.tooLarge(size: data.count, limit: Int(Int32.max)))
        }
        let findings = try MarkupScan.check(data, limits: limits)
        let strict = try attempt(data, recovering: false, rules: rules)
        if let root = strict.root {
            return Parsed(root: root, illFormed: strict.diagnostics.firstProblem?.error,
                          keptAmpersands: strict.diagnostics.keptUnknownEntity, correctedNamespaces: strict.correctedNamespaces,
                          problemCount: strict.diagnostics.firstProblem == nil ? 0 : 1)
        }
        let first = strict.diagnostics.firstError ?? strict.diagnostics.firstProblem
        guard let first else { throw FeedParseError(.emptyDocument) }
        // No element at all: "empty" for a document of comments, libxml2's own words for text that is not XML.
        if first.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            throw data.contains(UInt8(ascii: "<")) ? FeedParseError(.emptyDocument) : first.error
        }
        // The strict pass stopped at the first error; a bare ampersand it may have been is text to keep,
        // and a comment's double hyphens are blanked so that recovering from them stays linear.
        let escapes = rules.keepsBareAmpersands && findings.bareAmpersands > 0
        let input = escapes || findings.hyphenatedComments > 0
            ? MarkupScan.repairing(data, limits: limits, escapingAmpersands: escapes) : data
        let recovered = try attempt(input, recovering: true, rules: rules)
        guard let root = recovered.root else { throw first.error }
        let problem = strict.diagnostics.firstProblem ?? first
        return Parsed(root: root, illFormed: problem.error, keptAmpersands: escapes || recovered.diagnostics.keptUnknownEntity,
                      correctedNamespaces: recovered.correctedNamespaces, problemCount: max(1, recovered.diagnostics.errorCount))
    }

    /// One libxml2 parse: the root when there is one to read (a strict parse
    /// demands a well-formed document), what libxml2 reported, and whether
    /// `rules` corrected a namespace.
    private static func attempt(_ data: Data, recovering: Bool, rules: ReadingRules) throws(FeedParseError)
        -> (root: DOMElement?, diagnostics: LibXMLDiagnostics, correctedNamespaces: Bool) {
        guard let context = xmlNewParserCtxt() else { throw FeedParseError(.parserUnavailable) }
        defer { xmlFreeParserCtxt(context) }
        let diagnostics = LibXMLDiagnostics(context: context, recovering: recovering, rules: rules)
        // The diagnostics outlive the parse: `withExtendedLifetime` below.
        context.pointee._private = Unmanaged.passUnretained(diagnostics).toOpaque()
        context.pointee.sax.pointee.serror = libXMLErrorHandler
        context.pointee.sax.pointee.getEntity = libXMLEntityLookup

        return try withExtendedLifetime(diagnostics) { () throws(FeedParseError) -> (DOMElement?, LibXMLDiagnostics, Bool) in
            let document = data.withUnsafeBytes { raw -> xmlDocPtr? in
                guard let base = raw.baseAddress else { return nil }
                return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count),
                                         nil, "UTF-8", Int32(bitPattern: recovering ? recoveryOptions : options))
            }
            defer { if let document { xmlFreeDoc(document) } }
            if let limit = diagnostics.limit { throw limit }
            guard let document, recovering || context.pointee.wellFormed != 0,
                  let root = xmlDocGetRootElement(document) else { return (nil, diagnostics, false) }
            var builder = Builder(document: document, rules: rules)
            let element = try builder.element(root, depth: 0)
            return (element, diagnostics, builder.correctedNamespace)
        }
    }

    /// Copies libxml2 nodes into Swift values, expanding internal entities under a budget.
    private struct Builder {
        let document: xmlDocPtr
        let rules: ReadingRules
        var budget = LibXMLDocument.expansionLimit
        /// True once a namespace URI was read as the one it was meant to be.
        var correctedNamespace = false

        init(document: xmlDocPtr, rules: ReadingRules) {
            self.document = document
            self.rules = rules
        }

        /// A node's name, its namespace corrected when the rules say so.
        private mutating func qualifiedName(_ name: UnsafePointer<xmlChar>?, _ ns: xmlNsPtr?) -> QualifiedName {
            var qualified = QualifiedName(name, ns)
            if rules.correctsNamespaces, let uri = qualified.namespace,
               let meant = NamespaceCorrection.intended(uri, prefix: qualified.prefix) {
                qualified.namespace = meant
                correctedNamespace = true
            }
            return qualified
        }

        mutating func element(_ node: xmlNodePtr, depth: Int) throws(FeedParseError) -> DOMElement {
            var attributes: [DOMAttribute] = []
            var attribute = node.pointee.properties
            while let current = attribute {
                var value = ""
                try appendText(of: current.pointee.children, to: &value, depth: depth)
                let name = qualifiedName(current.pointee.name, current.pointee.ns)
                attributes.append(DOMAttribute(name: name.local, namespace: name.namespace, prefix: name.prefix,
                                               value: value))
                attribute = current.pointee.next
            }
            var children: [DOMNode] = []
            try appendChildren(of: node.pointee.children, to: &children, depth: depth)
            // feedparser's repairs of misencoded text apply to element text, not attributes.
            for index in children.indices {
                if case .text(let text) = children[index] { children[index] = .text(MisencodedText.repair(text)) }
            }
            let name = qualifiedName(node.pointee.name, node.pointee.ns)
            return DOMElement(name: name.local, namespace: name.namespace, prefix: name.prefix,
                              attributes: attributes, children: children)
        }

        /// `depth` counts entity expansions we are inside of; 0 means document content.
        private mutating func appendChildren(of first: xmlNodePtr?, to children: inout [DOMNode],
                                             depth: Int) throws(FeedParseError) {
            var cursor = first
            while let node = cursor {
                try spend(depth > 0 ? 1 : 0)
                switch node.pointee.type {
                case XML_ELEMENT_NODE:
                    children.append(.element(try element(node, depth: depth)))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    let text = optionalString(node.pointee.content) ?? ""
                    if depth > 0 { try spend(text.utf8.count) }
                    appendText(text, to: &children)
                case XML_ENTITY_REF_NODE:
                    switch try expansion(of: node, depth: depth) {
                    case .nodes(let first): try appendChildren(of: first, to: &children, depth: depth + 1)
                    case .text(let text): appendText(text, to: &children)
                    case .nothing: break
                    }
                default:
                    break // comments, processing instructions
                }
                cursor = node.pointee.next
                // Copied: free it now (never an entity's own nodes, which later references share).
                if depth == 0 {
                    xmlUnlinkNode(node)
                    xmlFreeNode(node)
                }
            }
        }

        private mutating func appendText(of first: xmlNodePtr?, to result: inout String,
                                         depth: Int) throws(FeedParseError) {
            var cursor = first
            while let node = cursor {
                try spend(depth > 0 ? 1 : 0)
                switch node.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    let text = optionalString(node.pointee.content) ?? ""
                    if depth > 0 { try spend(text.utf8.count) }
                    result += text
                case XML_ELEMENT_NODE:
                    try appendText(of: node.pointee.children, to: &result, depth: depth)
                case XML_ENTITY_REF_NODE:
                    switch try expansion(of: node, depth: depth) {
                    case .nodes(let first): try appendText(of: first, to: &result, depth: depth + 1)
                    case .text(let text): result += text
                    case .nothing: break
                    }
                default:
                    break
                }
                cursor = node.pointee.next
            }
        }

        /// An entity reference libxml2 left in the tree: an internal entity the
        /// document declared is expanded (under the budget); an undeclared one
        /// (in an attribute value, or when a DTD is referenced but not loaded) is
        /// looked up among HTML's named characters, else kept as written when the
        /// rules say so; an external entity is dropped, never read.
        private enum Expansion {
            case nodes(xmlNodePtr)
            case text(String)
            case nothing
        }

        private mutating func expansion(of node: xmlNodePtr, depth: Int) throws(FeedParseError) -> Expansion {
            guard let name = node.pointee.name else { return .nothing }
            guard let entity = xmlGetDocEntity(document, name) else {
                let text = string(name)
                if let character = HTMLEntities.namedCharacter(text) { return .text(character) }
                return rules.keepsUnknownEntities ? .text("&\(text);") : .nothing
            }
            switch entity.pointee.etype {
            case XML_INTERNAL_PREDEFINED_ENTITY:
                return .text(optionalString(entity.pointee.content) ?? "")
            case XML_INTERNAL_GENERAL_ENTITY:
                guard depth < LibXMLDocument.expansionDepth else {
                    throw FeedParseError(.entityExpansionLimit)
                }
                if let parsed = entity.pointee.children { return .nodes(parsed) }
                if let content = optionalString(entity.pointee.content), !content.contains("<"), !content.contains("&") {
                    try spend(content.utf8.count)
                    return .text(content)
                }
                return .nothing
            default:
                return .nothing // external entities are never resolved
            }
        }

        private mutating func spend(_ amount: Int) throws(FeedParseError) {
            budget -= amount
            if budget < 0 { throw FeedParseError(.entityExpansionLimit) }
        }

        /// Adds `text`, joined to a text node just before it. The previous text is
        /// taken out of the array first so it is appended to in place: a run of
        /// many small pieces (text between entity references) stays linear.
        private func appendText(_ text: String, to children: inout [DOMNode]) {
            guard !text.isEmpty else { return }
            guard case .text? = children.last, case .text(var previous) = children.removeLast() else {
                children.append(.text(text))
                return
            }
            previous += text
            children.append(.text(previous))
        }
    }
}

private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
    guard let pointer else { return "" }
    return String(cString: pointer)
}

private func optionalString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

private func optionalString(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

/// An element's or attribute's name. libxml2 keeps a name whose prefix was never
/// declared whole (`itunes:subtitle`, in no namespace); feedparser still reads
/// such an element by its prefix, so a well-known prefix is given its usual
/// namespace here (the document stays marked ill-formed).
private struct QualifiedName {
    var local: String
    var namespace: String?
    var prefix: String?

    init(_ name: UnsafePointer<xmlChar>?, _ ns: xmlNsPtr?) {
        local = string(name)
        namespace = ns.flatMap { optionalString($0.pointee.href) }
        prefix = ns.flatMap { optionalString($0.pointee.prefix) }
        guard ns == nil, local.utf8.contains(UInt8(ascii: ":")), let colon = local.firstIndex(of: ":") else { return }
        let written = String(local[..<colon])
        guard let known = UndeclaredPrefix.namespace(for: written) else { return }
        prefix = written
        namespace = known
        local = String(local[local.index(after: colon)...])
    }
}
