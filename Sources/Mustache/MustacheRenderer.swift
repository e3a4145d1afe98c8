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

    /// A list of nodes being rendered, and what to do when its last node is done. Rendering keeps
    /// these on a stack of its own rather than recursing, so how deep sections and partials nest
    /// (100 sections in each of 64 partials) costs heap, never the thread's stack.
    private struct Frame {
        let nodes: [MustacheNode]
        let indentation: String
        let exit: Exit
        /// The next node to render.
        var next = 0
    }

    /// What ending a frame undoes.
    private enum Exit {
        /// The template itself, or an inverted section: nothing.
        case nothing
        /// A section over one value: its context.
        case context
        /// A section over a list at `index`: its item's context, then the next item, if any.
        case item(items: [MustacheValue], index: Int)
        /// A partial: its place in `partialStack`, and for a standalone one the indentation owed after it.
        case partial(Standalone?)
    }

    /// How a standalone partial leaves the indentation owed: restored when it wrote nothing,
    /// the enclosing template's when it ended a line.
    private struct Standalone {
        let outerIndentation: String
        let pendingBefore: String?
        let lengthBefore: Int
    }

    /// Renders `nodes`, the template's own. The frame being rendered is a local; the ones it
    /// interrupted wait in `suspended`, so a node costs what it did in a recursive walk.
    mutating func render(_ nodes: [MustacheNode]) throws(MustacheError) {
        var current = Frame(nodes: nodes, indentation: "", exit: .nothing)
        var suspended: [Frame] = []
        while true {
            guard current.next < current.nodes.count else {
                if leave(&current) { continue }
                guard let enclosing = suspended.popLast() else { return }
                current = enclosing
                continue
            }
            // One node writes at most one text or value, so checking between nodes bounds the output.
            if output.utf8.count > limits.outputBytes { throw stopped("more than \(limits.outputBytes) bytes were written") }
            let node = current.nodes[current.next]
            current.next += 1
            var entered: Frame?
            switch node {
            case .text(let text, let lines):
                if current.indentation.isEmpty {
                    emit(text)
                } else {
                    emitIndented(lines, indentation: current.indentation)
                }
            case .variable(let name, let escaped):
                interpolate(resolve(name), escaped: escaped)
            case .section(let name, let children, let inverted):
                let value = resolve(name)
                if inverted {
                    if !value.isTruthy { entered = Frame(nodes: children, indentation: current.indentation, exit: .nothing) }
                } else if case .list(let items) = value {
                    if let first = items.first {
                        stack.append(first)
                        entered = Frame(nodes: children, indentation: current.indentation, exit: .item(items: items, index: 0))
                    }
                } else if value.isTruthy {
                    stack.append(value)
                    entered = Frame(nodes: children, indentation: current.indentation, exit: .context)
                }
            case .partial(let name, let standaloneIndentation):
                entered = try enterPartial(name, standaloneIndentation: standaloneIndentation, outerIndentation: current.indentation)
            }
            if let entered {
                suspended.append(current)
                current = entered
            }
        }
    }

    /// Undoes what entering `frame` did; true when it goes on, with a list's next item.
    private mutating func leave(_ frame: inout Frame) -> Bool {
        switch frame.exit {
        case .nothing:
            return false
        case .context:
            stack.removeLast()
            return false
        case .item(let items, let index):
            stack.removeLast()
            guard index + 1 < items.count else { return false }
            stack.append(items[index + 1])
            frame = Frame(nodes: frame.nodes, indentation: frame.indentation, exit: .item(items: items, index: index + 1))
            return true
        case .partial(let standalone):
            partialStack.removeLast()
            guard let standalone else { return false }
            if output.utf8.count == standalone.lengthBefore {
                // Nothing rendered: the line stays owed to the enclosing template.
                pendingIndentation = standalone.pendingBefore
            } else if pendingIndentation != nil {
                // The partial ended a line; the next one belongs to the enclosing template.
                pendingIndentation = standalone.outerIndentation.isEmpty ? nil : standalone.outerIndentation
            }
            return false
        }
    }

    // MARK: Partials

    /// The frame that renders partial `name`, or nil when there is none (or it is nested past the
    /// depth limit): it renders as nothing.
    private mutating func enterPartial(_ name: String, standaloneIndentation: String?,
                                       outerIndentation: String) throws(MustacheError) -> Frame? {
        guard let template = partials?.template(named: name), partialStack.count < limits.partialDepth else { return nil }
        expansions += 1
        if expansions > limits.partialExpansions {
            throw stopped("more than \(limits.partialExpansions) partials were expanded", partial: name)
        }
        partialStack.append(name)

        guard let standaloneIndentation else {
            // An inline partial continues the current line; its own lines are
            // not indented (as if its source were pasted in place).
            return Frame(nodes: template.nodes, indentation: "", exit: .partial(nil))
        }
        let indentation = outerIndentation + standaloneIndentation
        let standalone = Standalone(outerIndentation: outerIndentation, pendingBefore: pendingIndentation,
                                    lengthBefore: output.utf8.count)
        if !indentation.isEmpty { pendingIndentation = indentation }
        return Frame(nodes: template.nodes, indentation: indentation, exit: .partial(standalone))
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
