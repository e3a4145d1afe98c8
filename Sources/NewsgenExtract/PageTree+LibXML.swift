import CLibXML2
import NewsgenHTML
import Foundation

extension PageTree {
    /// Why a page could not be turned into a tree.
    enum BuildFailure: Error, Equatable {
        case tooComplex(Int)
        case unparsable
    }

    /// libxml2 wants `xmlInitParser` called once before it is used from several threads.
    private static let initialized: Void = xmlInitParser()

    /// Untrusted pages: no network, no diagnostics on stderr, recover from bad markup; never HUGE
    /// (libxml2 then stops at 256 open elements and bounded text nodes), never entities or DTDs.
    /// The encoding is decided beforehand (`PageEncoding`), so `<meta charset>` does not switch it.
    static let parseOptions = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// Parses `bytes` (in `encoding`, a name iconv knows) and copies libxml2's tree into a `PageTree`,
    /// freeing libxml2's. At most `maxElements` elements are copied: more is `tooComplex`.
    static func parse(_ bytes: [UInt8], encoding: String, maxElements: Int, statistics: inout ExtractionStatistics) -> Result<PageTree, BuildFailure> {
        _ = initialized
        guard bytes.count < Int(Int32.max) else { return .failure(.tooComplex(Int(Int32.max))) }
        // Encoding errors (bytes invalid in the page's charset) are printed even with NOERROR unless
        // a structured handler takes them. Handlers are per thread: the caller's is put back after.
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, encoding, parseOptions)
            }
        }
        guard let document else { return .failure(.unparsable) }
        defer { xmlFreeDoc(document) }
        var tree = PageTree()
        // Iterative copy: (libxml2 node, our parent) pairs, so deep input cannot overflow the stack.
        var stack: [(node: xmlNodePtr, parent: Int)] = []
        var current = document.pointee.children
        var parentNode = tree.root
        var elements = 0
        while true {
            guard let node = current else {
                guard let resume = stack.popLast() else { break }
                current = resume.node.pointee.next
                parentNode = resume.parent
                continue
            }
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                elements += 1
                guard elements <= maxElements else {
                    statistics.elementsBuilt = elements
                    return .failure(.tooComplex(maxElements))
                }
                let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                let element = tree.createElement(name, attributes: attributes(of: node))
                tree.appendChild(parentNode, element)
                if let child = node.pointee.children {
                    stack.append((node, parentNode))
                    statistics.maxDepth = max(statistics.maxDepth, stack.count)
                    // libxml2 2.9 knows HTML 4 only: `<source>` and `<track>` swallow what follows them.
                    // A browser never gives a void element children, so they become its next siblings.
                    if !voidElements.contains(name) { parentNode = element }
                    current = child
                    continue
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    let text = tree.createText(String(cString: content))
                    tree.appendChild(parentNode, text)
                }
            default:
                break // comments, processing instructions, the doctype: no text to read
            }
            current = node.pointee.next
        }
        statistics.elementsBuilt = elements
        return .success(tree)
    }

    /// Attribute values as the parser decoded them, read from their text children.
    private static func attributes(of node: xmlNodePtr) -> [Attribute] {
        HTMLFragment.attributes(of: node).map { Attribute(name: $0.name, value: $0.value) }
    }
}
