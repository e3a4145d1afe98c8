/// A parsed template. Parse once, render many times: rendering walks the
/// parsed tree and never looks at the source again.
public struct MustacheTemplate: Sendable {
    /// The name errors are reported under (a file name, or a library key).
    public let name: String
    let nodes: [MustacheNode]
    /// Every `{{>name}}` tag, in source order (sections included), with its line and
    /// column: what a theme checker needs to report a partial that names no template.
    public let partialReferences: [MustachePartialReference]
    /// Bytes of literal text, a first guess at the output size.
    private let textLength: Int

    /// Parses `source`; `name` only labels errors.
    public init(source: String, name: String = "") throws(MustacheError) {
        var parser = MustacheParser(source: source, name: name)
        self.name = name
        self.nodes = try parser.parse()
        self.partialReferences = parser.partialReferences()
        self.textLength = parser.textLength
    }

    /// Renders with `context` at the bottom of the context stack. Partials are
    /// looked up in `partials`; a missing one renders as nothing, per the spec.
    /// Throws when the render goes past `limits` (the library's, or the standard ones).
    public func render(_ context: MustacheValue, partials: MustacheLibrary? = nil,
                       limits: MustacheLimits? = nil) throws(MustacheError) -> String {
        var renderer = MustacheRenderer(context: context, partials: partials, limits: limits ?? partials?.limits ?? .standard,
                                        name: name, capacity: textLength + textLength / 2 + 64)
        try renderer.render(nodes)
        return renderer.output
    }
}
