import Foundation
@testable import NewsgenKit
import NewsgenModel

/// One month file of the archive as the build loads it (`ArchiveStore.load`): the first line
/// names the source folder, the rest is `content/archive/<folder>/2026-11.jsonl`, written to a
/// scratch archive and read by the real loader (lines, `ArchiveLine` over `Article.fields`, the folder and
/// duplicate checks). Every article it accepts must survive being written back: the line
/// `ArchiveLineWriter` makes of it reads back as an article whose line is the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveLines(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let name = String(decoding: data[..<newline], as: UTF8.self)
    // Only plain names, so no input can write outside the scratch folder.
    let folder = !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy({ $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) })
        ? name : "not_a_source_id"
    let archive = FuzzScratch.freshFolder("archive")
    let month = newline < data.endIndex ? Data(data[(newline + 1)...]) : Data()
    FuzzScratch.write(month, to: archive.appendingPathComponent(folder).appendingPathComponent("2026-11.jsonl"))
    let loaded: Archive
    do {
        loaded = try ArchiveStore(directory: archive, shownAs: "content/archive").load()
    } catch {
        _ = error.description
        return 0
    }
    for article in loaded.allArticles {
        fuzzRequireRoundTrip(ArchiveLineWriter.line(article), of: "archive line") {
            ArchiveLineWriter.line(try ArchiveLine.read(Array($0)).get().article)
        }
    }
    return 0
}
