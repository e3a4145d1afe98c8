import Foundation

/// An image ready for the site: its bytes, what they are (by magic number),
/// and the name its copy gets under `/media/` (`<sha256>.<ext>`, from the bytes
/// alone, so the same image from two URLs is one file).
public struct CachedImage: Sendable, Equatable {
    public var data: Data
    public var kind: ImageKind
    /// SHA-256 of `data`, 64 lowercase hex digits.
    public var sha256: String
    /// `<sha256>.<ext>` (`SafeName.mediaName`).
    public var mediaName: String
    /// Where the bytes came from this time.
    public var origin: ImageOrigin

    public init(data: Data, kind: ImageKind, sha256: String, mediaName: String, origin: ImageOrigin) {
        self.data = data
        self.kind = kind
        self.sha256 = sha256
        self.mediaName = mediaName
        self.origin = origin
    }
}
