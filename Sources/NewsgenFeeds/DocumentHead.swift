import Foundation

/// The markup before and at the root element, read from the raw bytes: the
/// DOCTYPE (feedparser calls a document whose DOCTYPE names Netscape RSS
/// 0.91n) and the root's start tag (an empty RSS 0.90 document says what it is
/// only in its namespace declaration). The tree the readers get keeps neither.
struct DocumentHead: Sendable, Equatable {
    /// The DOCTYPE declaration up to its first `>`, when there is one.
    var doctype: String?
    /// The root element's start tag.
    var rootTag: String?

    init(doctype: String? = nil, rootTag: String? = nil) {
        self.doctype = doctype
        self.rootTag = rootTag
    }

    /// Reads the head of `data`, ignoring NUL bytes so UTF-16 input reads as ASCII.
    init(_ data: Data) {
        let head: [UInt8] = data.prefix(65_536).withUnsafeBytes { $0.filter { $0 != 0 } }
        let text = String(decoding: head, as: UTF8.self)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            if after.first?.isLetter == true {
                rootTag = after.firstIndex(of: ">").map { String(rest[open...$0]) }
                break
            }
            if after.hasPrefix("!DOCTYPE") || after.hasPrefix("!doctype") {
                doctype = after.firstIndex(of: ">").map { String(rest[open...$0]) }
            }
            rest = after
        }
    }

    /// True when the DOCTYPE mentions Netscape (the RSS 0.91 DTD of Netscape's).
    var namesNetscape: Bool { doctype?.lowercased().contains("netscape") ?? false }

    /// True when the root declares `uri` as its default namespace.
    func declaresDefaultNamespace(_ uri: String) -> Bool {
        guard let rootTag = rootTag?.lowercased() else { return false }
        return rootTag.contains("xmlns=\"\(uri.lowercased())\"") || rootTag.contains("xmlns='\(uri.lowercased())'")
    }
}
