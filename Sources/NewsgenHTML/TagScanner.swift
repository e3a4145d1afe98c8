import Foundation

/// A forgiving scanner over HTML bytes that reports start tags and where their
/// attribute values lie; text, end tags and comments are stepped over. Used by
/// link resolution in feed content and by `newsgen check`'s link scan.
package struct TagScanner {
    package struct Attribute {
        /// Lowercased name.
        package var name: String
        /// The value without its quotes; nil for an attribute with no value.
        package var valueRange: Range<Int>?
        /// The value with its quotes: what a rewrite replaces.
        package var replaceRange: Range<Int>
    }

    package struct Tag {
        /// Lowercased local name (a prefix such as `xhtml:` is dropped).
        package var name: String
        package var attributes: [Attribute]
    }

    package let bytes: [UInt8]
    private var index = 0
    /// Elements whose text is not markup (`script`, `style`, …): after such a start tag the
    /// scanner steps to its end tag, so a `<a href>` written inside a script is no tag.
    private let rawTextElements: Set<String>

    /// A scanner over `bytes`; `rawTextElements` (lowercased names) are read as a browser reads
    /// raw text. Empty by default: feed content is scanned as written.
    package init(_ bytes: [UInt8], rawTextElements: Set<String> = []) {
        self.bytes = bytes
        self.rawTextElements = rawTextElements
    }

    /// The next start tag, or nil at the end of the input.
    package mutating func nextTag() -> Tag? {
        while index < bytes.count {
            // Text between tags is most of an article: memchr skips it.
            let next = bytes.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress,
                      let found = memchr(base + index, Int32(UInt8(ascii: "<")), buffer.count - index) else { return nil }
                return UnsafeRawPointer(base).distance(to: found)
            }
            guard let next else { index = bytes.count; return nil }
            index = next
            if starts(with: "<!--") {
                index = find("-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard index + 1 < bytes.count, HTMLBytes.isLetter(bytes[index + 1]) else { index += 1; continue }
            index += 1
            let nameStart = index
            while index < bytes.count, HTMLBytes.isNameByte(bytes[index]) { index += 1 }
            var name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            if name.utf8.contains(UInt8(ascii: ":")), let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
            let tag = Tag(name: name, attributes: attributes())
            if rawTextElements.contains(name) { skipRawText(until: name) }
            return tag
        }
        return nil
    }

    /// Steps over the text of a raw-text element, to its end tag (`</script`, any case, then a
    /// byte that cannot continue the name) or the end of the input.
    private mutating func skipRawText(until name: String) {
        let lowercase = Array(name.utf8)
        while index < bytes.count {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { break }
            index = open + 1
            let nameStart = open + 2
            let nameEnd = nameStart + lowercase.count
            guard nameEnd <= bytes.count, bytes[open + 1] == UInt8(ascii: "/"),
                  bytes[nameStart..<nameEnd].map({ $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }).elementsEqual(lowercase),
                  nameEnd == bytes.count || !HTMLBytes.isNameByte(bytes[nameEnd]) else { continue }
            index = open
            return
        }
        index = bytes.count
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
            while index < bytes.count, !HTMLBytes.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                  bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
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

    private func starts(with text: StaticString) -> Bool {
        matches(text, at: index)
    }

    private func find(_ text: StaticString, from start: Int) -> Int? {
        var position = start
        while position + text.utf8CodeUnitCount <= bytes.count {
            if matches(text, at: position) { return position }
            position += 1
        }
        return nil
    }

    private func matches(_ text: StaticString, at position: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[position + offset] != text.utf8Start[offset] { return false }
        return true
    }
}
