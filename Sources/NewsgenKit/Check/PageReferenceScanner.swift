import Foundation

/// Finds the URLs a page refers to — every `href`, `src` and `srcset` candidate of its start
/// tags — as byte ranges of the page, without building a DOM: the link check reads thousands of
/// pages. Comments, declarations and end tags are stepped over, and the text of `script`, `style`,
/// `title` and `textarea` is not markup, so a `<a href>` inside a script is no link.
enum PageReferenceScanner {
    /// Calls `found` with the byte range of each reference in `bytes`, as written (quotes left out,
    /// character references not yet decoded), in page order.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Range<Int>) -> Void) {
        var scanner = Cursor(bytes: bytes)
        scanner.run(found)
    }

    /// The text of a reference: character references decoded (`&amp;` → `&`), surrounding
    /// whitespace removed, as a browser reads the attribute.
    static func text(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        return raw.contains("&") ? decodeCharacterReferences(raw) : raw
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self).count + 1
        return (line, column)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The character references URLs carry in practice: `&amp;` and friends, and numeric ones.
    /// Anything else stays as written.
    static func decodeCharacterReferences(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var decoded: String?
            switch name {
            case "amp": decoded = "&"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "nbsp": decoded = "\u{A0}"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = after
            }
        }
        return result + rest
    }

    /// One pass over a page.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        private static let rawTextElements: [[UInt8]] = ["script", "style", "title", "textarea"].map { Array($0.utf8) }

        mutating func run(_ found: (Range<Int>) -> Void) {
            while let open = next(UInt8(ascii: "<"), from: index) {
                index = open + 1
                guard index < bytes.count else { return }
                let byte = bytes[index]
                if byte == UInt8(ascii: "!") {
                    if starts(with: "!--", at: index) {
                        index = find("-->", from: index + 3).map { $0 + 3 } ?? bytes.count
                    } else {
                        index = next(UInt8(ascii: ">"), from: index).map { $0 + 1 } ?? bytes.count
                    }
                } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
                    index = next(UInt8(ascii: ">"), from: index).map { $0 + 1 } ?? bytes.count
                } else if isLetter(byte) {
                    let nameStart = index
                    while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                    let name = nameStart..<index
                    attributes(found)
                    if let element = Self.rawTextElements.first(where: { equalsLowercased(name, $0) }) {
                        skipRawText(until: element)
                    }
                }
            }
        }

        /// Reads a start tag's attributes up to its `>`, reporting the URLs of `href`, `src` and `srcset`.
        private mutating func attributes(_ found: (Range<Int>) -> Void) {
            while index < bytes.count {
                while index < bytes.count, PageReferenceScanner.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return }
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") { index += 1; return }
                if byte == UInt8(ascii: "/") { index += 1; continue }
                let nameStart = index
                while index < bytes.count, !PageReferenceScanner.isSpace(bytes[index]),
                      bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
                    index += 1
                }
                let name = nameStart..<index
                while index < bytes.count, PageReferenceScanner.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, PageReferenceScanner.isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return }
                let value: Range<Int>
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let end = next(quote, from: index + 1) ?? bytes.count
                    value = index + 1..<end
                    index = min(end + 1, bytes.count)
                } else {
                    let start = index
                    while index < bytes.count, !PageReferenceScanner.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = start..<index
                }
                if equalsLowercased(name, Self.href) || equalsLowercased(name, Self.src) {
                    found(value)
                } else if equalsLowercased(name, Self.srcset) {
                    srcsetCandidates(value, found)
                }
            }
        }

        private static let href = Array("href".utf8)
        private static let src = Array("src".utf8)
        private static let srcset = Array("srcset".utf8)

        /// `srcset`: comma-separated candidates, each a URL then descriptors (`2x`, `480w`).
        /// A URL ends at whitespace; commas at its end end the candidate.
        private func srcsetCandidates(_ value: Range<Int>, _ found: (Range<Int>) -> Void) {
            var position = value.lowerBound
            while position < value.upperBound {
                while position < value.upperBound,
                      PageReferenceScanner.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: ",") { position += 1 }
                guard position < value.upperBound else { return }
                let start = position
                while position < value.upperBound, !PageReferenceScanner.isSpace(bytes[position]) { position += 1 }
                var end = position
                var endsCandidate = false
                while end > start, bytes[end - 1] == UInt8(ascii: ",") { end -= 1; endsCandidate = true }
                if end > start { found(start..<end) }
                if !endsCandidate {
                    // Descriptors, up to the comma that ends the candidate (none inside parentheses).
                    var depth = 0
                    while position < value.upperBound {
                        let byte = bytes[position]
                        if byte == UInt8(ascii: "(") { depth += 1 }
                        if byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                        if byte == UInt8(ascii: ","), depth == 0 { break }
                        position += 1
                    }
                }
            }
        }

        /// Steps over the text of a raw-text element, to its end tag (`</script`, any case) or the end.
        private mutating func skipRawText(until element: [UInt8]) {
            while let open = next(UInt8(ascii: "<"), from: index) {
                index = open + 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { continue }
                let nameStart = index + 1
                let nameEnd = nameStart + element.count
                guard nameEnd <= bytes.count, equalsLowercased(nameStart..<nameEnd, element) else { continue }
                if nameEnd == bytes.count || !isNameByte(bytes[nameEnd]) {
                    index = open
                    return
                }
            }
            index = bytes.count
        }

        private func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let hit = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }

        private func find(_ text: String, from start: Int) -> Int? {
            let pattern = Array(text.utf8)
            var position = start
            while let candidate = next(pattern[0], from: position) {
                guard candidate + pattern.count <= bytes.count else { return nil }
                if starts(with: text, at: candidate) { return candidate }
                position = candidate + 1
            }
            return nil
        }

        private func starts(with text: String, at offset: Int) -> Bool {
            var position = offset
            for byte in text.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }

        /// True when the bytes in `range`, ASCII-lowercased, are `lowercase`.
        private func equalsLowercased(_ range: Range<Int>, _ lowercase: [UInt8]) -> Bool {
            guard range.count == lowercase.count else { return false }
            var position = range.lowerBound
            for expected in lowercase {
                var byte = bytes[position]
                if byte >= 0x41, byte <= 0x5A { byte += 0x20 }
                guard byte == expected else { return false }
                position += 1
            }
            return true
        }

        private func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        private func isNameByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
