/// One rendering pass: the output being built, the context stack, and the
/// indentation owed to the next line of a standalone partial.
struct MustacheRenderer {
    /// Partials nested deeper than this render as nothing, so a partial that
    /// includes itself unconditionally ends instead of exhausting the stack.
    static let maximumPartialDepth = 64

    private(set) var output: String
    private var stack: [MustacheValue]
    private let partials: MustacheLibrary?
    private var partialDepth = 0
    /// Indentation to write before the next output, set after a template line
    /// break inside an indented partial. Deferred so the partial's last line
    /// break leaves no trailing indentation behind.
    private var pendingIndentation: String?

    init(context: MustacheValue, partials: MustacheLibrary?, capacity: Int) {
        output = ""
        output.reserveCapacity(capacity)
        stack = [context]
        stack.reserveCapacity(16)
        self.partials = partials
    }

    mutating func render(_ nodes: [MustacheNode], indentation: String) {
        for node in nodes {
            switch node {
            case .text(let text, let lines):
                if indentation.isEmpty {
                    emit(text)
                } else {
                    emitIndented(lines, indentation: indentation)
                }
            case .variable(let name, let escaped):
                interpolate(resolve(name), escaped: escaped)
            case .section(let name, let children, let inverted):
                let value = resolve(name)
                if inverted {
                    if !value.isTruthy { render(children, indentation: indentation) }
                } else if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        render(children, indentation: indentation)
                        stack.removeLast()
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    render(children, indentation: indentation)
                    stack.removeLast()
                }
            case .partial(let name, let standaloneIndentation):
                renderPartial(name, standaloneIndentation: standaloneIndentation, outerIndentation: indentation)
            }
        }
    }

    // MARK: Partials

    private mutating func renderPartial(_ name: String, standaloneIndentation: String?, outerIndentation: String) {
        guard let template = partials?.template(named: name),
              partialDepth < Self.maximumPartialDepth else { return }
        partialDepth += 1
        defer { partialDepth -= 1 }

        guard let standaloneIndentation else {
            // An inline partial continues the current line; its own lines are
            // not indented (as if its source were pasted in place).
            render(template.nodes, indentation: "")
            return
        }
        let indentation = outerIndentation + standaloneIndentation
        let pendingBefore = pendingIndentation
        let lengthBefore = output.utf8.count
        if !indentation.isEmpty { pendingIndentation = indentation }
        render(template.nodes, indentation: indentation)
        if output.utf8.count == lengthBefore {
            // Nothing rendered: the line stays owed to the enclosing template.
            pendingIndentation = pendingBefore
        } else if pendingIndentation != nil {
            // The partial ended a line; the next one belongs to the enclosing template.
            pendingIndentation = outerIndentation.isEmpty ? nil : outerIndentation
        }
    }

    // MARK: Output

    private mutating func emit<Text: StringProtocol>(_ text: Text) {
        guard !text.isEmpty else { return }
        if let pending = pendingIndentation {
            output += pending
            pendingIndentation = nil
        }
        output += text
    }

    /// Writes template text of an indented partial: each line it starts gets
    /// the indentation first.
    private mutating func emitIndented(_ lines: [String], indentation: String) {
        for line in lines {
            emit(line)
            if line.utf8.last == UInt8(ascii: "\n") { pendingIndentation = indentation }
        }
    }

    private mutating func interpolate(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .null, .list, .object:
            return
        case .string(let text):
            guard !text.isEmpty else { return }
            if let pending = pendingIndentation {
                output += pending
                pendingIndentation = nil
            }
            if escaped {
                HTMLEscaping.append(text, to: &output)
            } else {
                output += text
            }
        case .bool, .int, .double:
            // Their text has nothing to escape.
            emit(value.interpolationText)
        }
    }

    // MARK: Names

    /// The spec's lookup: the first name part is searched from the top of the
    /// context stack down; later parts only inside the value found before.
    private func resolve(_ name: MustacheName) -> MustacheValue {
        let parts = name.parts
        guard let first = parts.first else { return stack[stack.count - 1] }
        var index = stack.count - 1
        while index >= 0 {
            if case .object(let fields) = stack[index], let value = fields[first] {
                return parts.count == 1 ? value : Self.resolve(parts, in: value)
            }
            index -= 1
        }
        return .null
    }

    /// The remaining parts of a dotted name, each looked up only in the value before it.
    private static func resolve(_ parts: [String], in start: MustacheValue) -> MustacheValue {
        var value = start
        for part in parts.dropFirst() {
            guard case .object(let fields) = value, let next = fields[part] else { return .null }
            value = next
        }
        return value
    }
}
