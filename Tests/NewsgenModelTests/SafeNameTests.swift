import Testing
@testable import NewsgenModel

/// Path traversal: every name made from outside data (ids, slugs, tags,
/// enclosure and image URLs) stays one safe path component, whatever it was.
@Suite("Safe names")
struct SafeNameTests {
    /// Hostile names, from the usual traversal lists: dot segments, encoded
    /// and backslash forms, absolute paths, NUL, very long names, Unicode
    /// lookalikes of `.` and `/`, and the empty name.
    static let hostile: [String] = [
        "../../etc/passwd", "..", ".", "", "/", "//", "%2e%2e%2f", "%2e%2e/%2e%2e/etc/passwd", "..%2f..%2fetc",
        "..\\..\\windows\\win.ini", "\\\\server\\share", "/etc/passwd", "/absolute/", "a/../../b", "./a", "a/./b",
        "C:\\Windows", "~/.ssh/id_rsa", ".hidden", ".../...", "a\u{0}b", "\u{0}", "../\u{0}", "..\u{0}/x",
        String(repeating: "a", count: 10_000), String(repeating: "../", count: 500),
        "\u{FF0E}\u{FF0E}\u{FF0F}\u{FF0E}\u{FF0E}\u{FF0F}etc", "\u{2025}/\u{2025}", "\u{2024}\u{2024}\u{2215}x", "\u{FE52}\u{FE52}\u{2044}x",
        "\u{202E}gpj.exe", "a\nb", "a\tb", "CON", "nul.txt", "a b", "日本", "🙂", "x:y", "a|b", "a?b#c", "-", "---",
    ]

