/// One rendering pass: the output being built, the context stack, and the
/// indentation owed to the next line of a standalone partial.
struct MustacheRenderer {
    private(set) var output: String
    private var stack: [MustacheValue]
    private let partials: MustacheLibrary?
    private let limits: MustacheLimits
    /// The template being rendered, which names errors outside any partial.
    private let name: String
    /// The partials being expanded, outermost first.
    private var partialStack: [String] = []
    /// Partials expanded so far in this render.
    private var expansions = 0
    /// Indentation to write before the next output, set after a template line
    /// break inside an indented partial. Deferred so the partial's last line
    /// break leaves no trailing indentation behind.
    private var pendingIndentation: String?

    init(context: MustacheValue, partials: MustacheLibrary?, limits: MustacheLimits, name: String, capacity: Int) {
        output = ""
        output.reserveCapacity(min(capacity, limits.outputBytes))
        stack = [context]
        stack.reserveCapacity(16)
        self.partials = partials
        self.limits = limits
        self.name = name
    }

    mutating func render(_ nodes: [MustacheNode], indentation: String) throws(MustacheError) {
        for node in nodes {
            // One node writes at most one text or value, so checking between nodes bounds the output.
            if output.utf8.count > limits.outputBytes { throw stopped("more than \(limits.outputBytes) bytes were written") }
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
                    if !value.isTruthy { try render(children, indentation: indentation) }
                } else if case .list(let items) = value {
                    for item in items {
                        stack.append(item)
                        try render(children, indentation: indentation)
                        stack.removeLast()
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    try render(children, indentation: indentation)
                    stack.removeLast()
                }
            case .partial(let name, let standaloneIndentation):
                try renderPartial(name, standaloneIndentation: standaloneIndentation, outerIndentation: indentation)
            }
        }
    }

    // MARK: Partials

    private mutating func renderPartial(_ name: String, standaloneIndentation: String?, outerIndentation: String) throws(MustacheError) {
        guard let template = partials?.template(named: name), partialStack.count < limits.partialDepth else { return }
        expansions += 1
        if expansions > limits.partialExpansions {
            throw stopped("more than \(limits.partialExpansions) partials were expanded", partial: name)
        }
        partialStack.append(name)
        defer { partialStack.removeLast() }

        guard let standaloneIndentation else {
            // An inline partial continues the current line; its own lines are
            // not indented (as if its source were pasted in place).
            try render(template.nodes, indentation: "")
            return
        }
        let indentation = outerIndentation + standaloneIndentation
        let pendingBefore = pendingIndentation
        let lengthBefore = output.utf8.count
        if !indentation.isEmpty { pendingIndentation = indentation }
        try render(template.nodes, indentation: indentation)
        if output.utf8.count == lengthBefore {
            // Nothing rendered: the line stays owed to the enclosing template.
            pendingIndentation = pendingBefore
        } else if pendingIndentation != nil {
            // The partial ended a line; the next one belongs to the enclosing template.
            pendingIndentation = outerIndentation.isEmpty ? nil : outerIndentation
        }
    }

    /// The error that ends a render over its limits, named after the partial at fault: the one
    /// that includes itself when there is one (with the chain that leads back to it), else the innermost.
    private func stopped(_ what: String, partial next: String? = nil) -> MustacheError {
        let chain = partialStack + (next.map { [$0] } ?? [])
        guard let last = chain.last else {
            return MustacheError(name: name, line: 0, column: 0, reason: "rendering stopped: \(what) in one render")
        }
        guard let first = chain.dropLast().lastIndex(of: last) else {
            return MustacheError(name: last, line: 0, column: 0, reason: "rendering stopped: \(what) in one render, in partial '\(last)'")
        }
        let cycle = chain[first...].joined(separator: " → ")
        return MustacheError(name: last, line: 0, column: 0,
                             reason: "rendering stopped: \(what) in one render, by partial '\(last)', which includes itself (\(cycle)); "
                                 + "'newsgen check' shows where")
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
