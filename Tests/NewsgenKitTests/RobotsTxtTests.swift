import Foundation
import Testing
@testable import NewsgenKit

/// robots.txt read as RFC 9309 says, on its own examples and on the edge cases Google
/// documents for its parser: group selection, longest match, `*` and `$`, percent-encoding,
/// the parse limit, and a file built to be slow to match.
@Suite("robots.txt")
struct RobotsTxtTests {
    /// RFC 9309 §5.1.
    static let rfcExample = """
        User-Agent: *
        Disallow: *.gif$
        Disallow: /example/
        Allow: /publications/

        User-Agent: foobot
        Disallow:/
        Allow:/example/page.html
        Allow:/example/allowed.gif

        User-Agent: barbot
        User-Agent: bazbot
        Disallow: /example/page.html

        User-Agent: quxbot
        """

    static func robots(_ text: String, for token: String = "newsgen") -> RobotsTxt {
        RobotsTxt(Data(text.utf8), productToken: token)
    }

    @Test(arguments: [
        ("foobot", "/example/page.html", true), ("foobot", "/example/allowed.gif", true), ("foobot", "/example/other", false),
        ("foobot", "/", false), ("FooBot", "/publications/", false),
        ("barbot", "/example/page.html", false), ("bazbot", "/example/page.html", false), ("barbot", "/example/page.htm", true),
        ("barbot", "/a.gif", true), ("quxbot", "/example/page.html", true), ("quxbot", "/a.gif", true),
        ("newsgen", "/a.gif", false), ("newsgen", "/a.gif?size=2", true), ("newsgen", "/example/x", false),
        ("newsgen", "/publications/x", true), ("newsgen", "/other", true),
    ])
    func theRFCsExampleGroups(token: String, path: String, allowed: Bool) {
        #expect(Self.robots(Self.rfcExample, for: token).allows(path: path) == allowed)
    }

    /// RFC 9309 §5.2: the longest match wins.
    @Test func theLongestMatchWins() {
        let robots = Self.robots("User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif", for: "foobot")
        #expect(robots.allows(path: "/example/page/"))
        #expect(robots.allows(path: "/example/page/x.gif"))
        #expect(!robots.allows(path: "/example/page/disallowed.gif"))
        #expect(robots.allows(path: "/elsewhere"))
    }

    /// Google's table of path matches: (pattern, path, matches).
    @Test(arguments: [
        ("/fish", "/fish", true), ("/fish", "/fish.html", true), ("/fish", "/fish/salmon.html", true), ("/fish", "/fishheads", true),
        ("/fish", "/fish.php?id=anything", true), ("/fish", "/Fish.asp", false), ("/fish", "/catfish", false),
        ("/fish", "/?id=fish", false), ("/fish", "/desert/fish", false),
        ("/fish*", "/fish", true), ("/fish*", "/fishheads/yummy.html", true), ("/fish*", "/catfish", false),
        ("/fish/", "/fish/", true), ("/fish/", "/fish/?id=anything", true), ("/fish/", "/fish/salmon.htm", true),
        ("/fish/", "/fish", false), ("/fish/", "/fish.html", false), ("/fish/", "/animals/fish/", false),
        ("/*.php", "/index.php", true), ("/*.php", "/folder/filename.php?parameters", true), ("/*.php", "/folder/any.php.file.html", true),
        ("/*.php", "/filename.php/", true), ("/*.php", "/", false), ("/*.php", "/windows.PHP", false),
        ("/*.php$", "/filename.php", true), ("/*.php$", "/folder/filename.php", true), ("/*.php$", "/filename.php?parameters", false),
        ("/*.php$", "/filename.php/", false), ("/*.php$", "/filename.php5", false), ("/*.php$", "/windows.PHP", false),
        ("/fish*.php", "/fish.php", true), ("/fish*.php", "/fishheads/catfish.php?parameters", true), ("/fish*.php", "/Fish.PHP", false),
        ("/**a**$", "/xa", true), ("/**a**$", "/x", false), ("*", "/anything", true), ("/a$b", "/a$b", true), ("/a$b", "/a", false),
    ])
    func googlesPathMatches(pattern: String, path: String, matches: Bool) {
        #expect(Self.robots("user-agent: *\ndisallow: \(pattern)").allows(path: path) == !matches)
    }

    /// Google's order of precedence: the longest rule, and at one length the least restrictive.
    @Test(arguments: [
        ("allow: /p\ndisallow: /", "/page", true), ("allow: /folder\ndisallow: /folder", "/folder/page", true),
        ("allow: /page\ndisallow: /*.htm", "/page.htm", false), ("allow: /page\ndisallow: /*.ph", "/page.php", true),
        ("allow: /$\ndisallow: /", "/", true), ("allow: /$\ndisallow: /", "/page.htm", false),
    ])
    func precedence(rules: String, path: String, allowed: Bool) {
        #expect(Self.robots("user-agent: *\n" + rules).allows(path: path) == allowed)
    }

    /// RFC 9309 §2.2.2: compared after percent-encoding is normalised.
    @Test(arguments: [
        ("/foo/bar?baz=quz", "/foo/bar?baz=quz", true), ("/foo/bar/ツ", "/foo/bar/%E3%83%84", true),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", true), ("/foo/bar/%62%61%7A", "/foo/bar/baz", true),
        ("/foo/bar/baz", "/foo/bar/%62%61%7a", true), ("/a%c3%a9", "/a%C3%A9", true), ("/a%2Fb", "/a/b", false),
        ("/a b", "/a%20b", true),
    ])
    func percentEncodingIsNormalised(pattern: String, path: String, matches: Bool) {
        #expect(Self.robots("User-agent: *\nDisallow: \(pattern)").allows(path: path) == !matches)
    }

