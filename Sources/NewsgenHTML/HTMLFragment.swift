import CLibXML2

/// An HTML fragment parsed by libxml2's error-tolerant HTML parser, walked
/// without recursion (so deeply nested input cannot overflow the stack).
/// Internal: libxml2 pointers never leave this module.
package enum HTMLFragment {
    /// What a visitor decides for an element.
    enum Step {
        /// Skip the element and everything inside it.
        case skip
        /// Visit the children; `close` is called after them with the given token.
        case descend(closeToken: String?)
    }

    /// One element seen by a visitor: its lowercased name and attributes in source order.
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    /// libxml2 wants `xmlInitParser` called once before it is used from several threads.
    private static let initialized: Void = xmlInitParser()

    /// No network, no error or warning output (libxml2 would print to stderr),
    /// no `<meta charset>` switching the input away from UTF-8, and no DTD.
    private static let options = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
        | HTML_PARSE_RECOVER.rawValue)

    /// Parses `html` as the content of a `<body>` and walks it in document order.
    /// `element` is asked what to do with each element; `text` receives decoded
    /// text; `close` receives the tokens returned by `element` after the children.
    /// Comments, processing instructions and doctypes are never reported.
    static func walk(_ html: String, element: (Element) -> Step, text: (String) -> Void, close: (String) -> Void) {
        _ = initialized
        // NUL would end the parse early in places; the replacement character is what browsers show.
        // The bytes are searched first: Foundation's search walks the whole text, and NUL is rare.
        let hasNUL = html.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? html.utf8.contains(0)
        let cleaned = hasNUL && html.contains("\u{0}") ? String(html.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }) : html
        // Cut what would make libxml2 slow or huge (see `HTMLInputBounds`).
        let bounded = HTMLInputBounds.apply(cleaned)
        // An explicit html/body pair means leading text and head-like elements stay
        // in document order instead of being moved into an implied <head>.
        let wrapped = Array(("<html><body>" + bounded + "</body></html>").utf8)
        guard wrapped.count < Int(Int32.max) else { return }
        let document = wrapped.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return }
        defer { xmlFreeDoc(document) }

        var stack: [(node: xmlNodePtr, closeToken: String?)] = []
        var current = document.pointee.children
        while true {
            guard let node = current else {
                guard let parent = stack.popLast() else { break }
                if let token = parent.closeToken { close(token) }
                current = parent.node.pointee.next
                continue
            }
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                let seen = Element(name: name, attributes: attributes(of: node))
                if case .descend(let token) = element(seen) {
                    if let child = node.pointee.children {
                        stack.append((node, token))
                        current = child
                        continue
                    }
                    if let token { close(token) }
                }
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { text(String(cString: content)) }
            default:
                break  // comments, PIs, DTDs, entity declarations: never output
            }
            current = node.pointee.next
        }
    }

    /// Attribute values as the parser decoded them (entities already resolved),
    /// read from the attribute's text children so no libxml2 allocation is needed; names
    /// lowercased. `package`: NewsgenExtract copies libxml2's tree with it, and the pointer
    /// stays inside the package's parsing code.
    package static func attributes(of node: xmlNodePtr) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            var value = ""
            var child = current.pointee.children
            while let part = child {
                if let content = part.pointee.content { value += String(cString: content) }
                child = part.pointee.next
            }
            if !name.isEmpty { result.append((name, value)) }
            attribute = current.pointee.next
        }
        return result
    }
}
