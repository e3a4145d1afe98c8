import Foundation
@testable import NewsgenKit

/// What the archive store's suites do with their temporary archive folders.
protocol ArchiveFolderTesting {}

extension ArchiveFolderTesting {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func store(_ folder: URL) -> ArchiveStore {
        ArchiveStore(directory: folder, shownAs: "content/archive")
    }

    /// Every file under `folder` (hidden ones too), relative and sorted.
    func files(under folder: URL) -> [String] {
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isDirectory),
               !isDirectory.boolValue { files.append(relative) }
        }
        return files.sorted()
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
