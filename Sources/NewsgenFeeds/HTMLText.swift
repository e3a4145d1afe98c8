import CLibXML2

/// Conversions between plain text and HTML for the feed fields: escaping a
/// `type="text"` construct into HTML, and reducing an HTML title to plain text.
/// Character names come from libxml2's HTML table, so no list is kept here.
enum HTMLText {
    /// Escapes text so it can be embedded in HTML as is.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Escapes an attribute value for double quotes.
    static func escapeAttribute(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Plain text from an HTML fragment: tags and comments removed, character
    /// references decoded, whitespace collapsed.
    static func plainText(fromHTML html: String) -> String {
        var stripped = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                let rest = html[html.index(after: index)...]
                if rest.hasPrefix("!--") {
                    index = rest.range(of: "-->")?.upperBound ?? html.endIndex
                    continue
                }
                if let next = rest.first, next.isLetter || next == "/" || next == "!" || next == "?" {
                    index = rest.firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                    continue
                }
            }
            stripped.append(character)
            index = html.index(after: index)
        }
        return collapseWhitespace(decodeEntities(stripped))
    }

    /// Decodes `&name;`, `&#123;` and `&#x1F;`; anything unrecognised stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&",
                  let semicolon = text[index...].prefix(34).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let decoded = decodeReference(name) {
                result += decoded
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func decodeReference(_ name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return namedCharacter(String(name))
    }

    /// The character an HTML 4 named reference stands for (plus XML's `apos`).
    static func namedCharacter(_ name: String) -> String? {
        if name == "apos" { return "'" }
        guard !name.isEmpty, name.utf8.count < 32,
              let description = htmlEntityLookup(name),
              let scalar = Unicode.Scalar(description.pointee.value) else { return nil }
        return String(Character(scalar))
    }

    /// Trims and turns every run of whitespace into one space.
    static func collapseWhitespace(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
