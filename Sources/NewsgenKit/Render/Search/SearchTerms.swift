import NewsgenHTML

/// What one article gives the index's postings: each distinct word with its weighted count, and
/// the article's length. The costly part of the index (the article's whole text tokenized), a
/// function of the title, the tag names and the prepared text only, so the search cache
/// (`SearchTermsCache`) keeps it from one build to the next.
struct SearchTerms: Sendable, Equatable {
    /// How much one occurrence counts, by where it is: a word of the title says more about
    /// the article than a word of its text (a simple BM25F: the weights multiply the counts).
    /// 7 is what Pagefind gives an `<h1>`; with BM25's saturation a title word then outranks
    /// a word the text merely repeats.
    enum Weight {
        static let title = 7
        static let tag = 2
        static let text = 1
    }

    /// A count is capped so that one word repeated a thousand times cannot own a query.
    static let maxFrequency = 255

    /// Each distinct word, in the order first met, and its weighted count (the index sorts the words).
    var words: [String]
    var counts: [Int]
    /// Words in the title and the text, unweighted: BM25's document length.
    var length: Int

    init(words: [String], counts: [Int], length: Int) {
        self.words = words
        self.counts = counts
        self.length = length
    }

    /// The terms of an article titled `title`, tagged `tagNames`, whose page shows `text` (HTML).
    init(title: String, tagNames: [String], text: String?) {
        var table = SearchWordTable(capacity: 256)
        var counts: [Int] = []
        var length = 0
        func add(_ text: String, weight: Int, counted: Bool) {
            SearchTokenizer.forEachWordBytes(in: text) { word in
                let number = table.number(of: word)
                if number == counts.count { counts.append(0) }
                counts[number] += weight
                if counted { length += 1 }
            }
        }
        add(title, weight: Weight.title, counted: true)
        for name in tagNames { add(name, weight: Weight.tag, counted: false) }
        if let text { add(HTMLText.plainText(fromHTML: text), weight: Weight.text, counted: true) }
        words = (0..<table.count).map(table.word)
        self.counts = counts.map { min($0, Self.maxFrequency) }
        self.length = length
    }
}
