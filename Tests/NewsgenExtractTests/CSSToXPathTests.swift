import Testing
@testable import NewsgenExtract

/// Each selector's XPath as Python's cssselect 1.6 (`HTMLTranslator().css_to_xpath`) writes it,
/// copied from its output, so a rule reads here as it reads in the tools users copy rules from.
@Suite struct CSSToXPathTests {
    static let cssselect: [(css: String, xpath: String)] = [
        ("div", "descendant-or-self::div"),
        ("*", "descendant-or-self::*"),
        ("DIV", "descendant-or-self::div"),
        (".story-body", "descendant-or-self::*[@class and contains(@class, 'story-body') and contains(concat(' ', normalize-space(@class), ' '), ' story-body ')]"),
        ("#main", "descendant-or-self::*[@id = 'main']"),
        ("article .story-body", "descendant-or-self::article/descendant::*[@class and contains(@class, 'story-body') and contains(concat(' ', normalize-space(@class), ' '), ' story-body ')]"),
        ("div > p", "descendant-or-self::div/p"),
        ("div>p", "descendant-or-self::div/p"),
        ("div *", "descendant-or-self::div/descendant-or-self::*/*"),
        ("ul li > a", "descendant-or-self::ul/descendant::li/a"),
        ("[data-x]", "descendant-or-self::*[@data-x]"),
        ("a[HREF]", "descendant-or-self::a[@href]"),
        ("a[href=\"x\"]", "descendant-or-self::a[@href = 'x']"),
        ("a[href='x']", "descendant-or-self::a[@href = 'x']"),
        ("a[href=x]", "descendant-or-self::a[@href = 'x']"),
        ("a[title=\"it's\"]", "descendant-or-self::a[@title = \"it's\"]"),
        ("a[rel~=nofollow]", "descendant-or-self::a[@rel and contains(@rel, 'nofollow') and contains(concat(' ', normalize-space(@rel), ' '), ' nofollow ')]"),
        ("a[x~=\"a b\"]", "descendant-or-self::a[0]"),
        ("a[href^=http]", "descendant-or-self::a[@href and starts-with(@href, 'http')]"),
        ("a[href^=\"\"]", "descendant-or-self::a[0]"),
        ("a[href$=\".pdf\"]", "descendant-or-self::a[@href and substring(@href, string-length(@href)-3) = '.pdf']"),
        ("a[href*=ads]", "descendant-or-self::a[@href and contains(@href, 'ads')]"),
        ("p[lang|=en]", "descendant-or-self::p[@lang and (@lang = 'en' or starts-with(@lang, 'en-'))]"),
        ("li:nth-child(2)", "descendant-or-self::li[count(preceding-sibling::*) = 1]"),
        ("li:nth-child(+5)", "descendant-or-self::li[count(preceding-sibling::*) = 4]"),
        ("li:nth-child(odd)", "descendant-or-self::li[count(preceding-sibling::*) mod 2 = 0]"),
        ("li:nth-child(even)", "descendant-or-self::li[(count(preceding-sibling::*) +1) mod 2 = 0]"),
        ("li:nth-child(2n+1)", "descendant-or-self::li[count(preceding-sibling::*) mod 2 = 0]"),
        ("li:nth-child( 2n + 1 )", "descendant-or-self::li[count(preceding-sibling::*) mod 2 = 0]"),
        ("li:NTH-CHILD(2N+1)", "descendant-or-self::li[count(preceding-sibling::*) mod 2 = 0]"),
        ("li:nth-child(3n-1)", "descendant-or-self::li[(count(preceding-sibling::*) +2) mod 3 = 0]"),
        ("li:nth-child(-n+3)", "descendant-or-self::li[count(preceding-sibling::*) <= 2]"),
        ("p:nth-child(-2n+5)", "descendant-or-self::p[(count(preceding-sibling::*) <= 4) and (count(preceding-sibling::*) mod -2 = 0)]"),
        ("li:nth-child(n)", "descendant-or-self::li"),
        ("p:first-child", "descendant-or-self::p[count(preceding-sibling::*) = 0]"),
        ("p:last-child", "descendant-or-self::p[count(following-sibling::*) = 0]"),
        ("div:not(.ad)", "descendant-or-self::div[not(@class and contains(@class, 'ad') and contains(concat(' ', normalize-space(@class), ' '), ' ad '))]"),
        ("div:not(p)", "descendant-or-self::div[not(self::p)]"),
        ("div:not(#x)", "descendant-or-self::div[not(@id = 'x')]"),
        ("div:not([a])", "descendant-or-self::div[not(@a)]"),
        ("div:not(*)", "descendant-or-self::div[0]"),
        ("p:not(p.x)", "descendant-or-self::p[not((@class and contains(@class, 'x') and contains(concat(' ', normalize-space(@class), ' '), ' x ')) and (self::p))]"),
        ("p:not(:first-child)", "descendant-or-self::p[not(count(preceding-sibling::*) = 0)]"),
        ("h1, h2", "descendant-or-self::h1 | descendant-or-self::h2"),
        ("DIV.A", "descendant-or-self::div[@class and contains(@class, 'A') and contains(concat(' ', normalize-space(@class), ' '), ' A ')]"),
        ("div#a.b[c]", "descendant-or-self::div[((@id = 'a') and (@class and contains(@class, 'b') and contains(concat(' ', normalize-space(@class), ' '), ' b '))) and (@c)]"),
        ("x-y", "descendant-or-self::x-y"),
        (".md\\:w-1\\/2", "descendant-or-self::*[@class and contains(@class, 'md:w-1/2') and contains(concat(' ', normalize-space(@class), ' '), ' md:w-1/2 ')]"),
    ]

