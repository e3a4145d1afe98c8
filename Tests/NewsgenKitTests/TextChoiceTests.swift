import NewsgenExtract
import NewsgenModel
import Testing
@testable import NewsgenKit

/// Keep the better text (issue 35, ADR 064): the overlap measure and the choice between the feed's
/// text and the page's.
@Suite("The feed's text or the page's")
struct TextChoiceTests {
    static let story = """
        Mooring fees in the inner harbour will rise by a fifth next year, the harbour board decided on Tuesday \
        evening after a long debate. Fishermen said the rise would hurt the smallest boats most, and the board \
        promised a discount for boats under eight metres. The new fees take effect in March.
        """
    static let otherStory = """
        The lifeboat crew trained all weekend in heavy swell and fog, and the coxswain said the new boat handled \
        better than any before it, even at night, when the radar was the only way to find the buoys off the point.
        """

    @Test func wordsAreLowercasedRunsOfLettersAndDigitsAndEachHanOrKanaCharacterIsOne() {
        #expect(TextOverlap.words(in: "Mooring fees rose 20% — “Café” l’été, naïve") == ["mooring", "fees", "rose", "20", "café", "l", "été", "naïve"])
        #expect(TextOverlap.words(in: "深度学习，新台阶。") == ["深", "度", "学", "习", "新", "台", "阶"])
        #expect(TextOverlap.words(in: "カタ・カナ and ひらがな") == ["カ", "タ", "カ", "ナ", "and", "ひ", "ら", "が", "な"])
        #expect(TextOverlap.words(in: " \n—!? ").isEmpty)
    }

    @Test func aTeaserThePageContainsSharesAllOfItsWordsAndPairs() {
        let teaser = TextOverlap.words(in: "Mooring fees in the inner harbour will rise by a fifth next year.")
        let page = TextOverlap.words(in: Self.story)
        #expect(TextOverlap.shared(teaser, in: page, length: 1) == 1)
        #expect(TextOverlap.shared(teaser, in: page, length: 2) == 1)
    }

    @Test func theShareCountsDistinctRunsOfTheFirstText() {
        let first = ["a", "b", "a", "b", "c"]   // pairs: ab, ba, bc
        #expect(TextOverlap.shared(first, in: ["x", "a", "b", "a", "y"], length: 2) == 2.0 / 3)
        #expect(TextOverlap.shared(first, in: ["c"], length: 1) == 1.0 / 3)
        #expect(TextOverlap.shared([], in: ["c"], length: 2) == 1, "nothing of an empty text is missing")
        #expect(TextOverlap.shared(["fees"], in: ["the", "fees", "rise"], length: 2) == 1, "one word is compared as one word")
        #expect(TextOverlap.shared(["a", "b"], in: ["a"], length: 2) == 0)
    }

    @Test func aLongerPageOfTheSameStoryIsShown() {
        #expect(TextChoice.feedKept(feedText: "Mooring fees will rise by a fifth.", pageText: Self.story) == nil)
        #expect(TextChoice.feedKept(feedText: Self.story, pageText: Self.story) == nil, "the same text: the page's is shown")
        #expect(TextChoice.feedKept(feedText: "", pageText: "A word.") == nil, "a feed with no text takes the page's")
    }

    @Test func aPageWithFewerWordsThanTheFeedKeepsTheFeed() {
        let teaser = "Mooring fees in the inner harbour will rise by a fifth next year."
        #expect(TextChoice.feedKept(feedText: Self.story, pageText: teaser) == .pageShorter)
        #expect(TextChoice.feedKept(feedText: "Fees go up.", pageText: "") == .pageShorter)
    }

    @Test func aLongerPageThatSharesLittleWithALongEnoughFeedKeepsTheFeed() {
        let page = Self.otherStory + " " + Self.otherStory.replacingOccurrences(of: "lifeboat", with: "pilot boat")
        #expect(TextChoice.feedKept(feedText: Self.story, pageText: page) == .pageDifferent)
    }

    /// An editor's summary rewords its article: few pairs of words in common, most of its words.
    @Test func aRewordedSummaryOfThePagesStoryIsNotDifferent() {
        let summary = "Tuesday's debate ended with higher fees: from March, harbour boats pay a fifth more, although small boats "
            + "under eight metres get a discount, as fishermen feared they would be hurt most by such a rise."
        let feed = TextOverlap.words(in: summary)
        let page = TextOverlap.words(in: Self.story)
        #expect(feed.count >= TextChoice.wordsToCompare)
        #expect(TextOverlap.shared(feed, in: page, length: 2) < TextChoice.sharedPairsBelow, "few pairs in common")
        #expect(TextOverlap.shared(feed, in: page, length: 1) >= TextChoice.sharedWordsBelow)
        #expect(TextChoice.feedKept(feedText: summary, pageText: Self.story) == nil)
    }

    /// Under `wordsToCompare` words the feed's text is compared by length only: a headline-like teaser
    /// shares few words with its own article.
    @Test func aShortFeedTextIsNeverCalledDifferent() {
        let teaser = "Boats pay more from March."
        #expect(TextOverlap.words(in: teaser).count < TextChoice.wordsToCompare)
        #expect(TextChoice.feedKept(feedText: teaser, pageText: Self.otherStory) == nil)
    }

    /// The archive names every wall the extractor reports, by the same word.
    @Test func everyWallTheExtractorReportsHasItsNameInTheArchive() {
        #expect(PageWall.allCases.map { FullText.Wall(rawValue: $0.rawValue) } == FullText.Wall.allCases.map(Optional.some))
    }
}
