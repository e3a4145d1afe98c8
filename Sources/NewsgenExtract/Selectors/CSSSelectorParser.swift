/// Reads a selector group character by character, the first problem thrown with its 1-based
/// position, as a user fixing site.json needs it: "expected a name after '.' at 9".
struct CSSSelectorParser {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// The whole text as one selector group.
    static func parse(_ text: String) throws(SelectorError) -> CSSSelector {
        var parser = CSSSelectorParser(text)
        return try parser.group()
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }
    /// 1-based position of the character at `offset`, as an editor counts columns.
    private func position(_ offset: Int) -> Int { offset + 1 }

    private func error(_ reason: String, at offset: Int) -> SelectorError {
        SelectorError(position: position(offset), reason: reason)
    }

    private func shown(_ character: Character?) -> String {
        guard let character else { return "the end" }
        return "'\(character)'"
    }

    private mutating func skipWhitespace() -> Bool {
        let start = index
        while let character = current, character.isCSSWhitespace { index += 1 }
        return index > start
    }

    // MARK: Group, complex and compound selectors

    private mutating func group() throws(SelectorError) -> CSSSelector {
        var alternatives: [CSSSelector.Complex] = []
        while true {
            _ = skipWhitespace()
            alternatives.append(try complex())
            guard let character = current else { break }
            guard character == "," else { throw error("unexpected \(shown(character))", at: index) }
            index += 1
        }
        return CSSSelector(alternatives: alternatives)
    }

    private mutating func complex() throws(SelectorError) -> CSSSelector.Complex {
        let first = try compound()
        var rest: [CSSSelector.Step] = []
        while true {
            let spaced = skipWhitespace()
            guard let character = current, character != "," else { break }
            var combinator = CSSSelector.Combinator.descendant
            if character == ">" {
                combinator = .child
                index += 1
                _ = skipWhitespace()
            } else if "+~".contains(character) {
                throw error("the sibling combinator '\(character)' is not supported", at: index)
            } else if !spaced {
                throw error("unexpected \(shown(character))", at: index)
            }
            rest.append(CSSSelector.Step(combinator: combinator, compound: try compound()))
        }
        return CSSSelector.Complex(first: first, rest: rest)
    }

    private mutating func compound() throws(SelectorError) -> CSSSelector.Compound {
        let start = index
        var element: String?
        if current == "*" {
            index += 1
        } else if let name = try identifier() {
            element = name.lowercased()
        }
        var filters: [CSSSelector.Filter] = []
        while let character = current {
            let at = index
            switch character {
            case "#":
                index += 1
                guard let name = try name() else { throw error("expected a name after '#'", at: at) }
                filters.append(.id(name))
            case ".":
                index += 1
                guard let name = try identifier() else { throw error("expected a name after '.'", at: at) }
                filters.append(.className(name))
            case "[":
                filters.append(try attribute())
            case ":":
                filters.append(try pseudoClass())
            default:
                guard index > start else { throw error("expected a selector, found \(shown(character))", at: index) }
                return CSSSelector.Compound(element: element, filters: filters)
            }
        }
        guard index > start else { throw error("expected a selector, found the end", at: index) }
        return CSSSelector.Compound(element: element, filters: filters)
    }

    // MARK: Attributes and pseudo-classes

    private mutating func attribute() throws(SelectorError) -> CSSSelector.Filter {
        let open = index
        index += 1
        _ = skipWhitespace()
        guard let name = try identifier() else { throw error("expected an attribute name after '['", at: open) }
        _ = skipWhitespace()
        guard let character = current else { throw error("expected ']' to close the '[' at \(position(open))", at: index) }
        if character == "]" {
            index += 1
            return .attribute(name: name.lowercased(), op: nil, value: "")
        }
        let opStart = index
        var op: CSSSelector.AttributeOperator?
        if character == "=" {
            op = .equals
            index += 1
        } else if index + 1 < characters.count, characters[index + 1] == "=" {
            op = CSSSelector.AttributeOperator(rawValue: String(character) + "=")
            index += 2
        }
        guard let op else { throw error("expected '=', '~=', '^=', '$=', '*=', '|=' or ']', found \(shown(character))", at: opStart) }
        _ = skipWhitespace()
        let value: String
        if let quote = current, quote == "\"" || quote == "'" {
            value = try string()
        } else if let word = try identifier() {
            value = word
        } else {
            throw error("expected a value after '\(op.rawValue)'", at: index)
        }
        _ = skipWhitespace()
        guard current == "]" else { throw error("expected ']' to close the '[' at \(position(open)), found \(shown(current))", at: index) }
        index += 1
        return .attribute(name: name.lowercased(), op: op, value: value)
    }

