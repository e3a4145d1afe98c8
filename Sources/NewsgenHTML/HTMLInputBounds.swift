import Foundation

/// Bounds on the HTML that reaches libxml2's HTML parser (`HTMLFragment`,
/// hence the sanitizer and `HTMLText`), applied in one linear pass before it.
///
/// libxml2 2.9's HTML parser checks each attribute of a tag against all the
/// ones before it and appends it to the end of a linked list, so one tag with
/// 100,000 attributes takes about a minute; and every tag or comment becomes a
/// node of about 200 bytes, so ten megabytes of `<br>` would need a gigabyte.
/// Past a bound the input is cut, never refused: attributes after the first
/// `maxAttributes` of a tag are left out, and everything from the start of the
/// tag or comment after the first `maxNodes` is dropped (libxml2 closes what is
/// open). No real article comes near either bound; what is cut is hostile.
///
/// The scan follows libxml2's tokenizer where a mistake could hide markup
/// (quoted values, comments, the raw text of `script` and `style`) and counts
/// generously elsewhere, so its counts are never below the parser's.
public enum HTMLInputBounds {
    /// Attributes kept on one tag.
    public static let maxAttributes = 256
    /// Tags and comments parsed in one fragment.
    public static let maxNodes = 500_000

    /// `html` unchanged when it is within the bounds, else the cut form described above.
    public static func apply(_ html: String, maxAttributes: Int = maxAttributes, maxNodes: Int = maxNodes) -> String {
        var copy = html  // shares the storage; `withUTF8` only needs it mutable
        return copy.withUTF8 { bytes in cutting(html, bytes: bytes, maxAttributes: maxAttributes, maxNodes: maxNodes) }
    }

    private static func cutting(_ html: String, bytes: UnsafeBufferPointer<UInt8>, maxAttributes: Int, maxNodes: Int) -> String {
        var scanner = Scanner(bytes: bytes, maxAttributes: maxAttributes, maxNodes: maxNodes)
        scanner.run()
        guard !scanner.cuts.isEmpty else { return html }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var position = 0
        for cut in scanner.cuts {
            kept += bytes[position..<cut.range.lowerBound]
            kept += cut.replacement
            position = cut.range.upperBound
        }
        kept += bytes[position...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// True when `apply` would change `html`: for a warning that names the article.
    public static func exceeds(_ html: String, maxAttributes: Int = maxAttributes, maxNodes: Int = maxNodes) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes, maxAttributes: maxAttributes, maxNodes: maxNodes)
            scanner.run()
            return !scanner.cuts.isEmpty
        }
    }

    /// A byte range to replace, in increasing order.
    private struct Cut {
        var range: Range<Int>
        var replacement: [UInt8]
    }

    /// Over the string's own bytes (`withUTF8`): article bodies are not copied to be scanned.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxAttributes: Int
        let maxNodes: Int
        var index = 0
        var nodes = 0
        var cuts: [Cut] = []

        init(bytes: UnsafeBufferPointer<UInt8>, maxAttributes: Int, maxNodes: Int) {
            self.bytes = bytes
            self.maxAttributes = maxAttributes
            self.maxNodes = maxNodes
        }

        mutating func run() {
            let count = bytes.count
            while index < count {
                // Text between tags is most of an article: memchr skips it.
                guard let base = bytes.baseAddress, let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index) else {
                    index = count
                    return
                }
                index = UnsafeRawPointer(base).distance(to: found)
                guard index + 1 < count else { index += 1; continue }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "!"), matches("<!--", at: index) {
                    guard countNode() else { return }
                    index = end(of: Array("-->".utf8), from: index + 4)
                } else if Self.isLetter(next) {
                    guard countNode() else { return }
                    startTag()
                } else {
                    index += 1 // end tags, `<!…>`, `<?…>` and stray `<` hold no node worth counting
                }
            }
        }

        /// Counts the node starting at `index`; past the bound, cuts the rest of the input and stops.
        private mutating func countNode() -> Bool {
            nodes += 1
            guard nodes > maxNodes else { return true }
            cuts.append(Cut(range: index..<bytes.count, replacement: []))
            index = bytes.count
            return false
        }

        /// A start tag from its `<`, as libxml2's `htmlParseStartTag` reads it.
        private mutating func startTag() {
            index += 1
            let nameStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            var attributes = 0
            var cutFrom: Int?
            let count = bytes.count
            while index < count {
                // Where a cut would start: just after the last attribute kept.
                let afterPrevious = index
                while index < count, Self.isBlank(bytes[index]) { index += 1 }
                guard index < count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") { index += 1; break }
                if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") { index += 2; break }
                attributes += 1
                if attributes > maxAttributes, cutFrom == nil { cutFrom = afterPrevious }
                if Self.isNameStart(byte) {
                    while index < count, Self.isNameByte(bytes[index]) { index += 1 }
                    var cursor = index
                    while cursor < count, Self.isBlank(bytes[cursor]) { cursor += 1 }
                    guard cursor < count, bytes[cursor] == UInt8(ascii: "=") else { continue }
                    cursor += 1
                    while cursor < count, Self.isBlank(bytes[cursor]) { cursor += 1 }
                    index = cursor
                    guard index < count else { break }
                    let quote = bytes[index]
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        index += 1
                        while index < count, bytes[index] != quote { index += 1 }
                        if index < count { index += 1 }
                    } else {
                        while index < count, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    }
                } else {
                    // Not an attribute name: libxml2 skips it up to the next blank or the end of the tag.
                    while index < count, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                          !(bytes[index] == UInt8(ascii: "/") && index + 1 < count && bytes[index + 1] == UInt8(ascii: ">")) {
                        index += 1
                    }
                }
            }
            if let cutFrom {
                // Keep the tag and its first attributes; what follows up to the tag's end goes.
                let tagEnd = index
                let closing: [UInt8] = tagEnd >= 2 && bytes[tagEnd - 2] == UInt8(ascii: "/") && bytes[tagEnd - 1] == UInt8(ascii: ">")
                    ? Array("/>".utf8) : Array(">".utf8)
                cuts.append(Cut(range: cutFrom..<tagEnd, replacement: closing))
            }
            if name == "script" || name == "style" {
                // Raw text up to the matching end tag: nothing in it is markup for libxml2.
                index = rawTextEnd(of: Array(("</" + name).utf8))
            }
        }

        /// The index of the first case-insensitive `terminator` at or after `index`; the end when there is none.
        private func rawTextEnd(of terminator: [UInt8]) -> Int {
            var cursor = index
            while cursor + terminator.count <= bytes.count {
                var found = true
                for offset in 0..<terminator.count where Self.lower(bytes[cursor + offset]) != terminator[offset] {
                    found = false
                    break
                }
                if found { return cursor }
                cursor += 1
            }
            return bytes.count
        }

        private func matches(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= bytes.count else { return false }
            for offset in 0..<length where bytes[position + offset] != text.utf8Start[offset] { return false }
            return true
        }

        /// Just past the first `terminator` at or after `position`; the end of the input when there is none.
        private func end(of terminator: [UInt8], from position: Int) -> Int {
            var cursor = position
            while cursor + terminator.count <= bytes.count {
                var found = true
                for offset in 0..<terminator.count where bytes[cursor + offset] != terminator[offset] {
                    found = false
                    break
                }
                if found { return cursor + terminator.count }
                cursor += 1
            }
            return bytes.count
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// What libxml2's `htmlParseHTMLName` accepts first.
        private static func isNameStart(_ byte: UInt8) -> Bool {
            isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        }
    }
}
