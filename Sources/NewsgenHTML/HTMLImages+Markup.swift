extension HTMLImages {
    /// One attribute of a start tag, with the byte ranges a rewrite needs.
    struct Attribute {
        /// Lowercased name.
        var name: String
        /// The value with its character references decoded; "" for a bare attribute.
        var value: String
        /// From the whitespace before the name to the end of the value (its
        /// closing quote included): what replacing or removing the attribute overwrites.
        var range: Range<Int>
    }

    /// A start tag: its lowercased name, its attributes in source order, and
    /// where it lies, from `<` to just after `>`.
    struct StartTag {
        var name: String
        var attributes: [Attribute]
        var range: Range<Int>
        /// Where the name ends: where an attribute can be inserted.
        var nameEnd: Int

        /// The first attribute called `name`, the one a browser uses.
        func attribute(_ name: String) -> Attribute? {
            attributes.first { $0.name == name }
        }
    }

    /// What the scanner reports: start tags in full, end tags by name only.
    enum Token {
        case start(StartTag)
        case end(String)
    }

    /// A tokenizer for the sanitizer's output, where every `<` in text is
    /// escaped and every attribute value is double-quoted with `"` escaped.
    /// It also tolerates other HTML (single-quoted and unquoted values,
    /// comments), but never interprets raw-text elements such as `<script>`,
    /// which sanitized HTML cannot contain. Text between tags is stepped over.
    struct MarkupScanner {
        let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// The next start or end tag, or nil at the end of the input.
        mutating func next() -> Token? {
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
                let start = index
                if matches("<!--", at: index) {
                    index = find("-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                    continue
                }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"), HTMLBytes.isLetter(bytes[index + 2]) {
                    index += 2
                    let name = readName()
                    while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                    index = min(index + 1, bytes.count)
                    return .end(name)
                }
                guard index + 1 < bytes.count, HTMLBytes.isLetter(bytes[index + 1]) else { index += 1; continue }
                index += 1
                let name = readName()
                let nameEnd = index
                let attributes = readAttributes()
                return .start(StartTag(name: name, attributes: attributes, range: start..<index, nameEnd: nameEnd))
            }
            return nil
        }

        private mutating func readName() -> String {
            let start = index
            while index < bytes.count, HTMLBytes.isNameByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        }

        /// Attributes up to and including the tag's `>` (or the end of the input).
        private mutating func readAttributes() -> [Attribute] {
            var found: [Attribute] = []
            while index < bytes.count {
                let spaceStart = index
                while index < bytes.count, HTMLBytes.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                let nameStart = index
                while index < bytes.count, !HTMLBytes.isSpace(bytes[index]),
                      bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
                    index += 1
                }
                if index == nameStart { index += 1; continue }  // a stray `=`: step over it
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
                let nameEnd = index
                var lookahead = index
                while lookahead < bytes.count, HTMLBytes.isSpace(bytes[lookahead]) { lookahead += 1 }
                guard lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "=") else {
                    found.append(Attribute(name: name, value: "", range: spaceStart..<nameEnd))
                    continue
                }
                index = lookahead + 1
                while index < bytes.count, HTMLBytes.isSpace(bytes[index]) { index += 1 }
                let valueStart = index
                let raw: Range<Int>
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let end = bytes[(index + 1)...].firstIndex(of: quote) ?? bytes.count
                    raw = (index + 1)..<end
                    index = min(end + 1, bytes.count)
                } else {
                    while index < bytes.count, !HTMLBytes.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    raw = valueStart..<index
                }
                let value = CharacterReferences.decode(String(decoding: bytes[raw], as: UTF8.self))
                found.append(Attribute(name: name, value: value, range: spaceStart..<index))
            }
            return found
        }

        private func matches(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= bytes.count && bytes[position..<position + pattern.count].elementsEqual(pattern)
        }

        private func find(_ text: String, from start: Int) -> Int? {
            var position = start
            while position < bytes.count {
                if matches(text, at: position) { return position }
                position += 1
            }
            return nil
        }
    }

    /// One image candidate of a `srcset`: its URL and its descriptor (`2x`, `640w`, or "").
    package struct SrcsetCandidate: Equatable {
        package var url: String
        package var descriptor: String

        /// A candidate as given (the extractor makes its URLs absolute and writes them back).
        package init(url: String, descriptor: String) {
            self.url = url
            self.descriptor = descriptor
        }

        /// The candidates of `value`, split as browsers split them: a URL is a
        /// run of non-spaces (so the comma in `data:image/png;base64,…` stays
        /// inside it) with trailing commas dropped; its descriptor runs to the
        /// next comma outside parentheses and is trimmed.
        package static func parse(_ value: String) -> [SrcsetCandidate] {
            var candidates: [SrcsetCandidate] = []
            let scalars = Array(value.unicodeScalars)
            var index = 0
            func isSpace(_ scalar: Unicode.Scalar) -> Bool {
                scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
            }
            while true {
                while index < scalars.count && (isSpace(scalars[index]) || scalars[index] == ",") { index += 1 }
                guard index < scalars.count else { break }
                var url = String.UnicodeScalarView()
                while index < scalars.count && !isSpace(scalars[index]) { url.append(scalars[index]); index += 1 }
                var descriptor = String.UnicodeScalarView()
                if url.last == "," {
                    while url.last == "," { url.removeLast() }
                } else {
                    var depth = 0
                    while index < scalars.count {
                        let scalar = scalars[index]
                        index += 1
                        if scalar == "(" { depth += 1 } else if scalar == ")" { depth = max(0, depth - 1) }
                        if scalar == "," && depth == 0 { break }
                        descriptor.append(scalar)
                    }
                }
                if !url.isEmpty {
                    candidates.append(SrcsetCandidate(url: String(url), descriptor: String(descriptor).trimmingASCIISpaces))
                }
            }
            return candidates
        }

        /// `candidates` written the way the sanitizer writes a srcset: `url descriptor, url descriptor`.
        package static func serialize(_ candidates: [SrcsetCandidate]) -> String {
            candidates.map { $0.descriptor.isEmpty ? $0.url : $0.url + " " + $0.descriptor }.joined(separator: ", ")
        }
    }
}
