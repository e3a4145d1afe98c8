/// A parsed selector as XPath 1.0, written as Python's cssselect (1.x, `HTMLTranslator`) writes
/// it, so a rule behaves as it does in the tools users copy rules from, and a translation can be
/// checked against cssselect's own: `descendant-or-self::` before each alternative, `|` between
/// them, class and `~=` by whitespace-separated words, `:nth-child` by counting preceding siblings.
enum CSSToXPath {
    static func translate(_ selector: CSSSelector) -> String {
        selector.alternatives.map { "descendant-or-self::" + path($0).text }.joined(separator: " | ")
    }

    /// cssselect's `XPathExpr`: a path so far, the last step's node test and its condition.
    private struct Step {
        var path = ""
        var element = "*"
        var condition = ""

        var text: String { path + element + (condition.isEmpty ? "" : "[\(condition)]") }

        /// `(a) and (b)` once there are two conditions, as cssselect nests them.
        mutating func add(_ condition: String) {
            self.condition = self.condition.isEmpty ? condition : "(\(self.condition)) and (\(condition))"
        }

        /// The element name as a condition (`self::p`), for a compound used inside `:not()`.
        mutating func addNameTest() {
            guard element != "*" else { return }
            add("self::\(element)")
            element = "*"
        }

        mutating func join(_ combiner: String, _ other: Step) {
            path = text + combiner + other.path
            element = other.element
            condition = other.condition
        }
    }

    private static func path(_ complex: CSSSelector.Complex) -> Step {
        var step = compound(complex.first)
        for link in complex.rest {
            let right = compound(link.compound)
            switch link.combinator {
            case .child:
                step.join("/", right)
            case .descendant:
                // cssselect keeps `/descendant-or-self::*/` before an unconstrained `*`.
                step.join(right.element == "*" && right.condition.isEmpty ? "/descendant-or-self::*/" : "/descendant::", right)
            }
        }
        return step
    }

    private static func compound(_ compound: CSSSelector.Compound) -> Step {
        var step = Step()
        if let element = compound.element {
            if isSafeName(element) {
                step.element = element
            } else {
                step.add("name() = \(literal(element))")
            }
        }
        for filter in compound.filters { apply(filter, to: &step) }
        return step
    }

    private static func apply(_ filter: CSSSelector.Filter, to step: inout Step) {
        switch filter {
        case .id(let id):
            step.add("@id = \(literal(id))")
        case .className(let name):
            step.add(includes("@class", name))
        case .attribute(let name, let op, let value):
            step.add(attribute(isSafeName(name) ? "@" + name : "attribute::*[name() = \(literal(name))]", op, value))
        case .firstChild:
            step.add("count(preceding-sibling::*) = 0")
        case .lastChild:
            step.add("count(following-sibling::*) = 0")
        case .nthChild(let a, let b):
            if let condition = nthChild(a: a, b: b) { step.add(condition) }
        case .not(let inner):
            var negated = compound(inner)
            negated.addNameTest()
            step.add(negated.condition.isEmpty ? "0" : "not(\(negated.condition))")
        }
    }

    private static func attribute(_ name: String, _ op: CSSSelector.AttributeOperator?, _ value: String) -> String {
        guard let op else { return name }
        switch op {
        case .equals: return "\(name) = \(literal(value))"
        case .includes: return includes(name, value)
        case .dash: return "\(name) and (\(name) = \(literal(value)) or starts-with(\(name), \(literal(value + "-"))))"
        case .prefix: return value.isEmpty ? "0" : "\(name) and starts-with(\(name), \(literal(value)))"
        case .suffix:
            return value.isEmpty ? "0" : "\(name) and substring(\(name), string-length(\(name))-\(value.count - 1)) = \(literal(value))"
        case .substring: return value.isEmpty ? "0" : "\(name) and contains(\(name), \(literal(value)))"
        }
    }

    /// `~=` and classes: one of the whitespace-separated words; an empty word or one with spaces matches nothing.
    private static func includes(_ name: String, _ value: String) -> String {
        guard !value.isEmpty, !value.contains(where: \.isCSSWhitespace) else { return "0" }
        return "\(name) and contains(\(name), \(literal(value))) and contains(concat(' ', normalize-space(\(name)), ' '), \(literal(" " + value + " ")))"
    }

    /// cssselect's `xpath_nth_child_function`: nil when every element matches.
    static func nthChild(a: Int, b: Int) -> String? {
        let bMinus1 = b - 1
        if a == 1 && bMinus1 <= 0 { return nil }
        if a < 0 && bMinus1 < 0 { return "0" }
        let count = "count(preceding-sibling::*)"
        if a == 0 { return "\(count) = \(bMinus1)" }
        var expressions: [String] = []
        if a > 0 {
            if bMinus1 > 0 { expressions.append("\(count) >= \(bMinus1)") }
        } else {
            expressions.append("\(count) <= \(bMinus1)")
        }
        if abs(a) != 1 {
            // Python's modulo: the result takes the divisor's sign, here |a| > 0.
            let bNegative = ((-bMinus1 % abs(a)) + abs(a)) % abs(a)
            expressions.append((bNegative != 0 ? "(\(count) +\(bNegative))" : count) + " mod \(a) = 0")
        }
        return expressions.count > 1 ? expressions.map { "(\($0))" }.joined(separator: " and ") : expressions[0]
    }

    /// A name usable as an XPath node test as written.
    static func isSafeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) }
    }

    /// A string as an XPath literal: in '…', or "…" when it holds a ', or concat() when it holds both.
    static func literal(_ text: String) -> String {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        var parts: [String] = []
        var run = ""
        var runIsQuotes = false
        for character in text {
            let isQuote = character == "'"
            if !run.isEmpty && isQuote != runIsQuotes {
                parts.append(runIsQuotes ? "\"\(run)\"" : "'\(run)'")
                run = ""
            }
            runIsQuotes = isQuote
            run.append(character)
        }
        if !run.isEmpty { parts.append(runIsQuotes ? "\"\(run)\"" : "'\(run)'") }
        return "concat(\(parts.joined(separator: ",")))"
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
