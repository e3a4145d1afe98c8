import Foundation
import NewsgenHTML

/// Puts the preview's `<script>` tag into a served page, before its last `</body>` (or at the
/// end when it has none); only the bytes sent are changed, never the file in `public/`.
public enum ScriptInjection {
    /// The path the tag loads, served by the preview itself.
    public static let scriptPath = "/__newsgen/reload.js"

    /// The tag: with a token (bookmarks on), the token and the button labels; without one, the
    /// overlay's headings only, and the script adds no button. `notes` (ADR 058): the last build's
    /// error while it stands, its warnings about a page's files, and the empty-archive hint, each
    /// shown as soon as the page opens.
    public static func tag(token: String?, labels: PreviewLabels, notes: PreviewNotes = PreviewNotes()) -> String {
        var attributes = ["src=\"\(scriptPath)\"", "defer", "data-newsgen-preview"]
        if let token {
            attributes += ["data-token=\"\(HTMLEscape.attribute(token))\"", "data-bookmark-add=\"\(HTMLEscape.attribute(labels.bookmarkAdd))\"",
                           "data-bookmark-remove=\"\(HTMLEscape.attribute(labels.bookmarkRemove))\""]
        }
        attributes.append("data-rebuild-failed=\"\(HTMLEscape.attribute(labels.rebuildFailed))\"")
        if let failure = notes.failure { attributes.append("data-failure=\"\(HTMLEscape.attribute(failure))\"") }
        if !notes.warnings.isEmpty {
            attributes += ["data-build-warnings=\"\(HTMLEscape.attribute(labels.buildWarnings))\"",
                           "data-warnings=\"\(HTMLEscape.attribute(notes.warnings.joined(separator: "\n")))\""]
        }
        if notes.nothingArchived { attributes.append("data-notice=\"\(HTMLEscape.attribute(labels.nothingArchived))\"") }
        return "<script " + attributes.joined(separator: " ") + "></script>"
    }

    /// `page` with `tag` before its last `</body>`, whatever that tag's case.
    public static func inject(_ tag: String, into page: Data) -> Data {
        let bytes = [UInt8](page)
        let closing = Array("</body".utf8)
        var index = bytes.count - closing.count
        while index >= 0 {
            if zip(bytes[index..<index + closing.count], closing).allSatisfy({ lowercased($0) == $1 }) {
                return Data(bytes[..<index]) + Data(tag.utf8) + Data(bytes[index...])
            }
            index -= 1
        }
        return page + Data(tag.utf8)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}
