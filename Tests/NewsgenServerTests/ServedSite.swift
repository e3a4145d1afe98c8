import Foundation
import NewsgenServer

/// A temporary folder with a few files, served by a `LocalServer` on a free port.
final class ServedSite {
    let folder: URL
    let root: URL
    let server: LocalServer

    init(limits: ServerLimits = .standard, files: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-server-\(UUID().uuidString)")
        root = folder.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let site = StaticSite(root: root)
        server = try LocalServer(host: "127.0.0.1", port: 0, limits: limits) { .response(site.reply(to: $0)) }
        server.start()
    }

    var port: Int { server.port }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
