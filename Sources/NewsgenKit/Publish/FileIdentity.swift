/// Which file a path names (device and inode) and how big it is, from one
/// `lstat`: enough to tell a hard link of the same file, and to skip reading
/// files whose sizes already differ.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int

    /// The size of a file known only from its folder's listing (`PublishDisk.tree`).
    static let unknownSize = -1

    /// True when both name the same file on disk (a hard link of it).
    func isSameFile(as other: FileIdentity) -> Bool { device == other.device && inode == other.inode }
}
