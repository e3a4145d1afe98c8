/// A forgiving scanner over HTML bytes that reports start tags and where their
/// attribute values lie; text, end tags and comments are stepped over.
struct TagScanner {
    struct Attribute {
        /// Lowercased name.
        var name: String
        /// The value without its quotes; nil for an attribute with no value.
        var valueRange: Range<Int>?
        /// The value with its quotes: what a rewrite replaces.
        var replaceRange: Range<Int>
    }

    struct Tag {
        /// Lowercased local name (a prefix such as `xhtml:` is dropped).
        var name: String
        var attributes: [Attribute]
    }

    let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next start tag, or nil at the end of the input.
    mutating func nextTag() -> Tag? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts(with: "<!--") {
                index = find("-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard index + 1 < bytes.count, HTMLBytes.isLetter(bytes[index + 1]) else { index += 1; continue }
            index += 1
            let nameStart = index
            while index < bytes.count, HTMLBytes.isNameByte(bytes[index]) { index += 1 }
            var name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            return Tag(name: name, attributes: attributes())
        }
        return nil
    }

    private mutating func attributes() -> [Attribute] {
        var found: [Attribute] = []
        while index < bytes.count {
            skipSpace()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { index += 1; break }
            if byte == UInt8(ascii: "/") { index += 1; continue }
            let nameStart = index
            while index < bytes.count, !HTMLBytes.isSpace(bytes[index]),
                  ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                if !name.isEmpty { found.append(Attribute(name: name, valueRange: nil, replaceRange: index..<index)) }
                continue
            }
            index += 1
            skipSpace()
            guard index < bytes.count else { break }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let valueStart = index + 1
                let end = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                found.append(Attribute(name: name, valueRange: valueStart..<end,
                                       replaceRange: index..<min(end + 1, bytes.count)))
                index = min(end + 1, bytes.count)
            } else {
                let valueStart = index
                while index < bytes.count, !HTMLBytes.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                found.append(Attribute(name: name, valueRange: valueStart..<index, replaceRange: valueStart..<index))
            }
        }
        return found
    }

    private mutating func skipSpace() {
        while index < bytes.count, HTMLBytes.isSpace(bytes[index]) { index += 1 }
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let pattern = Array(text.utf8)
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0], Array(bytes[position..<position + pattern.count]) == pattern { return position }
            position += 1
        }
        return nil
    }
}
