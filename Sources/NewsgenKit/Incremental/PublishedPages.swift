/// What the published site holds, in pages: for the build's report, and for the record the next
/// build reads to keep the pages whose inputs have not changed.
struct PublishedPages {
    /// `.html` files.
    let count: Int
    /// Each page's `PageKey`, by output path.
    let keys: [String: UInt64]
    /// Pages kept from the last build instead of rendered.
    let kept: Int

    init(_ files: [OutputFile]) {
        count = files.filter { $0.path.hasSuffix(".html") }.count
        var keys: [String: UInt64] = [:]
        for file in files { if let key = file.pageKey { keys[file.path] = key } }
        self.keys = keys
        kept = files.filter { $0.pageKey != nil && $0.keptFromLastBuild }.count
    }

    var rendered: Int { keys.count - kept }
}
