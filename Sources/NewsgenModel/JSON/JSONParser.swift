/// The one pass that checks a document and records its tape (`JSONDocument`). Errors say
/// what Foundation's `JSONSerialization` said of the same bytes, at the same place.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the body starts (after a byte order mark): error offsets count from here.
    let start: Int
    let maxDepth: Int
    var index: Int
    var tape: [JSONDocument.Entry] = []

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, maxDepth: Int) {
        self.bytes = bytes
        self.start = start
        self.maxDepth = maxDepth
        index = start
        tape.reserveCapacity(16)
    }

    mutating func parseDocument() throws(JSONSyntaxError) {
        skipSpace()
        try parseValue(depth: 0)
        skipSpace()
        if index < bytes.count { throw invalid(index) }
    }

    private func invalid(_ at: Int) -> JSONSyntaxError { .invalidValue(at - start) }
    private var end: JSONSyntaxError { .unexpectedEnd(bytes.count) }

    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func append(_ kind: JSONDocument.Kind, flag: Bool = false, from first: Int) {
        tape.append(JSONDocument.Entry(kind: kind, flag: flag, start: first, end: index, next: tape.count + 1, count: 0))
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw end }
        switch bytes[index] {
        case UInt8(ascii: "{"): try parseContainer(object: true, depth: depth + 1)
        case UInt8(ascii: "["): try parseContainer(object: false, depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try parseLiteral("true", .true)
        case UInt8(ascii: "f"): try parseLiteral("false", .false)
        case UInt8(ascii: "n"): try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw invalid(index)
        }
    }

    /// An object's members or an array's elements, up to the closing bracket; a comma
    /// before the bracket is allowed.
    private mutating func parseContainer(object: Bool, depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else {
            throw .at("Too many nested arrays or dictionaries", index - start + 1)
        }
        let entry = tape.count
        let first = index
        let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        tape.append(JSONDocument.Entry(kind: object ? .object : .array, flag: false, start: first, end: first, next: 0, count: 0))
        index += 1
        skipSpace()
        var count = 0
        if index < bytes.count, bytes[index] == close {
            index += 1
        } else {
            while true {
                if object {
                    guard index < bytes.count else { throw end }
                    guard bytes[index] == UInt8(ascii: "\"") else { throw invalid(index) }
                    try parseString()
                    skipSpace()
                    guard index < bytes.count else { throw end }
                    guard bytes[index] == UInt8(ascii: ":") else { throw invalid(index) }
                    index += 1
                    skipSpace()
                }
                try parseValue(depth: depth)
                count += 1
                skipSpace()
                guard index < bytes.count else { throw end }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if index < bytes.count, bytes[index] == close { index += 1; break }
                    continue
                }
                guard bytes[index] == close else { throw invalid(index) }
                index += 1
                break
            }
        }
        tape[entry].end = index
        tape[entry].next = tape.count
        tape[entry].count = count
    }

    /// `true`, `false`, `null`. A misspelt one is refused at its first wrong byte, or as an
    /// unexpected end when that byte is the document's last or the document ends first, as Foundation said.
    private mutating func parseLiteral(_ word: StaticString, _ kind: JSONDocument.Kind) throws(JSONSyntaxError) {
        let first = index
        for offset in 0..<word.utf8CodeUnitCount {
            guard index < bytes.count else { throw end }
            guard bytes[index] == word.utf8Start[offset] else { throw index == bytes.count - 1 ? end : invalid(index) }
            index += 1
        }
        append(kind, from: first)
    }

    private func isDigit(_ at: Int) -> Bool {
        at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while isDigit(index) { index += 1 }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and finite as a Double.
    private mutating func parseNumber() throws(JSONSyntaxError) {
        let first = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw end }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { throw .at("Number with leading zero", index - start) }
        } else if isDigit(index) {
            skipDigits()
        } else {
            throw invalid(index)
        }
        var exponent = false, fraction = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { throw end }
            guard isDigit(index) else { throw invalid(index) }
            skipDigits()
            fraction = true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw end }
            guard isDigit(index) else { throw invalid(index) }
            skipDigits()
            exponent = true
        }
        // Only an exponent or some 300 digits can leave a Double's range.
        if exponent || index - first > 300 {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw JSONSyntaxError("Number \(text) is not representable in Swift.", offset: nil)
            }
        }
        append(.number, flag: exponent || fraction, from: first)
    }

    /// A string, checked: escapes known, surrogates paired, no control characters, valid UTF-8.
    /// Decoding waits until the value is asked for (`JSONDocument.string(at:)`).
    private mutating func parseString() throws(JSONSyntaxError) {
        let first = index
        index += 1
        var escaped = false
        while index < bytes.count {
            skipPlainWords()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                append(.string, flag: escaped, from: first)
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try skipEscape()
            } else if byte >= 0x80 {
                try skipUTF8(stringStart: first + 1)
            } else if byte < 0x20 {
                throw .at("Unescaped control character", index - start)
            } else {
                index += 1
            }
        }
        throw end
    }

    /// Skips eight bytes at a time while none is a quote, a backslash, a control character or
    /// non-ASCII: most of an article's HTML. (A word that only might hold one goes byte by byte.)
    @inline(__always)
    private mutating func skipPlainWords() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let special = (word | ((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            guard special == 0 else { return }
            index += 8
        }
    }

    /// One escape at the backslash; a `\u` high surrogate must be followed by a `\u` low one.
    private mutating func skipEscape() throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw end }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: index + 2)
            index += 6
            if (0xDC00..<0xE000).contains(unit) { throw .missingHighSurrogate }
            guard (0xD800..<0xDC00).contains(unit) else { return }
            guard index + 2 <= bytes.count else { throw end }
            guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { throw .missingLowSurrogate(bytes.count) }
            let low = try hex4(at: index + 2)
            guard (0xDC00..<0xE000).contains(low) else { throw .missingLowSurrogate(bytes.count) }
            index += 6
        default:
            throw .at("Invalid escape sequence", index - start)
        }
    }

    /// The four hex digits at `at`.
    private func hex4(at: Int) throws(JSONSyntaxError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw end }
        var value: UInt32 = 0
        for offset in at..<(at + 4) {
            guard let digit = JSONDocument.hexValue(bytes[offset]) else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + 4)]), as: UTF8.self)
                throw JSONSyntaxError("Invalid hex encoded sequence in \"\(text)\" at \(at - start).", offset: nil)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// One UTF-8 sequence at its lead byte (`UTF8Validation`).
    private mutating func skipUTF8(stringStart: Int) throws(JSONSyntaxError) {
        guard let length = UTF8Validation.sequenceLength(at: index, in: UnsafeRawBufferPointer(bytes)) else {
            throw invalidUTF8(at: index, stringStart: stringStart)
        }
        index += length
    }

    /// Foundation named the whole run of non-ASCII bytes the bad one is in.
    private func invalidUTF8(at bad: Int, stringStart: Int) -> JSONSyntaxError {
        var first = bad, last = bad
        while first > stringStart, bytes[first - 1] >= 0x80 { first -= 1 }
        while last + 1 < bytes.count, bytes[last + 1] >= 0x80 { last += 1 }
        return JSONSyntaxError("Invalid UTF-8 sequence \(last - first + 1) bytes starting from character \(first - start).", offset: nil)
    }
}
