/// A dotted tag name, split once at parse time so rendering never splits strings.
/// `.` (the implicit iterator) has no parts.
struct MustacheName: Sendable, Equatable {
    let parts: [String]
}

/// One element of a parsed template. Standalone-line whitespace is already
/// removed by the parser, so rendering is a plain walk over this tree.
enum MustacheNode: Sendable {
    /// Literal template text, emitted as is. `lines` is the same text cut after
    /// each line break, ready for indented partials to prefix.
    case text(String, lines: [String])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(MustacheName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or with `inverted` `{{^name}}…{{/name}}`.
    case section(MustacheName, children: [MustacheNode], inverted: Bool)
    /// `{{>name}}`. `indentation` is the whitespace before a standalone tag,
    /// prepended to every line of the partial when it renders; `nil` when the
    /// tag shares its line with other content.
    case partial(String, indentation: String?)
}

extension MustacheNode {
    /// A text node with its lines cut once, at parse time.
    static func text(_ text: String) -> MustacheNode {
        var lines: [String] = []
        var lineStart = text.utf8.startIndex
        while let lineBreak = text.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let next = text.utf8.index(after: lineBreak)
            lines.append(String(text[lineStart..<next]))
            lineStart = next
        }
        if lineStart != text.utf8.endIndex { lines.append(String(text[lineStart...])) }
        return .text(text, lines: lines)
    }
}
