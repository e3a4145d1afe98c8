import Foundation
import Testing
@testable import NewsgenCLI

@Suite("Command line: serve")
struct ServeCommandLineTests {
    @Test func theDefaultsAreLoopbackPort1313AndOffline() throws {
        #expect(try parse("serve") == .serve(Command.ServeArguments()))
        #expect(Command.ServeArguments().host == "127.0.0.1")
    }

    @Test func everyOptionIsRead() throws {
        var expected = Command.ServeArguments()
        expected.site = "news"
        expected.port = "8080"
        expected.host = "::1"
        expected.fetch = true
        #expect(try parse("serve", "--port", "8080", "--host", "::1", "--fetch", "--site", "news") == .serve(expected))
    }

    @Test func aStrayOperandIsAMisuse() {
        #expect(usageError("serve", "public")?.contains("use --site DIR to serve another folder") == true)
        #expect(usageError("serve", "--port") != nil)
    }

    @Test(arguments: ["http", "-1", "65536", "80.5"])
    func aPortThatIsNoPortExits64(port: String) {
        let code = NewsgenCLI.run(["serve", "--port", port], currentDirectory: NSTemporaryDirectory(), environment: ["NO_COLOR": "1"])
        #expect(code == NewsgenCLI.exitUsage)
    }

    @Test func aFolderWithoutSiteJSONExits1() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("newsgen-serve-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(NewsgenCLI.run(["serve", "--port", "0"], currentDirectory: folder.path, environment: ["NO_COLOR": "1"]) == NewsgenCLI.exitFailure)
    }
}
