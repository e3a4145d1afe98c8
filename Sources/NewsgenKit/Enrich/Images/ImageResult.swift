/// The answer for one image: the image, or why there is none, in words the
/// build can print after the URL (`error: URL: reason`).
public enum ImageResult: Sendable, Equatable {
    case image(CachedImage)
    case failed(reason: String)

    /// The image, or nil when it failed.
    public var image: CachedImage? {
        if case .image(let image) = self { return image }
        return nil
    }
}
