import Foundation

/// The pre-parse check of `ParseLimits`: one pass over a document's bytes,
/// counting what the parser would build, that refuses a document beyond a
/// limit before any parser runs.
///
/// The scan reads markup the way libxml2 does where it matters for counting:
/// comments, CDATA sections and processing instructions are skipped to their
/// end, quoted attribute values may hold `>` but not `<`, and a tag ends at `>`
/// or at the next `<`. It counts generously elsewhere (every `=` in a tag is an
/// attribute, every `&name;` other than the predefined five a reference), so a
/// count is never below what libxml2 makes of the same bytes. The DOCTYPE
/// declaration is skipped whole but bounded in size, so nothing it declares can
/// hide much markup.
///
/// The same pass finds the bare ampersands (an `&` in text or in a quoted
/// attribute value that does not begin a complete reference: `Bits & Bobs`,
/// `?a=1&b=2`), which `escapingBareAmpersands` turns into `&amp;` so that the
/// parser keeps them as text, as feedparser does, instead of dropping them.
///
/// It also finds the comments that hold `--` before their end. libxml2 2.9 copies
/// the comment read so far into each "Double hyphen within comment" error it
/// raises, so recovering from a comment with a `--` on each of many lines takes
/// time quadratic in its length (a megabyte, over a minute); the repaired
/// document has those hyphens blanked, which changes nothing the feed says
/// (comments are never read) and keeps every line and column where it was.
enum MarkupScan {
    /// What the scan found that the parser will have to forgive.
    struct Findings: Equatable {
        /// `&` in text or attribute values that begins no complete reference.
        var bareAmpersands = 0
        /// Comments holding `--` before their end, which XML forbids.
        var hyphenatedComments = 0
    }