    @Test func ourGroupWinsOverTheGlobalOneAndGroupsNamingUsAreMerged() {
        let text = """
            User-agent: *
            Disallow: /

            User-agent: NewsGen/0.1
            Disallow: /drafts/

            User-agent: otherbot
            Disallow: /other/

            user-agent: newsgen
            disallow: /private/
            """
        let robots = Self.robots(text)
        #expect(robots.allows(path: "/articles/1"))
        #expect(!robots.allows(path: "/drafts/1"))
        #expect(!robots.allows(path: "/private/1"))
        #expect(robots.allows(path: "/other/1"))
    }

    @Test func aLongerNameIsAnotherCrawler() {
        let robots = Self.robots("User-agent: newsgenbot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/")
        #expect(robots.allows(path: "/news"))
        #expect(!robots.allows(path: "/private/x"))
    }

    @Test func withoutAGroupForUsOrForAllEverythingIsAllowed() {
        #expect(Self.robots("User-agent: otherbot\nDisallow: /").allows(path: "/x"))
        #expect(Self.robots("").allows(path: "/x"))
        // Rules before any user-agent line belong to no group.
        #expect(Self.robots("Disallow: /\nUser-agent: otherbot\nDisallow: /").allows(path: "/x"))
        #expect(Self.robots("User-agent: *\nDisallow:").allows(path: "/x"))
    }

    @Test func linesThatAreNotRulesDoNotEndTheUserAgentLines() {
        let robots = Self.robots("User-agent: otherbot\nSitemap: https://example.com/sitemap.xml\nUser-agent: newsgen\nDisallow: /x")
        #expect(!robots.allows(path: "/x"))
        #expect(!Self.robots("User-agent: otherbot\nCrawl-delay: 5\nUser-agent: newsgen\nDisallow: /x", for: "otherbot").allows(path: "/x"))
        // A rule ends them: the next user-agent line starts another group.
        #expect(Self.robots("User-agent: otherbot\nDisallow: /y\nUser-agent: newsgen\nDisallow: /x", for: "otherbot").allows(path: "/x"))
    }

    @Test(arguments: [
        "User-agent: *\nDisallow /private", "User-agent: *\nDissallow: /private", "user agent: *\ndisallow: /private",
        "useragent: *\ndisalow: /private", "\u{FEFF}User-agent: *\r\nDisallow: /private\r\n", "User-agent: *\rDisallow: /private",
        "User-agent: * # everyone\nDisallow: /private # not this\n", "  User-agent :\t*  \n\tDisallow\t:  /private  ",
    ])
    func forgivingSyntax(text: String) {
        let robots = Self.robots(text)
        #expect(!robots.allows(path: "/private/x"))
        #expect(robots.allows(path: "/public"))
    }

    @Test func aKeyWithoutAColonAndMoreThanOneValueIsIgnored() {
        #expect(Self.robots("User-agent: *\nDisallow /a /b").allows(path: "/a"))
    }

    @Test func onlyTheFirst500KiBAreRead() {
        let padding = "# " + String(repeating: "x", count: RobotsTxt.parseLimit) + "\n"
        #expect(Self.robots("User-agent: *\n" + padding + "Disallow: /").allows(path: "/x"))
        // The line the limit cuts is not read either: what is left of `/private` is `/pr`.
        let head = "User-agent: *\nDisallow: /a\n"
        let filler = "#" + String(repeating: "x", count: RobotsTxt.parseLimit - head.utf8.count - 1 - 14) + "\n"
        let robots = Self.robots(head + filler + "Disallow: /private\n")
        #expect((head + filler).utf8.count + 12 < RobotsTxt.parseLimit)
        #expect(!robots.allows(path: "/a"))
        #expect(robots.allows(path: "/pri"))
        #expect(robots.allows(path: "/private"))
    }

    @Test func invalidUTF8IsReadAsBytes() {
        var data = Data("User-agent: *\nDisallow: /caf".utf8)
        data.append(contentsOf: [0xE9, 0x0A])
        let robots = RobotsTxt(data, productToken: "newsgen")
        #expect(!robots.allows(path: "/caf%E9"))
        #expect(robots.allows(path: "/cafe"))
    }

    /// Thousands of rules built to scan the whole path each: the match gives up at its budget
    /// (and says disallowed) instead of taking minutes.
    @Test func aFileBuiltToBeSlowToMatchIsBounded() {
        let rules = (0..<12_000).map { "Disallow: /*a*a*a*a*a*\($0)c" }.joined(separator: "\n")
        let robots = Self.robots("User-agent: *\n" + rules)
        let path = "/" + String(repeating: "a", count: 2_000)
        let start = Date()
        #expect(!robots.allows(path: path))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(robots.allows(path: "/b"))
    }

    @Test(arguments: [("newsgen/0.1 (+mailto:owner@example.com)", "newsgen"), ("NewsGen", "newsgen"), ("my_bot-2/1", "my_bot-"), ("", ""), ("/x", "")])
    func theProductTokenOfAUserAgent(userAgent: String, token: String) {
        #expect(RobotsTxt.productToken(of: userAgent) == token)
    }

    @Test(arguments: [("https://example.com", "/"), ("https://example.com/a/b?c=d#e", "/a/b?c=d"), ("https://example.com/caf%C3%A9", "/caf%C3%A9"),
                      ("https://example.com/?q", "/?q")])
    func theTargetIsThePathAndQueryAsSent(url: String, target: String) throws {
        #expect(RobotsTxt.target(of: try #require(URL(string: url))) == target)
    }
}
