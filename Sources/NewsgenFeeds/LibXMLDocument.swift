import Foundation
import CLibXML2

/// The one place that talks to libxml2: parses bytes safely and copies the tree
/// into `DOMElement` values, freeing every C structure before returning.
///
/// Safety: no `XML_PARSE_NOENT` (entities are not substituted by libxml2) and no
/// `XML_PARSE_DTDLOAD` (external subsets are never read), always `XML_PARSE_NONET`.
/// Internal entities the document declares itself are expanded here, under a
/// budget, so a "billion laughs" cannot hang or exhaust memory; external entities
/// are never resolved. A fresh parser context per call keeps parsing thread-safe.
enum LibXMLDocument {
    /// Characters (plus visited nodes) that entity expansion may produce per document.
    static let expansionLimit = 1_000_000
    /// How deeply entities may refer to other entities.
    static let expansionDepth = 16

    /// `xmlInitParser` must run once before threads parse concurrently.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    private static let options: Int32 = Int32(bitPattern:
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue |
        XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Parses `data` (already size-checked by the caller) and returns the root element.
    static func parse(_ data: Data) throws(FeedParseError) -> DOMElement {
        guard initialized, data.count <= Int(Int32.max) else {
            throw FeedParseError(.tooLarge(size: data.count, limit: Int(Int32.max)))
        }
        guard let context = xmlNewParserCtxt() else { throw FeedParseError(.parserUnavailable) }
        defer { xmlFreeParserCtxt(context) }
        // Keep libxml2 from printing to stderr: errors are read back from the context.
        context.pointee.sax.pointee.serror = { _, _ in }

        let document = data.withUnsafeBytes { raw -> xmlDocPtr? in
            guard let base = raw.baseAddress else { return nil }
            return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count),
                                     nil, nil, options)
        }
        guard let document else { throw wellFormednessError(context) }
        defer { xmlFreeDoc(document) }
        guard context.pointee.wellFormed != 0 else { throw wellFormednessError(context) }
        guard let root = xmlDocGetRootElement(document) else { throw FeedParseError(.emptyDocument) }
        var builder = Builder(document: document)
        return try builder.element(root, depth: 0)
    }

    private static func wellFormednessError(_ context: xmlParserCtxtPtr) -> FeedParseError {
        guard let error = xmlCtxtGetLastError(context), error.pointee.code != 0 else {
            return FeedParseError(.notWellFormed(line: 0, column: 0, message: "the parser gave no reason"))
        }
        let code = error.pointee.code
        if code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) { return FeedParseError(.emptyDocument) }
        if code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            return FeedParseError(.entityExpansionLimit)
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "error \(code)"
        return FeedParseError(.notWellFormed(line: Int(error.pointee.line), column: Int(error.pointee.int2),
                                             message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Copies libxml2 nodes into Swift values, expanding internal entities under a budget.
    private struct Builder {
        let document: xmlDocPtr
        var budget = LibXMLDocument.expansionLimit

        mutating func element(_ node: xmlNodePtr, depth: Int) throws(FeedParseError) -> DOMElement {
            var attributes: [DOMAttribute] = []
            var attribute = node.pointee.properties
            while let current = attribute {
                var value = ""
                try appendText(of: current.pointee.children, to: &value, depth: depth)
                attributes.append(DOMAttribute(name: string(current.pointee.name),
                                               namespace: current.pointee.ns.flatMap { optionalString($0.pointee.href) },
                                               prefix: current.pointee.ns.flatMap { optionalString($0.pointee.prefix) },
                                               value: value))
                attribute = current.pointee.next
            }
            var children: [DOMNode] = []
            try appendChildren(of: node.pointee.children, to: &children, depth: depth)
            return DOMElement(name: string(node.pointee.name),
                              namespace: node.pointee.ns.flatMap { optionalString($0.pointee.href) },
                              prefix: node.pointee.ns.flatMap { optionalString($0.pointee.prefix) },
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
        /// (possible when a DTD is referenced but not loaded) is looked up among
        /// HTML's named characters; an external entity is dropped, never read.
        private enum Expansion {
            case nodes(xmlNodePtr)
            case text(String)
            case nothing
        }

        private mutating func expansion(of node: xmlNodePtr, depth: Int) throws(FeedParseError) -> Expansion {
            guard let name = node.pointee.name else { return .nothing }
            guard let entity = xmlGetDocEntity(document, name) else {
                return HTMLEntities.namedCharacter(string(name)).map { .text($0) } ?? .nothing
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

        private func appendText(_ text: String, to children: inout [DOMNode]) {
            guard !text.isEmpty else { return }
            if case .text(let previous)? = children.last {
                children[children.count - 1] = .text(previous + text)
            } else {
                children.append(.text(text))
            }
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