    @Test(arguments: cssselect)
    func translatesAsCssselectDoes(_ example: (css: String, xpath: String)) throws {
        #expect(try SelectorQuery(example.css).xpath == example.xpath)
    }

    @Test func aQuoteAndAnApostropheTogetherBecomeAConcat() {
        #expect(CSSToXPath.literal("it's \"x\"") == "concat('it',\"'\",'s \"x\"')")
    }

    @Test func xpathIsTakenAsWritten() throws {
        for text in ["//div[@id='a']", "(//p)[1]", "./body//p"] {
            let query = try SelectorQuery(text)
            #expect(query.isXPath)
            #expect(query.xpath == text)
        }
    }

    static let unreadable: [(css: String, error: String)] = [
        ("article .", "expected a name after '.' at 9"),
        ("#", "expected a name after '#' at 1"),
        ("a[href", "expected ']' to close the '[' at 2 at 7"),
        ("a[=x]", "expected an attribute name after '[' at 2"),
        ("a[href!=x]", "expected '=', '~=', '^=', '$=', '*=', '|=' or ']', found '!' at 7"),
        ("a[title='x]", "the string opened at 9 is not closed at 9"),
        ("div,", "expected a selector, found the end at 5"),
        ("div > ", "expected a selector, found the end at 7"),
        ("div + p", "the sibling combinator '+' is not supported at 5"),
        ("a:hover", "the pseudo-class ':hover' is not supported (first-child, last-child, nth-child() and not() are) at 2"),
        ("p::before", "pseudo-elements ('::') are not supported at 2"),
        ("li:nth-child(x)", "expected an+b, 'odd' or 'even' in :nth-child() at 14"),
        ("li:nth-child(2", "expected ')' to close ':nth-child(' at 15"),
        ("p:not(.a", "expected ')' to close ':not(', found the end at 9"),
        ("", "expected a selector, found the end at 1"),
        ("div)", "unexpected ')' at 4"),
    ]

    @Test(arguments: unreadable)
    func anUnreadableSelectorSaysWhereAndWhy(_ example: (css: String, error: String)) {
        #expect(throws: SelectorError.self) { try SelectorQuery(example.css) }
        do {
            _ = try SelectorQuery(example.css)
        } catch {
            #expect(error.description == example.error)
        }
    }

    @Test func anXPathLibxml2RejectsIsAnErrorWithItsReason() {
        do {
            _ = try SelectorQuery("//div[@id=")
            Issue.record("an unfinished XPath was accepted")
        } catch {
            #expect(error.reason.hasPrefix("XPath: "))
            #expect(error.position != nil)
        }
    }
}
