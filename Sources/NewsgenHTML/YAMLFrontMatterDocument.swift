import CYAML

/// A YAML document loaded by libyaml and copied into Swift values, two levels
/// deep: the root, and the items of a root mapping's values (which is all front
/// matter needs). Deeper structure is kept as `.other`, so a hostile document
/// cannot make the copy recurse. No libyaml pointer outlives `load`.
struct YAMLFrontMatterDocument {
    /// A position in the YAML text, both counted from 0 as libyaml does (columns in characters).
    struct Mark: Equatable {
        var line: Int
        var column: Int
    }

    indirect enum Node {
        /// `plain` is true for an unquoted scalar, where `~`, `null` and nothing mean null.
        case scalar(String, plain: Bool, Mark)
        case sequence([Node], Mark)
        case mapping([(key: Node, value: Node)], Mark)
        /// A collection nested deeper than front matter ever needs.
        case other(Mark)

        var mark: Mark {
            switch self {
            case .scalar(_, _, let mark), .sequence(_, let mark), .mapping(_, let mark), .other(let mark): return mark
            }
        }

        /// YAML's null: an unquoted empty value, `~`, or `null` in any of its spellings.
        var isNull: Bool {
            guard case .scalar(let text, true, _) = self else { return false }
            return ["", "~", "null", "Null", "NULL"].contains(text)
        }
    }

    /// A syntax error: libyaml's problem, where it found it, and what it was
    /// reading at the time (`context`, e.g. "while scanning a quoted scalar", and where that began).
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var problem: String
        var context: (text: String, mark: Mark)?
    }

    /// nil for an empty document.
    var root: Node?

    /// Loads the first YAML document in `text`.
    static func load(_ text: String) -> Result<YAMLFrontMatterDocument, SyntaxError> {
        // A trailing NUL keeps the buffer's address non-nil even for empty input (libyaml asserts on nil).
        let bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeBufferPointer { buffer -> Result<YAMLFrontMatterDocument, SyntaxError> in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else {
                return .failure(SyntaxError(line: 0, column: 0, problem: "the parser could not start"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count - 1)
            var document = yaml_document_t()
            guard yaml_parser_load(&parser, &document) == 1 else {
                return .failure(syntaxError(parser, bytes: buffer))
            }
            defer { yaml_document_delete(&document) }
            let root = yaml_document_get_root_node(&document).map { node($0, in: &document, depth: 0) }
            // libyaml stops after the first document; anything after it (a second
            // root, or text that only fails once the first is complete) must be
            // read too, or it would be silently ignored.
            var rest = yaml_document_t()
            guard yaml_parser_load(&parser, &rest) == 1 else { return .failure(syntaxError(parser, bytes: buffer)) }
            defer { yaml_document_delete(&rest) }
            if let extra = yaml_document_get_root_node(&rest) {
                let mark = Mark(line: Int(extra.pointee.start_mark.line), column: Int(extra.pointee.start_mark.column))
                return .failure(SyntaxError(line: mark.line, column: mark.column, problem: "front matter must be a single YAML document"))
            }
            return .success(YAMLFrontMatterDocument(root: root))
        }
    }

    private static func node(_ pointer: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, depth: Int) -> Node {
        let mark = Mark(line: Int(pointer.pointee.start_mark.line), column: Int(pointer.pointee.start_mark.column))
        switch pointer.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = pointer.pointee.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            return .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, mark)
        case YAML_SEQUENCE_NODE where depth < 2:
            var items: [Node] = []
            let list = pointer.pointee.data.sequence.items
            var item = list.start
            while let current = item, current < list.top {
                if let child = yaml_document_get_node(&document, current.pointee) {
                    items.append(node(child, in: &document, depth: depth + 1))
                }
                item = current + 1
            }
            return .sequence(items, mark)
        case YAML_MAPPING_NODE where depth < 2:
            var entries: [(key: Node, value: Node)] = []
            let pairs = pointer.pointee.data.mapping.pairs
            var pair = pairs.start
            while let current = pair, current < pairs.top {
                if let key = yaml_document_get_node(&document, current.pointee.key),
                   let value = yaml_document_get_node(&document, current.pointee.value) {
                    entries.append((node(key, in: &document, depth: depth + 1), node(value, in: &document, depth: depth + 1)))
                }
                pair = current + 1
            }
            return .mapping(entries, mark)
        default:
            return .other(mark)
        }
    }

    /// libyaml's problem text, prefixed so a reader knows what kind of error it is.
    /// Reader errors (bad characters) carry a byte offset instead of a mark.
    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> SyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "out of memory"
        var line = Int(parser.problem_mark.line)
        var column = Int(parser.problem_mark.column)
        if parser.error == YAML_READER_ERROR {
            line = 0
            column = 0
            var index = 0
            let end = min(Int(parser.problem_offset), bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte == 10 {
                    line += 1
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
        }
        let context = parser.context.map {
            (text: String(cString: $0), mark: Mark(line: Int(parser.context_mark.line), column: Int(parser.context_mark.column)))
        }
        return SyntaxError(line: line, column: column, problem: problem, context: context)
    }
}
