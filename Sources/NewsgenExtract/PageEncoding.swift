import Foundation
import NewsgenModel

/// What a fetched page is, decided from its bytes and its HTTP `Content-Type` before any parse:
/// HTML in some character encoding, or something else (a PDF, an image) that has no article text.
enum PageEncoding {
    /// The page's encoding as libxml2 (iconv) names it, and how many bytes of byte-order mark to skip.
    struct Decision: Equatable {
        var encoding: String
        var bomLength: Int
        /// UTF-8 with a few invalid bytes (a stray Latin-1 byte in a UTF-8 page): they are read as
        /// U+FFFD, as browsers do, and the rest as UTF-8.
        var repairsUTF8 = false
    }

    /// Media types that are pages; anything else named by the server is `notHTML`.
    private static let htmlTypes: Set<String> = ["text/html", "application/xhtml+xml", "application/xml", "text/xml", "text/plain", ""]

    /// Nil when the bytes or the content type say this is not an HTML page; the reason otherwise.
    static func nonHTMLReason(_ bytes: [UInt8], contentType: String?) -> String?? {
        let mediaType = contentType.map(mediaTypeOf) ?? ""
        if !htmlTypes.contains(mediaType) && !mediaType.hasSuffix("+xml") { return .some(mediaType) }
        if let sniffed = sniffedBinaryType(bytes) { return .some(sniffed) }
        return nil
    }

