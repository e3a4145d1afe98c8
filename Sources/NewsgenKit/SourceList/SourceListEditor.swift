import Foundation
import NewsgenModel

/// Edits the `sources` list of site.json's bytes and nothing else: every byte outside the
/// list stays as the user wrote it (key order, indentation, other keys, the last newline).
/// A new source goes at the end of the list, written the way the list's last object is
/// written (one line or one member a line, the same spacing); an empty list gets one object
/// a line, one indentation step below the `"sources"` key, as `newsgen init`'s README shows.
/// Removing cuts one element and the comma that joined it. Pure: bytes in, bytes out.
struct SourceListEditor {
    let bytes: [UInt8]
    private let list: JSONElement
    private let root: JSONElement

    /// Reads `bytes` (site.json, shown as `file` in errors); the document must be an object with a `sources` list.
    init(_ bytes: [UInt8], file: String) throws(BuildError) {
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes)
        } catch {
            let place = JSONDocument.place(of: error, in: bytes).map { ":\($0.line):\($0.column)" } ?? ""
            throw BuildError(path: file + place, "is not valid JSON (\(error.message)); it was left untouched")
        }
        guard document.root.isObject else { throw BuildError(path: file, "is not a JSON object; it was left untouched") }
        guard let list = document.root.member("sources") else {
            throw BuildError(path: file, "has no \"sources\" list (it is required); add \"sources\": [] first")
        }
        guard list.isArray else { throw BuildError(path: file, "\"sources\" is \(list.typeName), not a list; it was left untouched") }
        self.bytes = document.bytes
        self.list = list
        self.root = document.root
    }

    /// The sources as written, in order.
    var count: Int { list.elements.count }

    /// The bytes with `sources` added at the end of the list, in order.
    func adding(_ sources: [SourceConfig]) -> [UInt8] {
        guard !sources.isEmpty else { return bytes }
        let elements = list.elements
        let style = objectStyle(elements.last(where: \.isObject))
        let objects = sources.map { style.write($0) }
        guard let last = elements.last else {
            // An empty list, maybe with white space inside: one object a line below the key, or one line in a one-line file.
            let inside = (list.byteRange.lowerBound + 1)..<(list.byteRange.upperBound - 1)
            guard isMultiLine(root) else { return replacing(inside, with: objects.joined(separator: ", ")) }
            let outer = lineIndent(at: list.byteRange.lowerBound)
            let inner = outer + indentUnit
            return replacing(inside, with: lineBreak + inner + objects.joined(separator: "," + lineBreak + inner) + lineBreak + outer)
        }
        let separator = elementSeparator(elements)
        return replacing(last.byteRange.upperBound..<last.byteRange.upperBound, with: objects.map { separator + $0 }.joined())
    }

    /// The bytes without the source at `index` (an element of the list) and the comma that joined it.
    func removing(at index: Int) -> [UInt8] {
        let elements = list.elements
        guard elements.indices.contains(index) else { return bytes }
        if elements.count == 1 { return replacing((list.byteRange.lowerBound + 1)..<(list.byteRange.upperBound - 1), with: "") }
        if index < elements.count - 1 {
            return replacing(elements[index].byteRange.lowerBound..<elements[index + 1].byteRange.lowerBound, with: "")
        }
        return replacing(elements[index - 1].byteRange.upperBound..<elements[index].byteRange.upperBound, with: "")
    }

    /// The bytes with member `key` of the source at `index` set to the string `value`, or taken out when
    /// `value` is nil: a value replaced in place, a new member after the object's last one in its own spacing.
    func setting(_ key: String, to value: String?, at index: Int) -> [UInt8] {
        setting(key, toJSON: value.map(JSONWriter.quoted), at: index)
    }

    /// `setting`, the value given as JSON text (an object such as a source's `fullText` with rules, ADR 062).
    func setting(_ key: String, toJSON value: String?, at index: Int) -> [UInt8] {
        let elements = list.elements
        guard elements.indices.contains(index), elements[index].isObject else { return bytes }
        let object = elements[index]
        let members = object.members
        let style = objectStyle(object)
        if let position = members.firstIndex(where: { $0.key == key }) {
            let member = members[position]
            if let value { return replacing(member.value.byteRange, with: value) }
            if members.count == 1 { return replacing((object.byteRange.lowerBound + 1)..<(object.byteRange.upperBound - 1), with: "") }
            if position < members.count - 1 { return replacing(member.keyStart..<members[position + 1].keyStart, with: "") }
            return replacing(members[position - 1].value.byteRange.upperBound..<member.value.byteRange.upperBound, with: "")
        }
        guard let value else { return bytes }
        let written = JSONWriter.quoted(key) + style.colon + value
        guard let last = members.last else {
            return replacing((object.byteRange.lowerBound + 1)..<(object.byteRange.upperBound - 1), with: " " + written + " ")
        }
        return replacing(last.value.byteRange.upperBound..<last.value.byteRange.upperBound, with: style.separator + written)
    }

    // MARK: - Layout, read from the file

    /// How one source object is spelt: what follows `{`, joins members, sits around `:` and precedes `}`.
    struct ObjectStyle {
        var open = " ", colon = ": ", separator = ", ", close = " "

        /// The object for `source`: id, title, url or path, fullText, category, in that order.
        func write(_ source: SourceConfig) -> String {
            var members = [("id", source.id)]
            if let title = source.title { members.append(("title", title)) }
            members.append((source.isURL ? "url" : "path", source.address))
            if let fullText = source.fullText { members.append(("fullText", fullText.rawValue)) }
            if let category = source.category { members.append(("category", category)) }
            let written = members.map { JSONWriter.quoted($0.0) + colon + JSONWriter.quoted($0.1) }
            return "{" + open + written.joined(separator: separator) + close + "}"
        }
    }

    /// The style of `reference` (the list's last object), or one object a line with `": "` and `", "`.
    private func objectStyle(_ reference: JSONElement?) -> ObjectStyle {
        var style = ObjectStyle()
        guard let reference, let first = reference.members.first else { return style }
        let range = reference.byteRange
        style.open = whiteSpace(from: range.lowerBound + 1, forward: true)
        style.close = whiteSpace(from: range.upperBound - 1, forward: false)
        style.colon = around(":", before: first.value.byteRange.lowerBound)
        let members = reference.members
        if members.count >= 2 {
            style.separator = around(",", after: members[0].value.byteRange.upperBound)
        } else {
            style.separator = "," + (style.open.isEmpty ? "" : style.open)
        }
        return style
    }

    /// What goes between two elements: as between the last two, else a comma and the break
    /// (or space) that follows `[`.
    private func elementSeparator(_ elements: [JSONElement]) -> String {
        if elements.count >= 2 {
            return String(decoding: bytes[elements[elements.count - 2].byteRange.upperBound..<elements[elements.count - 1].byteRange.lowerBound], as: UTF8.self)
        }
        let start = list.byteRange.lowerBound + 1
        var end = start
        while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        guard var newline = bytes[start..<end].lastIndex(of: UInt8(ascii: "\n")) else { return end == start ? "," : ", " }
        if newline > start, bytes[newline - 1] == UInt8(ascii: "\r") { newline -= 1 }
        return "," + String(decoding: bytes[newline..<end], as: UTF8.self)
    }

    /// The file's own line break: CRLF when it has one, else LF.
    private var lineBreak: String {
        bytes.firstRange(of: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) == nil ? "\n" : "\r\n"
    }

    /// One indentation step: the root object's first member's indentation (a tab, two or four spaces), two spaces by default.
    private var indentUnit: String {
        guard let first = root.members.first else { return "  " }
        let indent = lineIndent(at: first.value.byteRange.lowerBound)
        return indent.isEmpty ? "  " : indent
    }

    private func isMultiLine(_ element: JSONElement) -> Bool {
        bytes[element.byteRange].contains(UInt8(ascii: "\n"))
    }

    /// The spaces and tabs at the start of the line that holds `offset`.
    private func lineIndent(at offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < offset, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The white space starting at `offset` (forward) or ending just before it (backward).
    private func whiteSpace(from offset: Int, forward: Bool) -> String {
        var start = offset, end = offset
        if forward {
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        } else {
            while start > 0, Self.isSpace(bytes[start - 1]) { start -= 1 }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `mark` with the white space around it, ending at `offset` (a `:` before a value).
    private func around(_ mark: Character, before offset: Int) -> String {
        var start = offset
        while start > 0, Self.isSpace(bytes[start - 1]) { start -= 1 }
        guard start > 0, bytes[start - 1] == mark.asciiValue else { return ": " }
        start -= 1
        while start > 0, Self.isSpace(bytes[start - 1]) { start -= 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// `mark` with the white space around it, starting at `offset` (a `,` after a value).
    private func around(_ mark: Character, after offset: Int) -> String {
        var end = offset
        while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == mark.asciiValue else { return ", " }
        end += 1
        while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func replacing(_ range: Range<Int>, with text: String) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(range, with: Array(text.utf8))
        return result
    }
}
