import NewsgenModel

extension TextConstruct {
    /// The construct as HTML: plain text escaped, markup as it is.
    public var html: String { type == .text ? HTMLEscape.text(value) : value }

    /// The construct as one line of plain text, for titles and bylines.
    public var plainText: String {
        type == .text ? HTMLText.collapsingWhitespace(value) : HTMLText.plainText(fromHTML: value)
    }
}
