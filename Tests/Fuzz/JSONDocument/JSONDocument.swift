import Foundation
@testable import NewsgenModel

/// The one JSON reader, for any document and any key path: the first line is a key path as
/// errors write it (`sources[2].url`), the rest the document. Runs `JSONDocument` (the parse and
/// its syntax error's place, which site.json and bookmarks.json errors go through),
/// `JSONPath.components`, `element(at:)`, `place`, the members' keys and their places, and
/// `firstProblem` (duplicate keys, long strings). A
/// document it accepts must come back as the same value when `JSONWriter` writes it and it is read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDocument(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzInput.data(bytes, count)
    let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
    let path = JSONPath.components(String(decoding: data[..<newline], as: UTF8.self))
    let body = newline < data.endIndex ? [UInt8](data[(newline + 1)...]) : []
    _ = JSONDocument.place(ofByte: body.count / 2, in: body)
    let document: JSONDocument
    do {
        document = try JSONDocument(body)
    } catch {
        _ = JSONDocument.place(of: error, in: body)
        return 0
    }
    if let found = document.root.element(at: path) {
        _ = found.place
        for member in found.members { _ = member.keyPlace }
    }
    // Issue 32's checks of hand-written files: a key given twice, a string over a (small) limit.
    _ = document.firstProblem(maxStringBytes: 8)?.message
    let value = document.root.value
    var writer = JSONWriter()
    writer.value(value)
    let written = try? JSONDocument(writer.bytes)
    // A value's objects are dictionaries: written out, no key is in one twice.
    fuzzRequire(written.map { $0.firstProblem() == nil } ?? true, "a written document has a key twice")
    let again = written?.root.value
    // Null members are left out when written, so compare with them dropped.
    fuzzRequire(again.map(withoutNullMembers) == withoutNullMembers(value), "the document changed when written and read back")
    return 0
}

private func withoutNullMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let items): return .array(items.map(withoutNullMembers))
    case .object(let fields): return .object(fields.filter { $0.value != .null }.mapValues(withoutNullMembers))
    default: return value
    }
}
