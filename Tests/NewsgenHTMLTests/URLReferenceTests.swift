import Testing
@testable import NewsgenHTML

/// RFC 3986 section 5.4's examples, against its base "http://a/b/c/d;p?q".
@Suite struct URLReferenceTests {
    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"),
        ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"), ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ])
    func resolvesLikeRFC3986(reference: String, expected: String) {
        #expect(URLReference("http://a/b/c/d;p?q").resolving(URLReference(reference)).text == expected)
    }

    @Test(arguments: [
        ("https://user:pw@News.Example.org:8443/x", "news.example.org"), ("http://[::1]:80/", "[::1]"),
        ("//cdn.example.com", "cdn.example.com"), ("/local", nil), ("mailto:a@b.example", nil),
    ] as [(String, String?)])
    func findsTheHost(url: String, host: String?) {
        #expect(URLReference(url).host == host)
    }
}
