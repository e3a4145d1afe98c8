/// Splits a Markdown file into its YAML front matter and its body.
public enum MarkdownDocument {
    /// What `scan` found at the top of a file.
    enum Scan: Equatable {
        case noFrontMatter(body: String)
        case frontMatter(yaml: String, firstLine: Int, body: String)
        /// An opening `---` with no closing line.
        case unclosed
    }

    /// Front matter is a first line `---` (after an optional byte-order mark),
    /// up to the next line that is `---` or `...`; trailing spaces on either
    /// delimiter are ignored, and CRLF or CR line ends read as LF.
    ///
    /// Returns the YAML between the delimiters, the file line of its first line
    /// (2, since the opening `---` is line 1; 0 when there is no front matter)
    /// and the body after the closing line. A file without front matter, or
    /// whose front matter is never closed, comes back whole as the body with
    /// `frontMatter == nil`; `MarkdownArticle.parse` reports the unclosed case.
    public static func split(_ text: String) -> (frontMatter: String?, frontMatterLine: Int, body: String) {
        switch scan(text) {
        case .noFrontMatter(let body): return (nil, 0, body)
        case .frontMatter(let yaml, let firstLine, let body): return (yaml, firstLine, body)
        case .unclosed: return (nil, 0, normalized(text))
        }
    }

    static func scan(_ text: String) -> Scan {
        let text = normalized(text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isDelimiter(first, allowDots: false) else { return .noFrontMatter(body: text) }
        guard let close = lines.indices.dropFirst().first(where: { isDelimiter(lines[$0], allowDots: true) }) else {
            return .unclosed
        }
        let yaml = lines[1..<close].map { $0 + "\n" }.joined()
        let body = lines[(close + 1)...].joined(separator: "\n")
        return .frontMatter(yaml: yaml, firstLine: 2, body: body)
    }

    /// Without a leading byte-order mark, and with every line ending as a single LF.
    static func normalized(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        guard scalars.contains("\r") else { return String(scalars) }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in scalars {
            if scalar == "\r" {
                result.append("\n")
                previousWasCR = true
                continue
            }
            if !(scalar == "\n" && previousWasCR) { result.append(scalar) }
            previousWasCR = false
        }
        return String(result)
    }

    private static func isDelimiter(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }
}
