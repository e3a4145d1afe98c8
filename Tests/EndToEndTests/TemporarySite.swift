import Foundation

/// A copy of the repository's sample site in a temporary folder, and a way to
/// run the real `newsgen` binary on it.
struct TemporarySite {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let directory: URL
    var publicDirectory: URL { directory.appendingPathComponent("public") }

    /// Copies site.json, content/ (without an archive), templates/ and bookmarks.json.
    static func sample() throws -> TemporarySite {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["site.json", "content", "templates", "bookmarks.json"] {
            let source = packageRoot.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(name))
            }
        }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("content/archive"))
        return TemporarySite(directory: directory)
    }

    /// A new site, as `newsgen init` makes it in an empty temporary folder; `environment` as for `run`.
    static func initialized(environment: [String: String] = [:]) throws -> TemporarySite {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let site = TemporarySite(directory: directory)
        let made = try site.run("init", environment: environment)
        guard made.status == 0 else {
            site.remove()
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "newsgen init failed: \(made.stderr)"])
        }
        return site
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func file(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    func read(_ relative: String) throws -> String { try String(contentsOf: file(relative), encoding: .utf8) }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: file(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file(relative))
    }

    /// Edits site.json as a JSON object.
    func editConfig(_ edit: (inout [String: Any]) -> Void) throws {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: file("site.json"))) as! [String: Any]
        edit(&object)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: file("site.json"))
    }

    /// Runs `newsgen ARGS` in the site folder; `environment` is added to the test's own
    /// (e.g. `SOURCE_DATE_EPOCH`, the time a command takes as "now").
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessResult {
        try Newsgen.run(arguments, in: directory, environment: environment)
    }

    /// Every archived article as a JSON object, from `content/archive/<source>/<month>.jsonl`.
    func archivedArticles() throws -> [[String: Any]] {
        let folder = file("content/archive")
        var articles: [[String: Any]] = []
        for source in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let sourceFolder = folder.appendingPathComponent(source)
            guard let months = try? FileManager.default.contentsOfDirectory(atPath: sourceFolder.path) else { continue }
            for month in months.sorted() where month.hasSuffix(".jsonl") {
                let text = try String(contentsOf: sourceFolder.appendingPathComponent(month), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    articles.append(try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])
                }
            }
        }
        return articles
    }

    /// Every file under public/ with its bytes, by relative path.
    func snapshot() throws -> [String: Data] { try snapshot(of: "public") }

    /// Every file under the site's folder `folder` with its bytes, by path relative to it; empty when it is missing.
    func snapshot(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = file(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: url)
            }
        }
        return files
    }
}

struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// True when a signal ended the process (then `status` is the signal's number).
    var signalled = false
}

enum Newsgen {
    /// The binary SwiftPM built next to the test bundle (the test target depends on it).
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["NEWSGEN_BIN"] { return URL(fileURLWithPath: override) }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("newsgen")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return TemporarySite.packageRoot.appendingPathComponent(".build/debug/newsgen")
    }()

    /// Where a run's standard output or standard error goes.
    enum Stream {
        /// A pipe the test reads to its end: `ProcessResult.stdout` or `stderr`.
        case captured
        /// A file opened for writing, e.g. `/dev/full`, which answers every write with ENOSPC (a full disk).
        case file(String)
        /// A pipe whose reader has gone, as `newsgen … | head -1` leaves it: every write meets EPIPE.
        case closedPipe
        /// A pipe the test reads, set non-blocking (as another program may leave a shared one):
        /// a write into a full pipe meets EAGAIN instead of waiting.
        case nonBlockingPipe
    }

    /// Runs newsgen with `arguments` in `directory` under `timeout`, which ends it (SIGTERM, then SIGKILL
    /// five seconds later) after `seconds`: a run that was ended has status 124 or 137. For what a release
    /// once did for minutes or for ever, so that the test fails instead of holding the suite.
    static func run(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:],
                    killedAfter seconds: Int) throws -> ProcessResult {
        try run(["--kill-after=5", String(seconds), binary.path] + arguments, in: directory, environment: extra,
                executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    /// Runs `executable` (newsgen unless another is given) with `arguments` in `directory`.
    static func run(_ arguments: [String], in directory: URL, environment extra: [String: String] = [:],
                    executable: URL = binary, output: Stream = .captured, errors: Stream = .captured) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = try open(output), err = try open(errors)
        process.standardOutput = out.destination
        process.standardError = err.destination
        let errReader = err.reader
        try process.run()
        // Read both pipes before waiting, so a chatty process cannot fill a pipe and block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { errData = errReader?.readDataToEndOfFile() ?? Data(); group.leave() }
        let outData = out.reader?.readDataToEndOfFile() ?? Data()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self), signalled: process.terminationReason == .uncaughtSignal)
    }

    /// What `Process` writes into, and the end the test reads (nil when nothing is read back).
    private static func open(_ stream: Stream) throws -> (destination: Any, reader: FileHandle?) {
        switch stream {
        case .captured:
            let pipe = Pipe()
            return (pipe, pipe.fileHandleForReading)
        case .file(let path):
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteNoPermission) }
            return (handle, nil)
        case .closedPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return (pipe, nil)
        case .nonBlockingPipe:
            let pipe = Pipe()
            let descriptor = pipe.fileHandleForWriting.fileDescriptor
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            return (pipe, pipe.fileHandleForReading)
        }
    }
}
