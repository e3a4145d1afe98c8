import Foundation
import NewsgenKit
import NewsgenServer

/// The preview's answers: its own paths under `/__newsgen/`, and the site's files with the script
/// tag put into each HTML page (the 404 page too, so that it reloads once its page exists).
struct PreviewRoutes: Sendable {
    static let eventsPath = "/__newsgen/events"
    static let bookmarkPath = "/__newsgen/bookmark"

    let site: StaticSite
    let events: EventStream
    let rebuilder: Rebuilder
    let report: @Sendable (PreviewEvent) -> Void
    /// Nil when `--host` is not a loopback address: no buttons, and the endpoint is off.
    let bookmarks: BookmarkRequestCheck?
    /// The script's words, in the site's language as of its last good build.
    let labels: Locked<PreviewLabels>
    /// What every page opened shows over the site: the last build's error while no build has succeeded
    /// since, the last good build's warnings about a page's files, the empty-archive hint.
    let notes: Locked<PreviewNotes>

    init(site: StaticSite, events: EventStream, labels: Locked<PreviewLabels>, address: ServerAuthority, rebuilder: Rebuilder,
         notes: Locked<PreviewNotes> = Locked(PreviewNotes()), report: @escaping @Sendable (PreviewEvent) -> Void) {
        self.site = site
        self.events = events
        self.rebuilder = rebuilder
        self.report = report
        bookmarks = address.isLoopback ? BookmarkRequestCheck(token: Self.randomToken(), address: address) : nil
        self.labels = labels
        self.notes = notes
    }

    func reply(to request: NewsgenServer.HTTPRequest) -> HTTPReply {
        switch request.path {
        case ScriptInjection.scriptPath:
            return .response(request.method == "GET" || request.method == "HEAD" ? ReloadScript.response : Self.notAllowed("GET, HEAD"))
        case Self.eventsPath:
            return request.method == "GET" ? .eventStream(events) : .response(Self.notAllowed("GET"))
        case Self.bookmarkPath:
            return .response(bookmark(request))
        case let path where path.hasPrefix("/__newsgen/"):
            return .response(.text(404, "Not found"))
        default:
            var response = site.reply(to: request)
            if response.status == 200 || response.status == 404, response.header("Content-Type")?.hasPrefix("text/html") == true {
                let tag = ScriptInjection.tag(token: bookmarks?.token, labels: labels.withLock { $0 }, notes: notes.withLock { $0 })
                response.body = ScriptInjection.inject(tag, into: response.body)
            }
            return .response(response)
        }
    }

    /// POST, body the article id: toggled as `newsgen bookmark toggle` does, then rebuilt; the
    /// rebuild's "reload" updates every open page.
    private func bookmark(_ request: NewsgenServer.HTTPRequest) -> NewsgenServer.HTTPResponse {
        guard let bookmarks else {
            return .text(404, "Bookmarks from the page are off: --host is not a loopback address")
        }
        if let reason = bookmarks.refusal(request) {
            report(.refused("\(request.method) \(request.path): \(reason)"))
            return .text(403, "Forbidden: \(reason)")
        }
        guard request.method == "POST" else { return Self.notAllowed("POST") }
        let id = String(decoding: request.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard ArticleResolver.isArticleID(id) else { return .text(400, "The body must be an article id (16 hex digits)") }
        do {
            let message = try rebuilder.toggleBookmark(id)
            report(.bookmarked(message))
            return .text(200, message)
        } catch {
            return .text(409, "\(error)")
        }
    }

    private static func notAllowed(_ methods: String) -> NewsgenServer.HTTPResponse {
        var response = NewsgenServer.HTTPResponse.text(405, "Method not allowed")
        response.headers.append(("Allow", methods))
        return response
    }

    /// 32 random bytes as hex, from the system's generator, new in every process.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }
}
