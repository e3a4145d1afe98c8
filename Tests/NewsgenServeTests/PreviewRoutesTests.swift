import Foundation
import NewsgenServer
import Testing
@testable import NewsgenServe

@Suite("The preview's routes")
struct PreviewRoutesTests {
    /// Routes over a folder with one page; no build runs unless a bookmark passes the checks.
    func routes(host: String) throws -> (PreviewRoutes, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<html><body><li data-article-id=\"3f9a1c0d5e7b2a64\">x</li></body></html>".utf8).write(to: folder.appendingPathComponent("index.html"))
        let rebuilder = Rebuilder(Rebuilder.Settings(siteDirectory: folder, offline: true, now: { Date(timeIntervalSince1970: 0) }, network: .live)) { _ in }
        let routes = PreviewRoutes(site: StaticSite(root: folder), events: EventStream(), labels: Locked(PreviewLabels()),
                                   address: ServerAuthority(host: host, port: 1313), rebuilder: rebuilder, report: { _ in })
        return (routes, folder)
    }

    func response(_ reply: HTTPReply) -> NewsgenServer.HTTPResponse? {
        if case .response(let response) = reply { return response }
        return nil
    }

    @Test func onLoopbackPagesGetTheTokenAndForeignPostsA403() throws {
        let (routes, folder) = try routes(host: "127.0.0.1")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try #require(response(routes.reply(to: HTTPRequest(method: "GET", target: "/"))))
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains("data-token=\"\(routes.bookmarks?.token ?? "?")\""))
        #expect(text.hasSuffix("</script></body></html>"))
        #expect(try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8).contains("__newsgen") == false)
        let post = HTTPRequest(method: "POST", target: "/__newsgen/bookmark", headers: [("Host", "127.0.0.1:1313"), ("Origin", "http://127.0.0.1:1313")],
                               body: Data("3f9a1c0d5e7b2a64".utf8))
        #expect(response(routes.reply(to: post))?.status == 403)
    }

    @Test func offLoopbackThereIsNoTokenAndTheEndpointIsOff() throws {
        let (routes, folder) = try routes(host: "192.0.2.7")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(routes.bookmarks == nil)
        let page = try #require(response(routes.reply(to: HTTPRequest(method: "GET", target: "/"))))
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains("/__newsgen/reload.js"))
        #expect(!text.contains("data-token"))
        let post = HTTPRequest(method: "POST", target: "/__newsgen/bookmark", headers: [("Host", "192.0.2.7:1313"), ("Origin", "http://192.0.2.7:1313")],
                               body: Data("3f9a1c0d5e7b2a64".utf8))
        #expect(response(routes.reply(to: post))?.status == 404)
    }

    @Test func theScriptAndTheStreamAreServedAndOtherPreviewPathsAreMisses() throws {
        let (routes, folder) = try routes(host: "127.0.0.1")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(response(routes.reply(to: HTTPRequest(method: "GET", target: "/__newsgen/reload.js")))?.status == 200)
        if case .eventStream = routes.reply(to: HTTPRequest(method: "GET", target: "/__newsgen/events")) {} else { Issue.record("no event stream") }
        #expect(response(routes.reply(to: HTTPRequest(method: "GET", target: "/__newsgen/other")))?.status == 404)
        #expect(response(routes.reply(to: HTTPRequest(method: "POST", target: "/__newsgen/events")))?.status == 405)
    }
}