    /// True when `component` is one plain file or folder name.
    static func isSafeComponent(_ component: String) -> Bool {
        !component.isEmpty && component != "." && component != ".." && !component.hasPrefix(".")
            && component.utf8.count <= SafeName.maxFileNameLength
            && component.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != "/" && $0 != "\\" && $0.value != 0x7F }
    }

    @Test(arguments: hostile)
    func slugsAndIdsAlwaysComeOutValid(_ name: String) {
        let slug = SafeName.slugComponent(name)
        #expect(Slug.isValid(slug))
        #expect(Self.isSafeComponent(slug))
        let fromTitle = SafeName.slug(from: name)
        #expect(Slug.isValid(fromTitle))
        let tag = SafeName.tagSlug(name)
        #expect(Slug.isValid(tag))
        #expect(SafeName.sourceID(name) == nil)
    }

    @Test(arguments: hostile)
    func fileNamesAlwaysComeOutAsOnePlainComponent(_ name: String) {
        let safe = SafeName.fileName(name)
        #expect(Self.isSafeComponent(safe), "\(safe.debugDescription)")
        #expect(SafeName.isFileName(safe))
        #expect(SafeName.isFileName(name) == false || safe == name)
    }

    @Test(arguments: hostile)
    func mediaNamesNeverComeFromTheName(_ name: String) {
        #expect(SafeName.mediaName(content: Array(name.utf8), fileExtension: name) == nil)
        #expect(SafeName.mediaName(sha256Hex: name, fileExtension: "jpg") == nil)
        #expect(SafeName.mediaExtension(name) == nil)
        let made = SafeName.mediaName(content: Array(name.utf8), fileExtension: "png")
        #expect(made == SHA256.hex(Array(name.utf8)) + ".png")
        #expect(made.map(Self.isSafeComponent) == true)
    }

    @Test func exactNormalizations() {
        #expect(SafeName.slugComponent("../../etc/passwd") == "etc-passwd")
        #expect(SafeName.slugComponent("%2e%2e%2f") == "2e-2e-2f")
        #expect(SafeName.slugComponent("..") == "article")
        #expect(SafeName.slugComponent("harbour-opens") == "harbour-opens")
        #expect(SafeName.slugComponent(String(repeating: "a", count: 10_000)) == String(repeating: "a", count: 60))
        #expect(SafeName.fileName("../../etc/passwd") == "-..-etc-passwd")
        #expect(SafeName.fileName("..") == "file")
        #expect(SafeName.fileName("") == "file")
        #expect(SafeName.fileName("a\u{0}b") == "a-b")
        #expect(SafeName.fileName("\u{FF0E}\u{FF0E}\u{FF0F}x") == "---x")
        #expect(SafeName.fileName(String(repeating: "a", count: 10_000)) == String(repeating: "a", count: 128))
        #expect(SafeName.fileName("style.css") == "style.css")
        #expect(SafeName.tagSlug("Café Society") == "cafe-society")
        #expect(SafeName.tagSlug("日本") == "tag-" + String(SHA256.hex(Array("日本".utf8)).prefix(12)))
        #expect(SafeName.tagSlug("日本") != SafeName.tagSlug("中国"))
        #expect(SafeName.tagSlug("../..") == "tag-" + String(SHA256.hex(Array("../..".utf8)).prefix(12)))
        #expect(SafeName.sourceID("harbor-gazette") == "harbor-gazette")
        #expect(SafeName.sourceID("Harbor") == nil)
    }

    @Test(arguments: [
        ("https://cdn.example.org/photos/ferry.jpg", "jpg"),
        ("https://cdn.example.org/photos/ferry.JPEG?w=640#x", "jpg"),
        ("https://cdn.example.org/a.b/episode.mp3", "mp3"),
        ("https://cdn.example.org/video.webm", "webm"),
        ("photo.png", "png"),
    ])
    func mediaExtensionsComeFromAnAllowlist(_ url: String, _ expected: String) {
        #expect(SafeName.mediaExtension(ofURL: url) == expected)
    }

    /// Enclosure and image URLs that try to choose the file's name or type.
    @Test(arguments: [
        "https://evil.example/../../etc/passwd", "https://evil.example/a.png/../../x", "https://evil.example/a.png%2f..%2f..%2fx",
        "https://evil.example/a.php?f=.png", "https://evil.example/a.png%00.html", "https://evil.example/a.svg",
        "https://evil.example/a.html", "https://evil.example/.png", "https://evil.example/a.", "https://evil.example/a",
        "file:///etc/passwd", "/etc/passwd", "..\\..\\a.exe", "https://evil.example/a.png\u{0}.html", "",
        "https://evil.example/a.\u{FF50}\u{FF4E}\u{FF47}", "https://evil.example/a." + String(repeating: "p", count: 100),
    ])
    func hostileMediaURLsGiveNoExtension(_ url: String) {
        #expect(SafeName.mediaExtension(ofURL: url) == nil)
    }

    @Test func mediaTypesMapToExtensions() {
        #expect(SafeName.mediaExtension(forMediaType: "image/JPEG; charset=x") == "jpg")
        #expect(SafeName.mediaExtension(forMediaType: "audio/mpeg") == "mp3")
        #expect(SafeName.mediaExtension(forMediaType: "image/svg+xml") == nil)
        #expect(SafeName.mediaExtension(forMediaType: "text/html") == nil)
        #expect(SafeName.mediaName(sha256Hex: String(repeating: "ab", count: 32), fileExtension: "JPEG")
            == String(repeating: "ab", count: 32) + ".jpg")
        #expect(SafeName.mediaName(sha256Hex: String(repeating: "AB", count: 32), fileExtension: "jpg") == nil)
    }

    /// `Route.path` is safe for any associated value, and always parses back.
    @Test(arguments: hostile)
    func routesNeverLeaveTheirFolder(_ name: String) {
        let routes: [Route] = [
            .article(slug: name), .source(id: name), .legacyPage(list: .source(id: name), page: 3), .tag(slug: name),
            .legacyPage(list: .tag(slug: name), page: 2), .month(list: .source(id: name), YearMonth(year: 2026, month: 1)!),
            .month(list: .tag(slug: name), YearMonth(year: 999, month: 12)!), .media(name: name), .thumbnail(name: name), .asset(name: name),
        ]
        for route in routes {
            let path = route.path
            #expect(path.hasPrefix("/") && !path.hasPrefix("//"))
            let components = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let named = route.isPage ? components.dropLast() : components[...]
            #expect(named.allSatisfy { Self.isSafeComponent(String($0)) }, "\(path.debugDescription)")
            #expect(!route.outputPath.hasPrefix("/"))
            #expect(Route(path: path) != nil, "\(path.debugDescription)")
        }
    }

    @Test func validRoutesAreNotChangedByTheNormalization() {
        #expect(Route.article(slug: "harbour-opens").path == "/articles/harbour-opens/")
        #expect(Route.media(name: "0123abcd.jpg").path == "/media/0123abcd.jpg")
        #expect(Route.article(slug: "../../etc/passwd").path == "/articles/etc-passwd/")
        #expect(Route.legacyPage(list: .tag(slug: ".."), page: 2).path == "/tags/article/page/2/")
        #expect(Route.month(list: .tag(slug: ".."), YearMonth(year: 2026, month: 3)!).path == "/tags/article/2026/03/")
        #expect(Route.media(name: "../x.jpg").path == "/media/-x.jpg")
        #expect(Route.asset(name: "/etc/passwd").outputPath == "assets/-etc-passwd")
    }

    @Test func routePathsRefuseLongFileNames() {
        #expect(Route(path: "/media/" + String(repeating: "a", count: 129)) == nil)
        #expect(Route(path: "/media/" + String(repeating: "a", count: 128)) == .media(name: String(repeating: "a", count: 128)))
    }
}
