/// Text a feed, a page or an OPML file gave (a title, a folder name) as the `source` commands
/// write it into site.json and print it: one line, runs of white space as one space, control
/// characters (an escape sequence a hostile feed puts in its title for the terminal) left out.
enum SourceText {
    static func oneLine(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                continue
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `oneLine`, nil when nothing is left.
    static func nonBlank(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = oneLine(text)
        return line.isEmpty ? nil : line
    }
}
