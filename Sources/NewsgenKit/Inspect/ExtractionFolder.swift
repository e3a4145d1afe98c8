import Foundation

/// `newsgen extract --output DIR`: where a bulk extraction puts each page's result, one file a
/// page named by `OutputNames`. Each file is written to a temporary file beside it and renamed
/// into place, so a reader (or a kill) never sees half a file; not synced, since the folder is a
/// scratch output a second run remakes, and a sync per page would cost more than the extraction
/// (ADR 063). The folder is made when missing, and nothing is written outside it.
public struct ExtractionFolder: Sendable {
    /// The folder, absolute.
    public let url: URL
    /// The folder as typed, for messages.
    public let shownAs: String
    private let bounds: WriteBounds
    private var names = OutputNames()

    public init(_ url: URL, shownAs: String) {
        self.url = url
        self.shownAs = shownAs
        bounds = WriteBounds(folder: url)
    }

    /// Writes `text` as `source`'s result and returns the file's name (`story.txt`).
    @discardableResult
    public mutating func write(_ text: String, for source: String, fileExtension: String) throws(InspectError) -> String {
        let name = names.claim(for: source, fileExtension: fileExtension)
        do {
            try DurableFile.replace(url.appendingPathComponent(name), with: Data(text.utf8), sync: false, within: bounds)
        } catch {
            throw InspectError(source: source, "its result cannot be written to \((shownAs as NSString).appendingPathComponent(name)) (\(error.reason))")
        }
        return name
    }
}
