import Foundation
import NewsgenHTML
import NewsgenTestSupport
import Testing

/// The browser check's XSS vectors (Tests/Browser/xss_vectors.py, read through python3 so the
/// list is the same one the browser runs), each sanitized twice: the second pass changes nothing,
/// with and without embeds allowed, and each first pass is safe by `UnsafeMarkup`.
@Suite("XSS vectors: fixpoint")
struct XSSVectorFixpointTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser")

    /// Every vector as `(id, text)`, its placeholders filled in for a harness at 127.0.0.1:9.
    static func vectors() throws -> [(id: String, text: String)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import xss_vectors as x
            print(json.dumps([[v["id"], x.render(v["template"], v["id"], "http://127.0.0.1:9")] for v in x.vectors()]))
            """, script.path]
        process.environment = ["PYTHONDONTWRITEBYTECODE": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "xss_vectors.py could not be read")
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        return rows.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
    }

    @Test(Prerequisite.require(PythonHTTPServer.pythonAvailable, "needs python3 to read Tests/Browser/xss_vectors.py"))
    func everyVectorIsAFixpoint() throws {
        let vectors = try Self.vectors()
        var moved: [String] = []
        var unsafe: [String] = []
        let settings: [(base: String?, hosts: [String])] = [(nil, []), ("https://news.example.org/a/", ["youtube-nocookie.com", "player.vimeo.com"])]
        for (id, text) in vectors {
            for setting in settings {
                let once = HTMLSanitizer.sanitize(text, baseURL: setting.base, embedHosts: setting.hosts)
                let twice = HTMLSanitizer.sanitize(once, baseURL: setting.base, embedHosts: setting.hosts)
                if twice != once { moved.append("\(id): \(once.debugDescription) became \(twice.debugDescription)") }
                let findings = UnsafeMarkup.findings(in: once)
                if !findings.isEmpty { unsafe.append("\(id): \(findings.joined(separator: "; "))") }
            }
        }
        print("xss vectors: \(vectors.count) vectors sanitized twice (twice each), \(moved.count) changed by the second pass")
        #expect(vectors.count >= 300)
        #expect(moved == [])
        #expect(unsafe == [])
    }
}
