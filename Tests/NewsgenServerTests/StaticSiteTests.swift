import Foundation
import NewsgenTestSupport
import Testing
@testable import NewsgenServer

@Suite("StaticSite over a socket")
struct StaticSiteTests {
    @Test func getServesTheFileWithItsTypeAndNoCache() throws {
        let site = try ServedSite(files: ["style.css": "body{}"])
        let response = RawClient.get(site.port, "/style.css")
        #expect(response.status == 200)
        #expect(response.text == "body{}")
        #expect(response.header("Content-Type") == "text/css; charset=utf-8")
        #expect(response.header("Content-Length") == "6")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }

    @Test func headHasTheSameHeadersAndNoBody() throws {
        let site = try ServedSite(files: ["a.json": "{\"x\":1}"])
        let response = RawClient.get(site.port, "/a.json", method: "HEAD")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "7")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.body.isEmpty)
    }

    @Test func otherMethodsAre405WithAllow() throws {
        let site = try ServedSite(files: ["index.html": "home"])
        let response = RawClient.exchange(site.port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 3\r\n\r\nabc")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
    }

    @Test(arguments: [
        ("feed.xml", "application/xml"), ("a.opml", "text/x-opml; charset=utf-8"), ("i.svg", "image/svg+xml"),
        ("i.png", "image/png"), ("i.JPG", "image/jpeg"), ("i.jpeg", "image/jpeg"), ("i.gif", "image/gif"),
        ("i.webp", "image/webp"), ("i.avif", "image/avif"), ("favicon.ico", "image/x-icon"),
        ("robots.txt", "text/plain; charset=utf-8"), ("f.woff2", "font/woff2"), ("app.js.map", "application/json"),
        ("app.js", "text/javascript; charset=utf-8"), ("blob.bin", "application/octet-stream"), ("README", "application/octet-stream"),
    ])
    func contentTypeFollowsTheExtension(name: String, type: String) throws {
        let site = try ServedSite(files: [name: "x"])
        #expect(RawClient.get(site.port, "/" + name).header("Content-Type") == type)
    }

    @Test func aFolderServesItsIndexAndWithoutSlashRedirectsKeepingTheQuery() throws {
        let site = try ServedSite(files: ["index.html": "home", "tags/index.html": "tags"])
        #expect(RawClient.get(site.port, "/").text == "home")
        #expect(RawClient.get(site.port, "/tags/").text == "tags")
        let moved = RawClient.get(site.port, "/tags?q=1")
        #expect(moved.status == 301)
        #expect(moved.header("Location") == "/tags/?q=1")
    }

    @Test func aMissingFileGetsTheSites404Page() throws {
        let site = try ServedSite(files: ["404.html": "<h1>Page not found</h1>"])
        let response = RawClient.get(site.port, "/no/such/page.html")
        #expect(response.status == 404)
        #expect(response.text == "<h1>Page not found</h1>")
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    }

    @Test func aMissingFileWithout404PageGetsText() throws {
        let site = try ServedSite()
        let response = RawClient.get(site.port, "/nothing")
        #expect(response.status == 404)
        #expect(response.text == "Not found\n")
    }

    @Test(arguments: [
        "/../secret.txt", "/a/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2e/secret.txt", "/..%2Fsecret.txt",
        "/a%2F..%2F..%2Fsecret.txt", "/.", "/./index.html", "/a\\..\\secret.txt", "/%5c..%5csecret.txt",
        "/index.html%00.txt", "/%ff.html", "/%zz", "/%2", "//secret.txt",
    ])
    func pathsThatCouldLeaveTheRootAre400(target: String) throws {
        let site = try ServedSite(files: ["index.html": "home"])
        try Data("SECRET".utf8).write(to: site.folder.appendingPathComponent("secret.txt"))
        let response = RawClient.get(site.port, target)
        #expect(response.status == 400)
        #expect(!response.text.contains("SECRET"))
    }

    @Test func percentEncodedNamesAreDecodedOnce() throws {
        let site = try ServedSite(files: ["a b.txt": "space", "%41.txt": "literal"])
        #expect(RawClient.get(site.port, "/a%20b.txt").text == "space")
        #expect(RawClient.get(site.port, "/%2541.txt").text == "literal")
    }

    @Test func aSymlinkAnywhereOnThePathIs404() throws {
        let site = try ServedSite(files: ["real/page.html": "inside"])
        try Data("SECRET".utf8).write(to: site.folder.appendingPathComponent("secret.txt"))
        let files = FileManager.default
        try files.createSymbolicLink(at: site.root.appendingPathComponent("leak.txt"), withDestinationURL: site.folder.appendingPathComponent("secret.txt"))
        try files.createSymbolicLink(at: site.root.appendingPathComponent("up"), withDestinationURL: site.folder)
        try files.createSymbolicLink(at: site.root.appendingPathComponent("alias"), withDestinationURL: site.root.appendingPathComponent("real"))
        #expect(RawClient.get(site.port, "/leak.txt").status == 404)
        #expect(RawClient.get(site.port, "/up/secret.txt").status == 404)
        #expect(RawClient.get(site.port, "/alias/page.html").status == 404)
        #expect(RawClient.get(site.port, "/real/page.html").text == "inside")
    }
}
