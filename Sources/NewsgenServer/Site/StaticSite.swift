import Foundation

/// The files of one folder as responses: the safety rules live here (ADR 037). Every answer has
/// `Cache-Control: no-cache`, since a preview must never show a page older than the last build.
public struct StaticSite: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public func reply(to request: HTTPRequest) -> HTTPResponse {
        var response = answer(request)
        response.headers += [("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
        return response
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text(405, "Only GET and HEAD are served")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        guard case .success(let path) = SitePath.parse(request.path) else { return .text(400, "Bad path") }
        let files = SiteFiles(root: root)
        switch files.entry(path.segments) {
        case .missing:
            return notFound(files)
        case .file(let data):
            // "/page.html/" names a file as a folder: a miss, as a file server would say.
            guard !path.isFolder || path.segments.isEmpty else { return notFound(files) }
            return HTTPResponse(status: 200, headers: [("Content-Type", ContentTypes.type(ofFileNamed: path.segments.last ?? ""))], body: data)
        case .folder:
            guard path.isFolder else {
                return HTTPResponse(status: 301, headers: [("Location", request.path + "/" + request.query), ("Content-Type", "text/plain; charset=utf-8")], body: Data("Moved\n".utf8))
            }
            guard case .file(let data) = files.entry(path.segments + ["index.html"]) else { return notFound(files) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: data)
        }
    }

    /// The site's own `404.html` (newsgen publishes one, `SiteRenderer.notFoundPage`), else a line of text.
    private func notFound(_ files: SiteFiles) -> HTTPResponse {
        guard case .file(let page) = files.entry(["404.html"]) else { return .text(404, "Not found") }
        return HTTPResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8")], body: page)
    }
}
