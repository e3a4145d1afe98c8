import CCmarkGFM
import Foundation

/// CommonMark with GitHub's extensions, rendered by cmark-gfm.
public enum Markdown {
    /// The extensions attached to every parser, by their registered names.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Footnotes on; raw HTML passed through (the sanitizer judges it); quotes
    /// kept as written (no "smart" punctuation, so the author's text survives).
    static let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE

    /// cmark-gfm's extension registry is a process-wide list that is not safe to
    /// fill concurrently; a lazily initialised static runs exactly once.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// cmark-gfm is not thread-safe even with one parser per call: attaching an
    /// extension and finishing a parse add and remove the extension's trigger
    /// characters (`~`, `|`, …) in a process-wide table, so a parse running in
    /// parallel intermittently misses strikethrough or tables. Every parse and
    /// render therefore runs under this lock.
    private static let lock = NSLock()

    /// Renders `markdown` to an HTML fragment.
    ///
    /// Raw HTML in the source is passed through unchanged, so the result is
    /// **not** safe to publish as is: run it through `HTMLSanitizer.sanitize`
    /// (as `MarkdownArticle.parse` does). Safe to call from any thread; calls are
    /// serialized (see `lock`).
    public static func html(from markdown: String) -> String {
        _ = registered
        lock.lock()
        defer { lock.unlock() }
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        let utf8 = Array(markdown.utf8)
        utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { cmark_get_default_mem_allocator().pointee.free(rendered) }
        return String(cString: rendered)
    }
}