    /// Throws `.limitExceeded` naming the limit and where in the document it was passed.
    @discardableResult
    static func check(_ data: Data, limits: ParseLimits) throws(FeedParseError) -> Findings {
        let (failure, findings) = data.withUnsafeBytes { raw -> ((offset: Int, limit: String)?, Findings) in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), limits: limits)
            let failure = scanner.run()
            return (failure, scanner.findings)
        }
        guard let failure else { return findings }
        let (line, column) = data.withUnsafeBytes { position(of: failure.offset, in: $0.bindMemory(to: UInt8.self)) }
        throw FeedParseError(.limitExceeded(line: line, column: column, limit: failure.limit))
    }

    /// `data` with every bare ampersand written `&amp;` (when `escapingAmpersands`) and
    /// the hyphens of each comment that holds `--` before its end blanked; CDATA
    /// sections, processing instructions and the DOCTYPE are left as they are. Line
    /// numbers do not move (only columns after an escaped ampersand do). `data` has
    /// passed `check` with `limits`.
    static func repairing(_ data: Data, limits: ParseLimits, escapingAmpersands: Bool = true) -> Data {
        data.withUnsafeBytes { raw -> Data in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), limits: limits)
            scanner.repairing = true
            scanner.escapingAmpersands = escapingAmpersands
            scanner.repaired.reserveCapacity(raw.count + 64)
            _ = scanner.run()
            return scanner.finishRepair()
        }
    }

    /// JSON: values and object keys, counted as the `{`, `[`, `,` and `:` outside
    /// strings, plus one (never fewer than the values and keys there are).
    static func checkJSON(_ data: Data, limits: ParseLimits) throws(FeedParseError) {
        let failure = data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var count = 1
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"):
                    count += 1
                    if count > limits.nodes { return index }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
        guard let failure else { return }
        let (line, column) = data.withUnsafeBytes { position(of: failure, in: $0.bindMemory(to: UInt8.self)) }
        throw FeedParseError(.limitExceeded(line: line, column: column,
                                            limit: "the document has more than \(limits.nodes) JSON values and keys"))
    }

    /// 1-based line and byte column of `offset`.
    private static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: ParseLimits
        var index = 0
        var nodes = 0
        var findings = Findings()
        /// True to write `repaired` while scanning.
        var repairing = false
        /// True to escape bare ampersands while repairing (comments are repaired either way).
        var escapingAmpersands = true
        /// The document with its bare ampersands escaped, as far as it is copied.
        var repaired = Data()
        /// How much of `bytes` `repaired` holds.
        private var copied = 0

        init(bytes: UnsafeBufferPointer<UInt8>, limits: ParseLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        /// Where the first limit was passed and which, or nil when the document is within them.
        mutating func run() -> (offset: Int, limit: String)? {
            let count = bytes.count
            while index < count {
                index = nextMarkup(from: index)
                guard index < count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "&") {
                    if let failure = ampersand() { return failure }
                    index += 1
                    continue
                }
                guard byte == UInt8(ascii: "<") else { index += 1; continue }
                let start = index
                if starts(with: "<!--") {
                    if let failure = addNode(at: start) { return failure }
                    index = end(of: "-->", from: index + 4)
                    comment(body: start + 4..<max(start + 4, index - 3))
                } else if starts(with: "<![CDATA[") {
                    index = end(of: "]]>", from: index + 9)
                } else if starts(with: "<!DOCTYPE") {
                    index = doctypeEnd(from: index + 9)
                    if index - start > limits.doctypeBytes {
                        return (start, "the DOCTYPE declaration is larger than \(limits.doctypeBytes) bytes")
                    }
                } else if starts(with: "<?") {
                    if let failure = addNode(at: start) { return failure }
                    index = end(of: "?>", from: index + 2)
                } else if index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "!") {
                    index += 2 // an end tag, or a declaration out of place: no node
                } else if let failure = startTag() {
                    return failure
                }
            }
            return nil
        }

        /// A start tag from its `<`: the element and each attribute are nodes.
        private mutating func startTag() -> (offset: Int, limit: String)? {
            let start = index
            if let failure = addNode(at: start) { return failure }
            var attributes = 0
            index += 1
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") { index += 1; return nil }
                if byte == UInt8(ascii: "<") { return nil }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    // A quoted value: `>` may appear in it, `<` may not (libxml2 ends the tag there too).
                    index += 1
                    while index < count, bytes[index] != byte, bytes[index] != UInt8(ascii: "<") {
                        if bytes[index] == UInt8(ascii: "&"), let failure = ampersand() { return failure }
                        index += 1
                    }
                    if index < count, bytes[index] == byte { index += 1 }
                    continue
                }
                if byte == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > limits.attributesPerElement {
                        return (start, "an element has more than \(limits.attributesPerElement) attributes")
                    }
                    if let failure = addNode(at: start) { return failure }
                }
                index += 1
            }
            return nil
        }

        /// The `&` at `index`: a reference node to count, or a bare ampersand to note (and escape, when repairing).
        private mutating func ampersand() -> (offset: Int, limit: String)? {
            guard beginsCompleteReference(at: index) else {
                findings.bareAmpersands += 1
                if repairing && escapingAmpersands {
                    repaired.append(UnsafeBufferPointer(rebasing: bytes[copied...index]))
                    repaired.append(contentsOf: Self.ampEnd)
                    copied = index + 1
                }
                return nil
            }
            return countsAsReference(at: index) ? addNode(at: index) : nil
        }

        /// A comment's body (between `<!--` and its `-->`, or the end of the input): counted
        /// when it holds `--`, and then written with a space for each hyphen when repairing.
        private mutating func comment(body: Range<Int>) {
            guard holdsDoubleHyphen(body) else { return }
            findings.hyphenatedComments += 1
            guard repairing else { return }
            repaired.append(UnsafeBufferPointer(rebasing: bytes[copied..<body.lowerBound]))
            repaired.append(contentsOf: bytes[body].lazy.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: " ") : $0 })
            copied = body.upperBound
        }

        private func holdsDoubleHyphen(_ range: Range<Int>) -> Bool {
            guard let base = bytes.baseAddress, range.count >= 2 else { return false }
            var cursor = range.lowerBound
            while cursor < range.upperBound - 1 {
                guard let found = memchr(base + cursor, Int32(UInt8(ascii: "-")), range.upperBound - 1 - cursor) else { return false }
                cursor = UnsafeRawPointer(base).distance(to: found)
                if bytes[cursor + 1] == UInt8(ascii: "-") { return true }
                cursor += 2
            }
            return false
        }

        /// What follows a bare `&` in the repaired document.
        private static let ampEnd: [UInt8] = Array("amp;".utf8)

        /// The repaired document: what was copied, then the rest of the input.
        mutating func finishRepair() -> Data {
            repaired.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
            copied = bytes.count
            return repaired
        }

        /// True when the `&` at `position` begins `&name;`, `&#digits;` or `&#xhex;`, as XML
        /// writes a reference (a name's non-ASCII bytes are taken as name characters).
        private func beginsCompleteReference(at position: Int) -> Bool {
            let count = bytes.count
            var cursor = position + 1
            guard cursor < count else { return false }
            if bytes[cursor] == UInt8(ascii: "#") {
                cursor += 1
                let hex = cursor < count && bytes[cursor] == UInt8(ascii: "x")
                if hex { cursor += 1 }
                let digitsStart = cursor
                while cursor < count, Self.isDigit(bytes[cursor], hex: hex) { cursor += 1 }
                return cursor > digitsStart && cursor < count && bytes[cursor] == UInt8(ascii: ";")
            }
            guard Self.isNameStart(bytes[cursor]) else { return false }
            cursor += 1
            while cursor < count, Self.isNameStart(bytes[cursor]) || Self.isDigit(bytes[cursor], hex: false)
                    || bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
            }
            return cursor < count && bytes[cursor] == UInt8(ascii: ";")
        }

        private static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
        }

        private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return true }
            return hex && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
        }

        private mutating func addNode(at offset: Int) -> (offset: Int, limit: String)? {
            nodes += 1
            guard nodes > limits.nodes else { return nil }
            return (offset, "the document has more than \(limits.nodes) elements, attributes, comments and entity references")
        }

        /// After `<!DOCTYPE`: the index just past its closing `>`, stepping over
        /// quoted literals, comments and processing instructions, and `>` inside the `[…]` subset.
        private mutating func doctypeEnd(from position: Int) -> Int {
            var cursor = position
            var inSubset = false
            let count = bytes.count
            while cursor < count {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    cursor += 1
                    while cursor < count, bytes[cursor] != byte { cursor += 1 }
                } else if byte == UInt8(ascii: "<"), matches("<!--", at: cursor) {
                    cursor = end(of: "-->", from: cursor + 4) - 1
                } else if byte == UInt8(ascii: "<"), matches("<?", at: cursor) {
                    cursor = end(of: "?>", from: cursor + 2) - 1
                } else if byte == UInt8(ascii: "[") {
                    inSubset = true
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                } else if byte == UInt8(ascii: ">"), !inSubset {
                    return cursor + 1
                }
                cursor += 1
            }
            return count
        }

        /// True for `&name…` other than `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character references:
        /// the references libxml2 keeps as nodes.
        private func countsAsReference(at position: Int) -> Bool {
            guard position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "#") else { return false }
            guard Self.isNameStart(bytes[position + 1]) else { return false }
            return !(matches("&amp;", at: position) || matches("&lt;", at: position) || matches("&gt;", at: position)
                     || matches("&quot;", at: position) || matches("&apos;", at: position))
        }

        /// The first `<` or `&` at or after `position` (the count when there is none): text
        /// between markup, most of a feed, is stepped over eight bytes at a time.
        private func nextMarkup(from position: Int) -> Int {
            let count = bytes.count
            var cursor = position
            if let base = UnsafeRawPointer(bytes.baseAddress) {
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                while cursor + 8 <= count {
                    let word = base.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
                    let lt = word ^ (ones &* UInt64(UInt8(ascii: "<"))), amp = word ^ (ones &* UInt64(UInt8(ascii: "&")))
                    // Nonzero when some byte of `lt` or `amp` is zero, i.e. a byte of `word` is `<` or `&`.
                    if ((lt &- ones) & ~lt | (amp &- ones) & ~amp) & highs != 0 { break }
                    cursor += 8
                }
            }
            while cursor < count, bytes[cursor] != UInt8(ascii: "<"), bytes[cursor] != UInt8(ascii: "&") { cursor += 1 }
            return cursor
        }

        private func starts(with text: StaticString) -> Bool { matches(text, at: index) }

        private func matches(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= bytes.count else { return false }
            let pattern = text.utf8Start
            for offset in 0..<length where bytes[position + offset] != pattern[offset] { return false }
            return true
        }

        /// The index just past the first `terminator` at or after `position`; the end of the input when there is none.
        private func end(of terminator: StaticString, from position: Int) -> Int {
            var cursor = position
            let first = terminator.utf8Start[0]
            guard let base = bytes.baseAddress else { return bytes.count }
            while cursor < bytes.count {
                // A CDATA section or comment can be long: memchr finds each candidate.
                guard let found = memchr(base + cursor, Int32(first), bytes.count - cursor) else { return bytes.count }
                cursor = UnsafeRawPointer(base).distance(to: found)
                if matches(terminator, at: cursor) { return cursor + terminator.utf8CodeUnitCount }
                cursor += 1
            }
            return bytes.count
        }
    }
}
