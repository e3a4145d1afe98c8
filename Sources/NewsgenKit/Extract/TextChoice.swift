import NewsgenModel

/// Which of an article's two texts to show, the feed's own or its page's (issue 35, ADR 064): the
/// page's, unless it gave less. The page's text is kept in the archive either way; this decides only
/// what the article shows, and the reason is recorded as `FullText.feedKept`.
enum TextChoice {
    /// Below this many words the feed's text is too short to tell a different text from a rewording
    /// (a headline-like teaser shares few words with its own article): it is then only compared by length.
    static let wordsToCompare = 20
    /// The page's text is another text when fewer than this share of the feed's distinct pairs of
    /// consecutive words are in it…
    static let sharedPairsBelow = 0.2
    /// …and fewer than this share of the feed's distinct words: an editor's summary rewords its article
    /// (few pairs in common) but keeps most of its words; a wrong block of the page keeps neither.
    static let sharedWordsBelow = 0.5

    /// Why the feed's text is to be kept rather than the page's (`feedText` and `pageText` as plain
    /// text), or nil when the page's text is the better one: the page's has fewer words than the feed's
    /// (`pageShorter`), or, for a feed text of `wordsToCompare` words or more, shares too little with it
    /// (`pageDifferent`). A feed with no text of its own always takes the page's.
    static func feedKept(feedText: String, pageText: String) -> FullText.FeedKeptReason? {
        let feed = TextOverlap.words(in: feedText)
        let page = TextOverlap.words(in: pageText)
        if page.count < feed.count { return .pageShorter }
        guard feed.count >= wordsToCompare else { return nil }
        if TextOverlap.shared(feed, in: page, length: 2) < sharedPairsBelow,
           TextOverlap.shared(feed, in: page, length: 1) < sharedWordsBelow {
            return .pageDifferent
        }
        return nil
    }
}
