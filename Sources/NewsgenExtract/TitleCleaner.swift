/// Readability's `_getArticleTitle` (the `<title>` without the site's name) and `_textSimilarity`.
enum TitleCleaner {
    /// Separators that split a title from a site name: `|`, `-`, `–`, `—`, `\`, `/`, `>`, `»` between spaces.
    private static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    private static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    /// The title of the page in `tree`, cleaned as Readability cleans it.
    static func articleTitle(_ tree: PageTree) -> String {
        let original = tree.firstElement(named: "title").map { PageTree.trimmed(tree.textContent($0)) } ?? ""
        var title = original
        var hadHierarchicalSeparators = false
        let characters = Array(original)
        if let _ = separatorIndices(characters, in: separators).first {
            hadHierarchicalSeparators = !separatorIndices(characters, in: hierarchical).isEmpty
            // `(.*)[|\-\\/>»] .*`: everything before the last separator followed by a space.
            title = beforeLastSeparator(characters)
            if wordCount(title) < 3 {
                // `[^|\-\\/>»]*[|\-\\/>»](.*)`: everything after the first separator character.
                title = afterFirstSeparator(characters)
            }
        } else if original.contains(": ") {
            let trimmedTitle = PageTree.trimmed(title)
            let headings = tree.descendants(of: tree.root, named: ["h1", "h2"])
            let match = headings.contains { PageTree.trimmed(tree.textContent($0)) == trimmedTitle }
            if !match, let lastColon = original.lastIndex(of: ":"), let firstColon = original.firstIndex(of: ":") {
                title = String(original[original.index(after: lastColon)...])
                if wordCount(title) < 3 {
                    title = String(original[original.index(after: firstColon)...])
                } else if wordCount(String(original[..<firstColon])) > 5 {
                    title = original
                }
            }
        } else if original.utf16.count > 150 || original.utf16.count < 15 {
            let ones = tree.descendants(of: tree.root, named: "h1")
            if ones.count == 1 { title = tree.innerText(ones[0]) }
        }
        title = PageTree.normalizingSpaces(title)
        let count = wordCount(title)
        if count <= 4 && (!hadHierarchicalSeparators
                          || count != wordCount(String(original.filter { !separators.contains($0) })) - 1) {
            title = original
        }
        return title
    }

    /// Indices `i` where `characters[i]` is in `set` with a space on both sides (` | `).
    private static func separatorIndices(_ characters: [Character], in set: Set<Character>) -> [Int] {
        guard characters.count >= 3 else { return [] }
        return (1..<(characters.count - 1)).filter { characters[$0 - 1] == " " && set.contains(characters[$0]) && characters[$0 + 1] == " " }
    }

    private static func beforeLastSeparator(_ characters: [Character]) -> String {
        guard characters.count >= 2 else { return String(characters) }
        for index in stride(from: characters.count - 2, through: 0, by: -1)
        where separators.contains(characters[index]) && characters[index + 1] == " " {
            return String(characters[..<index])
        }
        return String(characters)
    }

    private static func afterFirstSeparator(_ characters: [Character]) -> String {
        guard let index = characters.firstIndex(where: { separators.contains($0) }) else { return String(characters) }
        return String(characters[(index + 1)...])
    }

    /// `str.split(/\s+/).length`, empty pieces included as JavaScript counts them.
    static func wordCount(_ text: String) -> Int {
        var count = 1
        var inSpace = false
        for scalar in text.unicodeScalars {
            if TextSummary.isSpace(scalar) {
                if !inSpace { count += 1; inSpace = true }
            } else {
                inSpace = false
            }
        }
        return count
    }

    /// `_textSimilarity`: how much of `b`'s words (by length) also occur in `a`, from 0 to 1.
    static func similarity(_ a: String, _ b: String) -> Double {
        let tokensA = tokens(a), tokensB = tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let setA = Set(tokensA)
        let unique = tokensB.filter { !setA.contains($0) }
        let distance = Double(unique.joined(separator: " ").utf16.count) / Double(tokensB.joined(separator: " ").utf16.count)
        return 1 - distance
    }

    /// `text.toLowerCase().split(/\W+/)` without empty pieces (`\W`: not an ASCII letter, digit or `_`).
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            let isWord = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
            if isWord {
                current.append(scalar)
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }
}
