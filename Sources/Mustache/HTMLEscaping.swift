/// HTML escaping for `{{name}}`: `&`, `<`, `>`, `"` and `'`, enough for text
/// and for quoted attribute values.
enum HTMLEscaping {
    /// Appends `text` escaped, copying unescaped runs whole instead of
    /// character by character.
    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let replacement: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: replacement = nil
            }
            let next = utf8.index(after: index)
            if let replacement {
                if runStart != index { output += text[runStart..<index] }
                output += replacement
                runStart = next
            }
            index = next
        }
        if runStart == utf8.startIndex {
            output += text
        } else if runStart != utf8.endIndex {
            output += text[runStart...]
        }
    }

    /// `text` escaped, as a new string.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        append(text, to: &output)
        return output
    }
}
