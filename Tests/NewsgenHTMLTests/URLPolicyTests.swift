import Testing
@testable import NewsgenHTML

/// `URLPolicy`'s byte-level fast paths for plain http(s) URLs give what the general path gives.
@Suite struct URLPolicyTests {
    private let policy = URLPolicy(baseURL: "https://example.org/news/")

    /// `isExternal` as it reads every URL: through `URLReference`.
    private func externalBySplitting(_ url: String) -> Bool {
        let reference = URLReference(url)
        guard reference.scheme.map({ ["http", "https"].contains($0.lowercased()) }) ?? true,
              let host = reference.host, !host.isEmpty else { return false }
        return host != policy.base?.host
    }

    @Test(arguments: [
        "https://example.org/a", "https://EXAMPLE.org/a?b#c", "http://example.org:8080/", "https://user@example.org/",
        "https://a@b@other.example/x", "https://[::1]:443/x", "https://[::1/x", "https://other.example", "https://",
        "http://other.example?x=1", "https://other.example#top", "https://x.example:/", "HTTPS://other.example/",
        "https:///other.example", "/relative", "mailto:a@example.org", "https://ex ample.org/", "https://example.org\\x",
    ])
    func isExternalAsSplit(url: String) {
        #expect(policy.isExternal(url) == externalBySplitting(url))
    }

    @Test(arguments: ["https://example.org/a?b=c&d#e", "http://other.example", "https://", "https://x.example:8080/p;q"])
    func plainURLsStayAsWritten(url: String) {
        #expect(policy.rewrite(url) == url)
    }

    @Test func nearMissesTakeTheGeneralPath() {
        #expect(policy.rewrite("https:///other.example/x") == "https://other.example/x")
        #expect(policy.rewrite(" https://other.example/x\n") == "https://other.example/x")
        #expect(policy.rewrite("https://other.example\\x?y\\z") == "https://other.example/x?y\\z")
        #expect(policy.rewrite("HTTPS://other.example/") == "HTTPS://other.example/")
        #expect(policy.rewrite("javascript:alert(1)") == nil)
        #expect(policy.rewrite("page.html") == "https://example.org/news/page.html")
    }
}
