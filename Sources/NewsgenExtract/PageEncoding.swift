import Foundation
import NewsgenModel

/// What a fetched page is, decided from its bytes and its HTTP `Content-Type` before any parse:
/// HTML in some character encoding, or something else (a PDF, an image) that has no article text.
enum PageEncoding {
    /// The page's encoding as libxml2 (iconv) names it, and how many bytes of byte-order mark to skip.
    struct Decision: Equatable {
        var encoding: String
        var bomLength: Int
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
    /// `<meta charset>` or `http-equiv` in the first 1024 bytes, else UTF-8; a page labelled
    /// (or defaulting to) UTF-8 whose bytes are not valid UTF-8 is read as Windows-1252, as browsers do.
    static func decide(_ bytes: [UInt8], contentType: String?) -> Decision {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Decision(encoding: "UTF-8", bomLength: 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return Decision(encoding: "UTF-16LE", bomLength: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return Decision(encoding: "UTF-16BE", bomLength: 2) }
        let http = contentType.flatMap(charsetOf)
        let label = http ?? metaCharset(bytes.prefix(1024))
        var name = label.map(canonical) ?? "UTF-8"
        let valid = bytes.withUnsafeBytes { UTF8Validation.isValid($0) }
        if name == "UTF-8" && !valid { name = "WINDOWS-1252" }
        // A page saved or re-served as UTF-8 often keeps its old `<meta charset>`: bytes that are valid
        // UTF-8 and not all ASCII are practically never text in a legacy encoding, so they win over the meta.
        if name != "UTF-8", http == nil, valid, bytes.contains(where: { $0 >= 0x80 }) { name = "UTF-8" }
        return Decision(encoding: name, bomLength: 0)
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

    /// `charset=` in the head's first kilobyte (`<meta charset="…">` or the http-equiv form).
    private static func metaCharset(_ head: ArraySlice<UInt8>) -> String? {
        let lowered = head.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let key = Array("charset=".utf8)
        guard lowered.count >= key.count else { return nil }
        var index = 0
        while index + key.count <= lowered.count {
            if lowered[index..<(index + key.count)].elementsEqual(key) {
                var start = index + key.count
                while start < lowered.count, lowered[start] == 0x22 || lowered[start] == 0x27 || lowered[start] == 0x20 { start += 1 }
                var end = start
                while end < lowered.count, end - start < 40,
                      let c = Optional(lowered[end]), c != 0x22, c != 0x27, c != 0x20, c != 0x3E, c != 0x3B, c != 0x2F { end += 1 }
                if end > start { return String(decoding: lowered[start..<end], as: UTF8.self) }
            }
            index += 1
        }
        return nil
    }
}
