import Foundation
import Mustache
import NewsgenModel

/// The theme: every `templates/*.mustache` (page templates and partials, by
/// file name without extension) and the files directly inside `templates/assets/`,
/// which are published under `/assets/`.
struct Templates: Sendable {
    static let pageTemplates = ["layout", "home", "article", "bookmarks", "sources", "source", "tag", "search", "notfound"]

    let library: MustacheLibrary
    /// Asset files by name, as bytes.
    let assets: [(name: String, data: Data)]

    static func load(from directory: URL, shownAs: String) throws(BuildError) -> Templates {
        guard FileSystem.isDirectory(directory) else { throw BuildError(path: shownAs, "not found: the site has no templates folder") }
        var sources: [String: String] = [:]
        for file in try FileSystem.files(in: directory, suffix: ".mustache") {
            let name = file.deletingPathExtension().lastPathComponent
            let data = try FileSystem.read(file, shownAs: "\(shownAs)/\(file.lastPathComponent)")
            guard let text = String(data: data, encoding: .utf8) else {
                throw BuildError(path: "\(shownAs)/\(file.lastPathComponent)", "is not UTF-8 text")
            }
            sources[name] = text
        }
        for name in pageTemplates where sources[name] == nil {
            throw BuildError(path: "\(shownAs)/\(name).mustache", "not found: every site needs \(pageTemplates.map { $0 + ".mustache" }.joined(separator: ", "))")
        }
        let library: MustacheLibrary
        do {
            library = try MustacheLibrary(templates: sources)
        } catch {
            throw BuildError(path: "\(shownAs)/\(error.name).mustache:\(error.line):\(error.column)", error.reason)
        }
        let assetsDirectory = directory.appendingPathComponent("assets")
        var assets: [(String, Data)] = []
        for file in try FileSystem.files(in: assetsDirectory, suffix: "") where !FileSystem.isDirectory(file) {
            let name = file.lastPathComponent
            guard Route(path: Route.asset(name: name).path) != nil else {
                throw BuildError(path: "\(shownAs)/assets/\(name)", "has a name a URL cannot carry plainly; use letters, digits, '-', '_' and '.'")
            }
            assets.append((name, try FileSystem.read(file, shownAs: "\(shownAs)/assets/\(name)")))
        }
        return Templates(library: library, assets: assets)
    }
}
