import Foundation

/// A feed document converted to UTF-8, ready for libxml2, with what was learnt
/// on the way: the encoding it was read in and, when the bytes contradicted
/// their labels, why the document counts as ill-formed.
struct DecodedDocument: Sendable, Equatable {
    /// UTF-8 without a byte-order mark; an XML declaration, if any, says `utf-8`.
    var data: Data
    /// feedparser's name for the encoding used (`utf-8`, `iso-8859-1`, `utf-16le`, `gb18030`).
    var encoding: String
    /// Why feedparser would set `bozo` from the encoding alone: a server type that
    /// is not XML, or a declared encoding the bytes are not valid in.
    var problem: String?
}

/// Decides a document's character encoding the way feedparser does ("Character
/// encoding detection" in its documentation, after RFC 3023 and appendix F of
/// the XML specification) and converts it to UTF-8, so libxml2 never guesses.
///
/// In order: a byte-order mark (UTF-8, UTF-16 and UTF-32 in both byte orders)
/// or, without one, the first bytes of `<` in UTF-16/32 or EBCDIC; the XML
/// declaration's `encoding`; the HTTP `Content-Type` charset and media type
/// (`text/*` without a charset means US-ASCII; `application/*xml` defers to
/// the declaration, then UTF-8). When the bytes are not valid in the encoding
/// so chosen, the declared, then the sniffed encoding, then UTF-8,
/// Windows-1252 and ISO-8859-2 are tried, and the document is recorded as
/// ill-formed ("declared as …, but parsed as …"), as feedparser's
/// `CharacterEncodingOverride` does.
enum DocumentDecoder {
    static func decode(_ data: Data, contentType: String? = nil) -> DecodedDocument {
        let (sniffed, bomLength) = data.withUnsafeBytes { sniff($0) }
        let body = data.dropFirst(bomLength) // shares the bytes
        var declared = body.withUnsafeBytes { declaredEncoding($0, sniffed: sniffed) }
        if let name = declared, let sniffed, wideNames.contains(name) { declared = sniffed }

        // An undeclared UTF-16/32 document with a mark (or `<` in its first bytes) is
        // well-formed XML: its default is what the bytes show, not UTF-8 (where
        // feedparser would read NUL characters and fail).
        let wideDefault = sniffed.flatMap { CharacterEncoding($0)?.isWide == true ? $0 : nil }
        let http = contentType.flatMap { $0.utf8.contains(where: { !$0.isSpace }) ? HTTPContentType($0) : nil }
        var problems: [String] = []
        var chosen: String
        if let http {
            if http.isApplicationXML {
                chosen = http.charset ?? declared ?? wideDefault ?? "utf-8"
            } else if http.isTextXML || http.mediaType.hasPrefix("text/") {
                chosen = http.charset ?? "us-ascii"
            } else {
                chosen = declared ?? "utf-8"
            }
            if !http.isApplicationXML && !http.isTextXML {
                problems.append("\(contentType ?? "") is not an XML media type")
            }
        } else {
            chosen = declared ?? wideDefault ?? "utf-8"
        }
        // A byte order the label leaves open (`utf-16`) is the one the bytes show.
        if let sniffed, wideNames.contains(chosen.lowercased()) { chosen = sniffed }
        // GB 18030 is a superset of GB 2312, and documents labelled GB 2312 use it.
        if chosen.lowercased() == "gb2312" { chosen = "gb18030" }
        if declared?.lowercased() == "gb2312" { declared = "gb18030" }

        let sniffedWide = sniffed.flatMap(CharacterEncoding.init)?.isWide ?? false
        var tried: [String] = []
        for candidate in [chosen, declared, sniffed, "utf-8", "windows-1252", "iso-8859-2"] {
            guard let candidate, !tried.contains(candidate) else { continue }
            tried.append(candidate)
            // A document whose first bytes were ASCII cannot be UTF-16/32, and one whose
            // first bytes were UTF-16/32 cannot be in an ASCII-compatible encoding.
            guard let encoding = CharacterEncoding(candidate), encoding.isWide == sniffedWide else { continue }
            let utf8: Data
            if encoding.isUTF8 {
                guard body.withUnsafeBytes(CharacterEncoding.isValidUTF8) else { continue }
                utf8 = body
            } else {
                guard let converted = body.withUnsafeBytes({ encoding.utf8($0) }) else { continue }
                utf8 = Data(converted)
            }
            if candidate != chosen {
                problems.append("document declared as \(chosen), but parsed as \(candidate)")
            }
            return DecodedDocument(data: withUTF8Declaration(utf8), encoding: candidate,
                                   problem: problems.isEmpty ? nil : problems.joined(separator: "; "))
        }
        // Only when iconv lacks even ISO-8859-2: read what UTF-8 there is.
        problems.append("document encoding unknown, tried \(tried.joined(separator: ", "))")
        let repaired = Data(String(decoding: body, as: UTF8.self).utf8)
        return DecodedDocument(data: withUTF8Declaration(repaired), encoding: "utf-8",
                               problem: problems.joined(separator: "; "))
    }

    /// Names of the UTF-16/32 family that a byte-order mark makes precise (feedparser's list).
    private static let wideNames: Set<String> = [
        "u16", "utf-16", "utf16", "utf_16", "u32", "utf-32", "utf32", "utf_32",
        "iso-10646-ucs-2", "iso-10646-ucs-4", "csucs4", "csunicode", "ucs-2", "ucs-4",
    ]

