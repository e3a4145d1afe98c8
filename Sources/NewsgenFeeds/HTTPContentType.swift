/// An HTTP `Content-Type` value as feedparser reads it: the media type, and the
/// `charset` parameter when there is one. Parameters other than `charset`, and
/// malformed ones (`charset:utf-8`), are ignored rather than rejected, because a
/// server's header is a hint the document can still be read without.
struct HTTPContentType: Sendable, Equatable {
    /// The media type, lowercased (`application/rss+xml`).
    var mediaType: String
    /// The `charset` parameter without quotes, or nil when absent or empty.
    var charset: String?

    init(_ header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        mediaType = parts.first.map { $0.trimmingASCIISpaces.lowercased() } ?? ""
        charset = nil
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            guard part[..<equals].trimmingASCIISpaces.lowercased() == "charset" else { continue }
            var value = part[part.index(after: equals)...].trimmingASCIISpaces
            value = value.trimmingQuotes
            charset = value.isEmpty ? nil : String(value)
        }
    }

    /// RFC 3023's XML media types whose charset defaults from the document
    /// (`application/xml`, `application/*+xml`, the DTD and external-entity types).
    var isApplicationXML: Bool {
        ["application/xml", "application/xml-dtd", "application/xml-external-parsed-entity"].contains(mediaType)
            || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+xml"))
    }

    /// RFC 3023's text XML types, whose charset defaults to US-ASCII whatever the document declares.
    var isTextXML: Bool {
        ["text/xml", "text/xml-external-parsed-entity"].contains(mediaType)
            || (mediaType.hasPrefix("text/") && mediaType.hasSuffix("+xml"))
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingASCIISpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }

    /// Without leading and trailing single and double quotes (`charset="utf-8"`, `charset='utf-8'`).
    var trimmingQuotes: Substring {
        var result = self
        while let first = result.first, first == "\"" || first == "'" { result.removeFirst() }
        while let last = result.last, last == "\"" || last == "'" { result.removeLast() }
        return result
    }
}
