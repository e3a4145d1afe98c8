/// What a file people write by hand may not hold although it is valid JSON: a key given twice
/// in one object (RFC 8259 leaves the meaning open; newsgen's readers took the first one without
/// a word, so an edit to the second was silently lost), or a string longer than the file allows
/// (a 30 MB site title is written into every page). Found by `JSONDocument.firstProblem`, with
/// the key path and the places, for the file's reader to word as its other errors.
public struct JSONDocumentProblem: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The member at `path` is given again at `place`; `first` is where it was given first.
        case duplicateKey(first: TextPlace)
        /// The string at `path` (or, when `isKey`, a key of the object at `path`) is `bytes` long in UTF-8, over `limit`.
        case longString(bytes: Int, limit: Int, isKey: Bool)
    }

    /// The member's key path (`sources[1].url`); empty for the top level.
    public var path: [JSONPath.Component]
    /// Where the second key, or the long string, is written.
    public var place: TextPlace
    public var kind: Kind

    /// `sources[1].url` as errors write a key path.
    public var pathText: String {
        var text = ""
        for component in path {
            if case .key = component, !text.isEmpty { text += "." }
            text += component.description
        }
        return text
    }

    /// A sentence naming the key path and both places, without the file (the caller puts it in front).
    public var message: String {
        switch kind {
        case .duplicateKey(let first):
            return "key '\(pathText)' is given twice in one object, at \(first) and at \(place); keep one"
        case .longString(let bytes, let limit, let isKey):
            let what = isKey ? "a key of \(path.isEmpty ? "the top level" : "'\(pathText)'")" : "'\(pathText)'"
            return "\(what) is \(bytes) bytes long; a string here may be at most \(limit) bytes"
        }
    }
}

extension JSONDocument {
    /// The first duplicate key, or (with `maxStringBytes`) the first string longer than that in
    /// UTF-8, in document order; nil when there is neither. One walk over the tape: keys are
    /// decoded only in objects of more than one member, strings only when their written form
    /// is over the limit (escapes only lengthen the written form).
    public func firstProblem(maxStringBytes: Int? = nil) -> JSONDocumentProblem? {
        var path: [JSONPath.Component] = []
        return problem(at: 0, path: &path, maxStringBytes: maxStringBytes)
    }

    private func problem(at index: Int, path: inout [JSONPath.Component], maxStringBytes: Int?) -> JSONDocumentProblem? {
        let entry = tape[index]
        switch entry.kind {
        case .string:
            return long(index, path: path, isKey: false, limit: maxStringBytes)
        case .array:
            var child = index + 1
            for position in 0..<entry.count {
                path.append(.index(position))
                if let found = problem(at: child, path: &path, maxStringBytes: maxStringBytes) { return found }
                path.removeLast()
                child = tape[child].next
            }
            return nil
        case .object:
            var firstKey: [String: Int] = [:]
            var key = index + 1
            for _ in 0..<entry.count {
                if let found = long(key, path: path, isKey: true, limit: maxStringBytes) { return found }
                let name = string(at: key)
                if entry.count > 1 {
                    if let earlier = firstKey[name] {
                        return JSONDocumentProblem(path: path + [.key(name)], place: place(ofByte: tape[key].start),
                                                   kind: .duplicateKey(first: place(ofByte: tape[earlier].start)))
                    }
                    firstKey[name] = key
                }
                path.append(.key(name))
                if let found = problem(at: key + 1, path: &path, maxStringBytes: maxStringBytes) { return found }
                path.removeLast()
                key = tape[key + 1].next
            }
            return nil
        case .null, .true, .false, .number:
            return nil
        }
    }

    /// The string at tape entry `index` when it is longer than `limit` once decoded.
    private func long(_ index: Int, path: [JSONPath.Component], isKey: Bool, limit: Int?) -> JSONDocumentProblem? {
        guard let limit else { return nil }
        let entry = tape[index]
        guard entry.end - entry.start - 2 > limit else { return nil }
        let bytes = entry.flag ? string(at: index).utf8.count : entry.end - entry.start - 2
        guard bytes > limit else { return nil }
        return JSONDocumentProblem(path: path, place: place(ofByte: entry.start), kind: .longString(bytes: bytes, limit: limit, isKey: isKey))
    }
}
