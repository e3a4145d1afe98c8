import Foundation
@testable import NewsgenKit

/// `content/archive/state.json` as the Fetch stage reads it (`FetchStateStore.load`, from a
/// scratch file). A state it accepts, saved and loaded again, must be the same state.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFetchState(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let folder = FuzzScratch.freshFolder("state")
    let file = folder.appendingPathComponent("state.json")
    FuzzScratch.write(FuzzInput.data(bytes, count), to: file)
    let store = FetchStateStore(file: file, shownAs: "content/archive/state.json")
    let state: FetchState
    do {
        state = try store.load()
    } catch {
        _ = error.description
        return 0
    }
    let copy = FetchStateStore(file: folder.appendingPathComponent("saved.json"), shownAs: "content/archive/state.json")
    do {
        try copy.save(state)
        fuzzRequire(try copy.load() == state, "the fetch state changed when saved and read back")
    } catch {
        fuzzRequire(false, "newsgen cannot read the fetch state it saved: \(error)")
    }
    return 0
}
