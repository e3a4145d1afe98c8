/// An independent check of HTML that should be safe, written without the
/// sanitizer's code: it tokenizes tags the way a browser does, decodes
/// character references in attribute values, removes whitespace and control
/// characters, and reports what could run script.
enum UnsafeMarkup {
    /// What `html` holds that could run script; empty when nothing:
    /// a `script` (or `style`) element, an `on…` attribute, a `javascript:`,
    /// `vbscript:` or `data:text/html` URL in any attribute, or a CSS
    /// `expression(` or `url(` in a `style` attribute.
    static func findings(in html: String) -> [String] {
        var found: [String] = []
        for tag in tags(in: html) {
            if ["script", "style"].contains(tag.name) { found.append("<\(tag.name)> element") }
            for (name, value) in tag.attributes {
                let squeezed = String(String.UnicodeScalarView(decode(value).unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })).lowercased()
                if name.hasPrefix("on") { found.append("<\(tag.name) \(name)=…> event handler") }
                for scheme in ["javascript:", "vbscript:", "data:text/html"] where squeezed.contains(scheme) {
                    found.append("<\(tag.name) \(name)=\"\(value)\"> \(scheme) URL")
                }
                if name == "style" && (squeezed.contains("expression(") || squeezed.contains("url(")) {
                    found.append("<\(tag.name) style=\"\(value)\"> CSS expression or url()")
                }
            }
        }
        return found
    }

    struct Tag {
        var name: String
        var attributes: [(String, String)]
    }

    /// Start tags as an HTML tokenizer sees them: `<` followed by a letter opens a tag.
    static func tags(in html: String) -> [Tag] {
        let scalars = Array(html.unicodeScalars)
        var tags: [Tag] = []
        var i = 0
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{C}" }
        func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
        while i < scalars.count {
            guard scalars[i] == "<", i + 1 < scalars.count, isLetter(scalars[i + 1]) else { i += 1; continue }
            i += 1
            var name = ""
            while i < scalars.count, !isSpace(scalars[i]), scalars[i] != "/", scalars[i] != ">" { name.unicodeScalars.append(scalars[i]); i += 1 }
            var attributes: [(String, String)] = []
            while i < scalars.count, scalars[i] != ">" {
                if isSpace(scalars[i]) || scalars[i] == "/" { i += 1; continue }
                var attribute = ""
                repeat { attribute.unicodeScalars.append(scalars[i]); i += 1 }
                while i < scalars.count && !isSpace(scalars[i]) && scalars[i] != "/" && scalars[i] != ">" && scalars[i] != "="
                while i < scalars.count, isSpace(scalars[i]) { i += 1 }
                var value = ""
                if i < scalars.count, scalars[i] == "=" {
                    i += 1
                    while i < scalars.count, isSpace(scalars[i]) { i += 1 }
                    if i < scalars.count, scalars[i] == "\"" || scalars[i] == "'" {
                        let quote = scalars[i]
                        i += 1
                        while i < scalars.count, scalars[i] != quote { value.unicodeScalars.append(scalars[i]); i += 1 }
                        i += 1
                    } else {
                        while i < scalars.count, !isSpace(scalars[i]), scalars[i] != ">" { value.unicodeScalars.append(scalars[i]); i += 1 }
                    }
                }
                attributes.append((attribute.lowercased(), value))
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes))
        }
        return tags
    }

    /// Numeric references (with or without `;`) and the named ones that spell
    /// URL syntax; anything else is left as written.
    static func decode(_ value: String) -> String {
        let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
            "sol": "/", "lpar": "(", "rpar": ")", "period": ".", "comma": ",",
        ]
        var out = ""
        let scalars = Array(value.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "&" else { out.unicodeScalars.append(scalars[i]); i += 1; continue }
            var j = i + 1
            if j < scalars.count, scalars[j] == "#" {
                j += 1
                let hex = j < scalars.count && (scalars[j] == "x" || scalars[j] == "X")
                if hex { j += 1 }
                var digits = ""
                while j < scalars.count, hex ? scalars[j].properties.isASCIIHexDigit : ("0"..."9").contains(scalars[j]) {
                    digits.unicodeScalars.append(scalars[j]); j += 1
                }
                if let code = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) {
                    out.unicodeScalars.append(scalar)
                    if j < scalars.count, scalars[j] == ";" { j += 1 }
                    i = j
                    continue
                }
            } else {
                var word = ""
                while j < scalars.count, (scalars[j] >= "a" && scalars[j] <= "z") || (scalars[j] >= "A" && scalars[j] <= "Z") {
                    word.unicodeScalars.append(scalars[j]); j += 1
                }
                if let text = named[word.lowercased()] {
                    out += text
                    if j < scalars.count, scalars[j] == ";" { j += 1 }
                    i = j
                    continue
                }
            }
            out += "&"
            i += 1
        }
        return out
    }
}
