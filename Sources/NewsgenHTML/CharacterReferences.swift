/// Decoding the character references an attribute value may hold (`&amp;`,
/// `&#38;`, `&#x26;`, and the other XML predefined names), for resolving it.
package enum CharacterReferences {
    private static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    package static func decode(_ text: String) -> String {
        replacing(text, with: character(for:))
    }

    /// Each `&name;` of `text` (the name under 12 characters) replaced by what `reference` makes
    /// of the name, or left as written when it makes nothing: the scan both readers share (the
    /// extractor's metadata decodes numbers as Readability does, URLs keep their bytes).
    package static func replacing(_ text: String, with reference: (Substring) -> String?) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(12).firstIndex(of: ";"), let decoded = reference(after[..<semicolon]) {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func character(for name: Substring) -> String? {
        if let value = named[String(name)] { return value }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return code.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