    private mutating func pseudoClass() throws(SelectorError) -> CSSSelector.Filter {
        let colon = index
        index += 1
        if current == ":" { throw error("pseudo-elements ('::') are not supported", at: colon) }
        guard let name = try identifier()?.lowercased() else { throw error("expected a name after ':'", at: colon) }
        switch name {
        case "first-child": return .firstChild
        case "last-child": return .lastChild
        case "nth-child":
            let argument = try parenthesized(after: colon, name: name)
            guard let series = Self.series(argument.text) else {
                throw error("expected an+b, 'odd' or 'even' in :nth-child()", at: argument.start)
            }
            return .nthChild(a: series.a, b: series.b)
        case "not":
            guard current == "(" else { throw error("expected '(' after ':not'", at: index) }
            index += 1
            _ = skipWhitespace()
            let inner = try compound()
            _ = skipWhitespace()
            guard current == ")" else { throw error("expected ')' to close ':not(', found \(shown(current))", at: index) }
            index += 1
            return .not(inner)
        default:
            throw error("the pseudo-class ':\(name)' is not supported (first-child, last-child, nth-child() and not() are)", at: colon)
        }
    }

    /// The text between `(` and `)`, and where it starts.
    private mutating func parenthesized(after colon: Int, name: String) throws(SelectorError) -> (text: String, start: Int) {
        guard current == "(" else { throw error("expected '(' after ':\(name)'", at: index) }
        index += 1
        let start = index
        while let character = current, character != ")" { index += 1 }
        guard current == ")" else { throw error("expected ')' to close ':\(name)('", at: index) }
        let text = String(characters[start..<index])
        index += 1
        return (text, start)
    }

    /// `an+b`, `odd`, `even`, `b`, `-n+3`: the An+B microsyntax, spaces around the sign allowed.
    static func series(_ text: String) -> (a: Int, b: Int)? {
        let compact = text.filter { !$0.isCSSWhitespace }.lowercased()
        switch compact {
        case "odd": return (2, 1)
        case "even": return (2, 0)
        case "": return nil
        default: break
        }
        func integer(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }) else { return nil }
            let digits = part.first == "+" ? part.dropFirst() : part
            return Int(digits)
        }
        guard let n = compact.firstIndex(of: "n") else { return integer(compact[...]).map { (0, $0) } }
        let aText = compact[..<n], bText = compact[compact.index(after: n)...]
        let a: Int
        switch aText {
        case "", "+": a = 1
        case "-": a = -1
        default:
            guard let value = integer(aText) else { return nil }
            a = value
        }
        if bText.isEmpty { return (a, 0) }
        guard bText.first == "+" || bText.first == "-", let b = integer(bText), bText.dropFirst().first?.isNumber == true else { return nil }
        return (a, b)
    }

    // MARK: Tokens

    /// A CSS identifier (`story-body`, `-x`, `md\:w-1\/2`), escapes decoded; nil when none starts here.
    private mutating func identifier() throws(SelectorError) -> String? {
        let start = index
        var text = ""
        if current == "-" {
            text.append("-")
            index += 1
        }
        guard let first = current, first.isCSSNameStart || first == "\\" else {
            index = start
            return nil
        }
        try nameCharacters(into: &text)
        return text
    }

    /// The characters of a name (after `#`, any name character may come first); nil when none.
    private mutating func name() throws(SelectorError) -> String? {
        var text = ""
        try nameCharacters(into: &text)
        return text.isEmpty ? nil : text
    }

    private mutating func nameCharacters(into text: inout String) throws(SelectorError) {
        while let character = current {
            if character == "\\" {
                text.append(try escape())
            } else if character.isCSSNameStart || character.isASCII && (character.isNumber || character == "-") {
                text.append(character)
                index += 1
            } else {
                break
            }
        }
    }

    /// `\` and one character taken as written, or up to six hex digits (and one space after) naming a code point.
    private mutating func escape() throws(SelectorError) -> Character {
        let backslash = index
        index += 1
        guard let character = current, character != "\n" else { throw error("expected a character after '\\'", at: backslash) }
        guard character.isHexDigit else {
            index += 1
            return character
        }
        var hex = ""
        while let digit = current, digit.isHexDigit, hex.count < 6 {
            hex.append(digit)
            index += 1
        }
        if let space = current, space.isCSSWhitespace { index += 1 }
        guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return Character(scalar)
    }

    /// A quoted value, `\` escaping the quote or any character.
    private mutating func string() throws(SelectorError) -> String {
        let open = index
        guard let quote = current else { return "" }
        index += 1
        var text = ""
        while let character = current {
            if character == quote {
                index += 1
                return text
            }
            if character == "\\" {
                index += 1
                if current == "\n" { index += 1; continue }
                guard current != nil else { break }
                index -= 1
                text.append(try escape())
                continue
            }
            text.append(character)
            index += 1
        }
        throw error("the string opened at \(position(open)) is not closed", at: open)
    }
}

extension Character {
    /// Space, tab, newline, carriage return, form feed: CSS's whitespace.
    var isCSSWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0C}" }
    /// A letter, `_`, or anything outside ASCII: what may start a CSS name.
    var isCSSNameStart: Bool { isASCII ? (isLetter || self == "_") : true }
}