    /// Magic numbers of the documents a link to an "article" most often turns out to be.
    private static func sniffedBinaryType(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix) }
        if starts(Array("%PDF-".utf8)) { return "application/pdf" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return "image/webp" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        if starts([0x1F, 0x8B]) { return "application/gzip" }
        // NUL bytes in the first kilobyte, without a UTF-16 mark: binary, not text.
        if bytes.prefix(1024).contains(0), !starts([0xFF, 0xFE]), !starts([0xFE, 0xFF]) { return "application/octet-stream" }
        return nil
    }

    /// The encoding to read the page in: a byte-order mark, else the HTTP charset, else a
    /// `<meta charset>` or `http-equiv` of the head (`metaCharset`), else UTF-8; a page labelled
    /// (or defaulting to) UTF-8 whose bytes are not valid UTF-8 is read as Windows-1252, as browsers do.
    static func decide(_ bytes: [UInt8], contentType: String?) -> Decision {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Decision(encoding: "UTF-8", bomLength: 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return Decision(encoding: "UTF-16LE", bomLength: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return Decision(encoding: "UTF-16BE", bomLength: 2) }
        let http = contentType.flatMap(charsetOf)
        let label = http ?? metaCharset(bytes[...])
        var name = label.map(canonical) ?? "UTF-8"
        let valid = bytes.withUnsafeBytes { UTF8Validation.isValid($0) }
        if name == "UTF-8" && !valid {
            if mostlyUTF8(bytes) { return Decision(encoding: "UTF-8", bomLength: 0, repairsUTF8: true) }
            name = "WINDOWS-1252"
        }
        // A page saved or re-served as UTF-8 often keeps its old `<meta charset>`: bytes that are valid
        // UTF-8 and not all ASCII are practically never text in a legacy encoding, so they win over the meta.
        if name != "UTF-8", http == nil, valid, bytes.contains(where: { $0 >= 0x80 }) { name = "UTF-8" }
        return Decision(encoding: name, bomLength: 0)
    }

    /// Whether invalid sequences are rare among the non-ASCII characters (under one in twenty, of at
    /// least ten): a UTF-8 page with a stray byte, not a Latin-1 page that was never UTF-8.
    static func mostlyUTF8(_ bytes: [UInt8]) -> Bool {
        var nonASCII = 0, invalid = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where !scalar.isASCII {
            nonASCII += 1
            if scalar == "\u{FFFD}" { invalid += 1 }
        }
        return nonASCII >= 10 && invalid * 20 < nonASCII
    }

    /// WHATWG's aliases that matter: ISO-8859-1 and US-ASCII are Windows-1252 in browsers.
    private static func canonical(_ label: String) -> String {
        let lower = label.lowercased()
        switch lower {
        case "utf-8", "utf8", "unicode-1-1-utf-8": return "UTF-8"
        case "iso-8859-1", "latin1", "l1", "us-ascii", "ascii", "iso8859-1", "windows-1252", "cp1252", "x-cp1252": return "WINDOWS-1252"
        case "gb2312", "gbk", "x-gbk": return "GB18030"
        case "utf-16", "utf-16le", "utf-16be": return "UTF-8" // a page cannot declare UTF-16 in ASCII; browsers ignore it
        default:
            // Only names of plain letters, digits and punctuation reach iconv.
            return lower.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:".unicodeScalars.contains($0)) }) && lower.count <= 40
                ? lower.uppercased() : "UTF-8"
        }
    }

    private static func mediaTypeOf(_ header: String) -> String {
        let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The `charset` parameter of a `Content-Type` value.
    static func charsetOf(_ header: String) -> String? {
        for part in header.split(separator: ";").dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// How far the prescan looks for a `<meta>` that names the charset. Browsers start with 1024 bytes;
    /// a Wayback Machine copy puts several kilobytes of its own scripts before the page's head.
    static let prescanLimit = 16 * 1024

    /// The charset a `<meta>` tag of the head names (`<meta charset="…">`, or `http-equiv="Content-Type"`
    /// with `charset=` in its `content`), as WHATWG's prescan reads it: only `<meta>` tags count, so a
    /// `<script charset="utf-8">` before the page's own `<meta charset=gb2312>` does not (issue 35).
    /// Comments are skipped; the scan stops at `<body`.
    static func metaCharset(_ head: ArraySlice<UInt8>) -> String? {
        let bytes = Array(head.prefix(prescanLimit))
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts(bytes, at: index, with: "<!--") {
                index = find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            if starts(bytes, at: index, with: "<body") { return nil }
            guard starts(bytes, at: index, with: "<meta"), index + 5 < bytes.count,
                  [0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "/")].contains(bytes[index + 5]) else { index += 1; continue }
            let (attributes, end) = attributes(bytes, from: index + 5)
            index = end
            if let charset = attributes["charset"], !charset.isEmpty { return String(charset.prefix(40)) }
            if attributes["http-equiv"]?.lowercased() == "content-type", let content = attributes["content"],
               let charset = charsetOf("x;" + content.replacingOccurrences(of: " ", with: "")) {
                return String(charset.prefix(40))
            }
        }
        return nil
    }

    /// The attributes of the tag whose name ends before `start` (names lower-cased, values as written),
    /// and the index after its `>`.
    private static func attributes(_ bytes: [UInt8], from start: Int) -> (values: [String: String], end: Int) {
        var values: [String: String] = [:]
        var index = start
        func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "/")].contains(byte) }
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { break }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                if !name.isEmpty, values[name] == nil { values[name] = "" }
                continue
            }
            index += 1
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A { index += 1 }
            var value: ArraySlice<UInt8> = []
            if index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 {
                let quote = bytes[index]
                let valueStart = index + 1
                index = valueStart
                while index < bytes.count, bytes[index] != quote { index += 1 }
                value = bytes[valueStart..<min(index, bytes.count)]
                index += 1
            } else {
                let valueStart = index
                while index < bytes.count, !isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">"),
                      bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0A { index += 1 }
                value = bytes[valueStart..<index]
            }
            // The first of an attribute's repeats counts, as in the HTML parser.
            if values[name] == nil { values[name] = String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces) }
        }
        return (values, min(index + 1, bytes.count))
    }

    /// True when `text` (lower-case ASCII) is at `index` of `bytes`, compared without case.
    private static func starts(_ bytes: [UInt8], at index: Int, with text: StaticString) -> Bool {
        let key = text.utf8Start
        guard index + text.utf8CodeUnitCount <= bytes.count else { return false }
        for offset in 0..<text.utf8CodeUnitCount {
            let byte = bytes[index + offset]
            if (byte >= 65 && byte <= 90 ? byte + 32 : byte) != key[offset] { return false }
        }
        return true
    }

    private static func find(_ bytes: [UInt8], _ text: StaticString, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if starts(bytes, at: index, with: text) { return index }
            index += 1
        }
        return nil
    }
}
