/// Turns template source into a `MustacheNode` tree in one pass over its UTF-8
/// bytes, applying the spec's standalone-line rules as it goes. It keeps open sections on a
/// stack of its own, not the machine's, and refuses sections nested deeper than
/// `MustacheLimits.sectionDepth`, so no template can make a tree that is too deep to walk or free.
struct MustacheParser {
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// What kind of tag its first character after the opening delimiter makes.
    private enum TagKind {
        case variable, triple, ampersand, section, inverted, close, comment, partial, setDelimiters

        /// Tags that vanish with their line when nothing else is on it.
        var canStandAlone: Bool {
            switch self {
            case .section, .inverted, .close, .comment, .partial, .setDelimiters: return true
            case .variable, .triple, .ampersand: return false
            }
        }
    }

    /// A section whose closing tag has not been seen yet.
    private struct OpenSection {
        let rawName: String
        let name: MustacheName
        let inverted: Bool
        let tagOffset: Int
        /// The node list of the enclosing level, resumed on the closing tag.
        let enclosing: [MustacheNode]
    }

    private let bytes: [UInt8]
    private let templateName: String
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)
    /// Start of the text not yet turned into a node.
    private var textStart = 0
    /// Every `{{>name}}` tag seen, in source order, with the byte offset of its opening delimiter
    /// and whether a section (or inverted section) is open around it.
    private var partialTags: [(name: String, offset: Int, insideSection: Bool)] = []
    /// Bytes of literal text in the nodes made so far: a first guess at the size of a render.
    private(set) var textLength = 0

    init(source: String, name: String) {
        self.bytes = Array(source.utf8)
        self.templateName = name
    }

    /// Parses the whole template; the first problem found is thrown.
    mutating func parse() throws(MustacheError) -> [MustacheNode] {
        var nodes: [MustacheNode] = []
        var open: [OpenSection] = []
        var position = 0

        while let tagStart = find(openDelimiter, from: position) {
            var cursor = tagStart + openDelimiter.count
            let kind = tagKind(at: cursor)
            if kind != .variable { cursor += 1 }

            let terminator: [UInt8]
            switch kind {
            case .triple: terminator = [UInt8(ascii: "}")] + closeDelimiter
            case .setDelimiters: terminator = [UInt8(ascii: "=")] + closeDelimiter
            default: terminator = closeDelimiter
            }
            guard let contentEnd = find(terminator, from: cursor) else {
                if kind == .setDelimiters, find(closeDelimiter, from: cursor) != nil {
                    throw error(at: tagStart, "bad delimiter change: missing '=' before '\(text(closeDelimiter))'")
                }
                throw error(at: tagStart, "unclosed tag: missing '\(text(terminator))'")
            }
            let tagEnd = contentEnd + terminator.count
            let content = trimmed(from: cursor, to: contentEnd)

            // Standalone tags take their whole line with them.
            var textEnd = tagStart
            var resume = tagEnd
            var indentation: String?
            if kind.canStandAlone, let line = standaloneLine(tagStart: tagStart, tagEnd: tagEnd) {
                textEnd = line.start
                resume = line.next
                indentation = text(from: line.start, to: tagStart)
            }
            if textEnd > textStart {
                nodes.append(textNode(from: textStart, to: textEnd))
            }
            textStart = resume
            position = resume

            switch kind {
            case .variable, .triple, .ampersand:
                let name = try parseName(content, at: tagStart)
                nodes.append(.variable(name, escaped: kind == .variable))
            case .comment:
                break
            case .section, .inverted:
                let name = try parseName(content, at: tagStart)
                guard open.count < MustacheLimits.sectionDepth else {
                    throw error(at: tagStart, "section '\(content)' is nested \(open.count + 1) deep; "
                                    + "sections nest at most \(MustacheLimits.sectionDepth) deep")
                }
                open.append(OpenSection(rawName: content, name: name, inverted: kind == .inverted,
                                        tagOffset: tagStart, enclosing: nodes))
                nodes = []
            case .close:
                guard let section = open.popLast() else {
                    throw error(at: tagStart, "unexpected closing tag '\(content)' (no section is open)")
                }
                guard section.rawName == content else {
                    throw error(at: tagStart,
                                "unexpected closing tag '\(content)' (open section is '\(section.rawName)')")
                }
                let node = MustacheNode.section(section.name, children: nodes, inverted: section.inverted)
                nodes = section.enclosing
                nodes.append(node)
            case .partial:
                guard !content.isEmpty, !content.utf8.contains(where: Self.isWhitespace) else {
                    throw error(at: tagStart, "invalid partial name '\(content)'")
                }
                nodes.append(.partial(content, indentation: indentation))
                partialTags.append((content, tagStart, !open.isEmpty))
            case .setDelimiters:
                try changeDelimiters(content, at: tagStart)
            }
        }

        if textStart < bytes.count {
            nodes.append(textNode(from: textStart, to: bytes.count))
        }
        if let section = open.last {
            throw error(at: section.tagOffset, "unclosed section '\(section.rawName)'")
        }
        return nodes
    }

    /// The partial tags of the template parsed last, positioned: one pass over the bytes
    /// for all of them (offsets are in source order).
    func partialReferences() -> [MustachePartialReference] {
        var references: [MustachePartialReference] = []
        references.reserveCapacity(partialTags.count)
        var line = 1
        var lineStart = 0
        var scanned = 0
        for tag in partialTags {
            while scanned < tag.offset {
                if bytes[scanned] == Self.newline {
                    line += 1
                    lineStart = scanned + 1
                }
                scanned += 1
            }
            let column = text(from: lineStart, to: tag.offset).count + 1
            references.append(MustachePartialReference(name: tag.name, line: line, column: column, insideSection: tag.insideSection))
        }
        return references
    }

    // MARK: Tags

    private func tagKind(at offset: Int) -> TagKind {
        guard offset < bytes.count else { return .variable }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .triple
        case UInt8(ascii: "&"): return .ampersand
        case UInt8(ascii: "#"): return .section
        case UInt8(ascii: "^"): return .inverted
        case UInt8(ascii: "/"): return .close
        case UInt8(ascii: "!"): return .comment
        case UInt8(ascii: ">"): return .partial
        case UInt8(ascii: "="): return .setDelimiters
        default: return .variable
        }
    }

    /// `.` is the implicit iterator; anything else is dot-separated, non-empty
    /// parts without whitespace.
    private func parseName(_ content: String, at offset: Int) throws(MustacheError) -> MustacheName {
        if content == "." { return MustacheName(parts: []) }
        guard !content.isEmpty else { throw error(at: offset, "empty tag") }
        guard !content.utf8.contains(where: Self.isWhitespace) else {
            throw error(at: offset, "invalid name '\(content)'")
        }
        let parts = content.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.contains(where: \.isEmpty) else {
            throw error(at: offset, "invalid name '\(content)'")
        }
        return MustacheName(parts: parts.map(String.init))
    }

    /// `{{=<% %>=}}`: exactly two delimiters separated by whitespace, neither
    /// containing `=`, which would make the next delimiter change ambiguous.
    private mutating func changeDelimiters(_ content: String, at offset: Int) throws(MustacheError) {
        let parts = content.utf8.split(whereSeparator: Self.isWhitespace)
        guard parts.count == 2 else {
            throw error(at: offset, "bad delimiter change '\(content)': expected two delimiters separated by a space")
        }
        guard !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw error(at: offset, "bad delimiter change '\(content)': a delimiter cannot contain '='")
        }
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    // MARK: Lines and bytes

    /// The line around a tag when only spaces and tabs share it: `start` is the
    /// line's first byte, `next` the first byte after its line ending.
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (start: Int, next: Int)? {
        var start = tagStart
        while start > textStart, bytes[start - 1] == Self.space || bytes[start - 1] == Self.tab {
            start -= 1
        }
        guard start == 0 || bytes[start - 1] == Self.newline else { return nil }
        var end = tagEnd
        while end < bytes.count, bytes[end] == Self.space || bytes[end] == Self.tab {
            end += 1
        }
        if end == bytes.count { return (start, end) }
        if bytes[end] == Self.newline { return (start, end + 1) }
        if bytes[end] == Self.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == Self.newline {
            return (start, end + 2)
        }
        return nil
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        var index = offset
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    private func trimmed(from start: Int, to end: Int) -> String {
        var lower = start
        var upper = end
        while lower < upper, Self.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return text(from: lower, to: upper)
    }

    private mutating func textNode(from start: Int, to end: Int) -> MustacheNode {
        textLength += end - start
        return .text(text(from: start, to: end))
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func text(_ slice: [UInt8]) -> String {
        String(decoding: slice, as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
            || byte == 0x0B || byte == 0x0C
    }

    /// An error positioned at a byte offset, reported as 1-based line and
    /// column (columns count characters, not bytes).
    private func error(at offset: Int, _ reason: String) -> MustacheError {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == Self.newline {
            line += 1
            lineStart = index + 1
        }
        let column = text(from: lineStart, to: offset).count + 1
        return MustacheError(name: templateName, line: line, column: column, reason: reason)
    }
}
