import Foundation
import NewsgenModel
@testable import NewsgenKit

/// A site folder with the repository's templates and url sources, built with a given
/// network: `HTTPStub`'s for the logic of fetching, the live one against a real server.
struct FetchingSite {
    static let now = Date(timeIntervalSince1970: 1_767_607_200)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetching-\(UUID().uuidString)")
    var network: Network = .live
    var stateFile: URL { folder.appendingPathComponent("content/archive/state.json") }

    init(network: Network = .live) throws {
        self.network = network
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
    }

    /// Builds with one url source, `news`, at `url`: `retries` 1 and a `timeout` of 1 s unless told.
    func build(_ url: String, contact: String? = nil, strict: Bool = false, now: Date = FetchingSite.now,
               timeout: Int = 1) throws -> BuildReport {
        let agent = contact.map { #", "userAgentContact": "\#($0)""# } ?? ""
        return try build(sources: [("news", url)], fetch: #""timeoutSeconds": \#(timeout), "retries": 1\#(agent)"#, strict: strict, now: now)
    }

    /// Builds with `sources` (id and url) and the `fetch` object's members as given.
    func build(sources: [(id: String, url: String)], fetch: String, strict: Bool = false, now: Date = FetchingSite.now) throws -> BuildReport {
        let list = sources.map { #"{"id": "\#($0.id)", "url": "\#($0.url)"}"# }.joined(separator: ", ")
        try Data(#"{"title": "Bay", "sources": [\#(list)], "fetch": {\#(fetch)}}"#.utf8).write(to: folder.appendingPathComponent("site.json"))
        var options = BuildOptions(output: folder.appendingPathComponent("public"), strict: strict, now: now, retryBackoff: 0.01)
        options.network = network
        return try SiteBuilder.build(try Site.load(from: folder), options: options)
    }

    /// The titles of the archived articles of `news`.
    func archived() throws -> [String] {
        let archive = try ArchiveStore(directory: folder.appendingPathComponent("content/archive"), shownAs: "content/archive").load()
        return (archive.articlesBySource["news"] ?? []).map(\.title).sorted()
    }

    func state() throws -> FetchState {
        try FetchState(json: Data(contentsOf: stateFile))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