    /// The encoding the first bytes reveal, and how many of them are a byte-order mark.
    static func sniff(_ bytes: UnsafeRawBufferPointer) -> (encoding: String?, bomLength: Int) {
        let b = (0..<4).map { $0 < bytes.count ? Int(bytes[$0]) : -1 }
        switch (b[0], b[1], b[2], b[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): return ("utf-32be", 4)
        case (0xFF, 0xFE, 0x00, 0x00): return ("utf-32le", 4)
        case (0xFE, 0xFF, _, _) where !(b[2] == 0 && b[3] == 0): return ("utf-16be", 2)
        case (0xFF, 0xFE, _, _) where !(b[2] == 0 && b[3] == 0): return ("utf-16le", 2)
        case (0xEF, 0xBB, 0xBF, _): return ("utf-8", 3)
        case (0x4C, 0x6F, 0xA7, 0x94): return ("cp037", 0) // `<?xm` in EBCDIC
        // No mark: an ASCII character (`<`, or leading white space) in UTF-16/32.
        case (0x00, 0x00, 0x00, 1...0x7F): return ("utf-32be", 0)
        case (1...0x7F, 0x00, 0x00, 0x00): return ("utf-32le", 0)
        case (0x00, 1...0x7F, 0x00, 1...0x7F): return ("utf-16be", 0)
        case (1...0x7F, 0x00, 1...0x7F, 0x00): return ("utf-16le", 0)
        default: return (nil, 0)
        }
    }

    /// The `encoding` of an XML declaration (or any processing instruction) that
    /// opens the document, lowercased, read through the sniffed encoding when
    /// that is not ASCII-compatible.
    static func declaredEncoding(_ body: UnsafeRawBufferPointer, sniffed: String?) -> String? {
        var head = Array(body.prefix(1_024))
        if let sniffed, let encoding = CharacterEncoding(sniffed), !encoding.isUTF8 {
            // Cut whole code units; back off in case a character straddles the cut.
            let unit = sniffed.hasPrefix("utf-32") ? 4 : 2
            head.removeLast(head.count % unit)
            var converted: [UInt8]?
            while converted == nil, head.count >= unit {
                converted = head.withUnsafeBytes { encoding.utf8($0) }
                if converted == nil { head.removeLast(unit) }
            }
            guard let converted else { return nil }
            head = converted
        }
        guard head.starts(with: "<?".utf8) else { return nil }
        let line = head.prefix { $0 != UInt8(ascii: "\n") }
        let key = Array("encoding=".utf8)
        // Like feedparser's `^<\?.*encoding=['"](.*?)['"].*\?>`: the last
        // `encoding=` whose quoted value is followed, somewhere, by `?>`.
        var start = line.count - key.count - 1
        while start >= 2 {
            if line[start..<(start + key.count)].elementsEqual(key),
               line[start + key.count] == UInt8(ascii: "\"") || line[start + key.count] == UInt8(ascii: "'") {
                let valueStart = start + key.count + 1
                var close = valueStart
                while close < line.count {
                    if line[close] == UInt8(ascii: "\"") || line[close] == UInt8(ascii: "'"),
                       containsPIEnd(line[(close + 1)...]) {
                        return String(decoding: line[valueStart..<close], as: UTF8.self).lowercased()
                    }
                    close += 1
                }
            }
            start -= 1
        }
        return nil
    }

    private static func containsPIEnd(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "?") && byte == UInt8(ascii: ">") { return true }
            previous = byte
        }
        return false
    }

    /// The UTF-8 text with an opening XML declaration that names UTF-8, so no
    /// later reader can be misled by the original label. Line breaks inside the
    /// old declaration are kept, so libxml2's line numbers stay the document's.
    /// A document without a declaration, or whose declaration already fits, is
    /// returned as it is (no copy).
    static func withUTF8Declaration(_ utf8: Data) -> Data {
        let opener = Array("<?xml".utf8)
        guard utf8.starts(with: opener), utf8.count > opener.count,
              utf8[utf8.startIndex + opener.count].isSpace,
              let end = utf8.firstIndex(of: UInt8(ascii: ">")) else { return utf8 }
        let declaration = utf8[..<(end + 1)]
        let text = String(decoding: declaration, as: UTF8.self)
        let encoding = pseudoAttribute("encoding", in: text)?.lowercased()
        if declaration.dropLast().last == UInt8(ascii: "?"), encoding == nil || encoding == "utf-8" || encoding == "utf8" {
            return utf8
        }
        var rewritten = "<?xml version=\"\(pseudoAttribute("version", in: text) ?? "1.0")\" encoding=\"utf-8\""
        if let standalone = pseudoAttribute("standalone", in: text) { rewritten += " standalone=\"\(standalone)\"" }
        rewritten += String(repeating: "\n", count: declaration.filter { $0 == UInt8(ascii: "\n") }.count)
        rewritten += "?>"
        var result = Data(rewritten.utf8)
        result.append(utf8[(end + 1)...])
        return result
    }

    /// A pseudo-attribute's value in an XML declaration, when it is a plain token.
    private static func pseudoAttribute(_ name: String, in declaration: String) -> String? {
        guard let range = declaration.range(of: name) else { return nil }
        var rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else { return nil }
        return String(value)
    }
}
