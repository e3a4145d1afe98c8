import Foundation
import NewsgenModel
import NewsgenHTML

/// People, as feeds write them: Atom person constructs (`name`, `email`,
/// `uri`; Atom 0.3's `url`), and RSS's single line (`jane@example.org (Jane Doe)`,
/// `Jane Doe <jane@example.org>`, or a bare name) split as feedparser splits it.
enum PersonReader {
    /// An Atom person construct; nil when it names nobody.
    static func construct(_ element: DOMElement, scope: XMLScope) -> Person? {
        var person = Person()
        for child in element.elements {
            let value = child.text.trimmingWhitespaceAndNewlines()
            guard !value.isEmpty else { continue }
            switch child.name.lowercased() {
            case "name": person.name = HTMLText.collapsingWhitespace(value)
            case "email": person.email = value
            case "uri", "url", "homepage": person.url = scope.entering(child).resolve(value)
            default: break
            }
        }
        return person == Person() ? nil : person
    }

    /// An author element: a person construct when it has child elements, else one line of text.
    static func author(_ element: DOMElement, scope: XMLScope) -> Person? {
        element.elements.isEmpty ? line(element.text) : construct(element, scope: scope)
    }

    private static let emailPattern = try? NSRegularExpression(
        pattern: #"(([a-zA-Z0-9\_\-\.\+]+)@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.)|(([a-zA-Z0-9\-]+\.)+))([a-zA-Z]{2,4}|[0-9]{1,3})(\]?))(\?subject=\S+)?"#)

    /// A person from one line of text: the first e-mail address found is the
    /// address, what is left (without the brackets around it) is the name.
    static func line(_ text: String) -> Person? {
        var name = text.trimmingWhitespaceAndNewlines()
        guard !name.isEmpty else { return nil }
        var email: String?
        let range = NSRange(name.startIndex..., in: name)
        // The pattern needs an `@`: most bylines have none, and skip the regular expression.
        if name.utf8.contains(UInt8(ascii: "@")),
           let match = emailPattern?.firstMatch(in: name, range: range), let found = Range(match.range, in: name) {
            let address = String(name[found])
            email = address
            name = name.replacingOccurrences(of: address, with: "")
            for empty in ["()", "<>", "&lt;&gt;"] { name = name.replacingOccurrences(of: empty, with: "") }
            name = name.trimmingWhitespace()
            if name.hasPrefix("(") { name.removeFirst() }
            if name.hasSuffix(")") { name.removeLast() }
            name = name.trimmingWhitespace()
        }
        return Person(name: name.isEmpty ? nil : HTMLText.collapsingWhitespace(name), email: email)
    }
}

extension Array where Element == Person {
    /// Adds a person; `merged()` joins the ones that name the same person when
    /// the item or feed is made (looking each up among all before it would be
    /// quadratic: 150,000 authors on one item took minutes).
    mutating func merge(_ person: Person) {
        append(person)
    }

    /// The people in order, each completing the first one listed before it
    /// under the same name or address (an RSS `author` and a `dc:creator`
    /// usually name one person): what adding them one by one and completing the
    /// first match gives, found through two indexes instead of a search.
    func merged() -> [Person] {
        var result: [Person] = []
        var byName: [String: Int] = [:]
        var byEmail: [String: Int] = [:]
        func index(_ position: Int) {
            if let name = result[position].name, byName[name].map({ $0 > position }) ?? true { byName[name] = position }
            if let email = result[position].email, byEmail[email].map({ $0 > position }) ?? true { byEmail[email] = position }
        }
        for person in self {
            let matches = [person.name.flatMap { byName[$0] }, person.email.flatMap { byEmail[$0] }].compactMap { $0 }
            guard let first = matches.min() else {
                result.append(person)
                index(result.count - 1)
                continue
            }
            result[first].name = result[first].name ?? person.name
            result[first].email = result[first].email ?? person.email
            result[first].url = result[first].url ?? person.url
            index(first)
        }
        return result
    }
}
