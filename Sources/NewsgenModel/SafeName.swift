/// The one normalization for every file and folder name made from outside
/// data (feed items, archive files, front matter): article slugs, tag slugs,
/// source ids, media names. Each result is a single path component that can
/// never leave its folder: ASCII only, no `/`, `\` or NUL, never `.` or `..`,
/// never empty, bounded in length. `Route` builds every output path from these.
public enum SafeName {
    /// The longest file name `fileName(_:)` returns; well under the 255 bytes file systems allow.
    public static let maxFileNameLength = 128

    /// Extensions a media file (`/media/<hash>.<ext>`) may carry: images, audio
    /// and video a browser shows inline. Never `svg` or `html`: a document
    /// served from the site's own origin could run script there.
    public static let mediaExtensions: Set<String> = [
        "jpg", "png", "gif", "webp", "avif", "ico", "mp3", "m4a", "ogg", "oga", "opus", "mp4", "m4v", "ogv", "webm",
    ]

    /// Spellings folded into one extension, so one file type has one name.
    private static let extensionAliases: [String: String] = ["jpeg": "jpg", "jpe": "jpg"]

    /// Media types with the extension their files get.
    private static let mediaTypes: [String: String] = [
        "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif", "image/x-icon": "ico", "image/vnd.microsoft.icon": "ico",
        "audio/mpeg": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/ogg": "ogg", "audio/opus": "opus",
        "video/mp4": "mp4", "video/x-m4v": "m4v", "video/ogg": "ogv", "video/webm": "webm", "audio/webm": "webm",
    ]

    /// An article's slug, made from its title (`Slug.make`).
    public static func slug(from title: String) -> String {
        Slug.make(from: title)
    }

    /// A tag's slug for `/tags/<slug>/`: the tag's own slug by `Slug`'s rules,
    /// or, when nothing of it is sluggable (a tag in a non-Latin script),
    /// `tag-` and 12 hex digits of its SHA-256, so such tags stay apart.
    public static func tagSlug(_ tag: String) -> String {
        let slug = Slug.folded(tag)
        return slug.isEmpty ? "tag-" + String(SHA256.hex(Array(tag.utf8)).prefix(12)) : slug
    }

    /// `id` when it is a valid source id (what site.json accepts, which is also
    /// the archive's file name `<id>.json`); nil otherwise.
    public static func sourceID(_ id: String) -> String? {
        Slug.isValid(id) ? id : nil
    }

    /// `<64 hex digits of SHA-256 of the content>.<ext>`: a media file's name
    /// never comes from the feed, only from the bytes. Nil when `fileExtension`
    /// is not one of `mediaExtensions` (after folding `jpeg` into `jpg`).
    public static func mediaName<Bytes: Collection>(content: Bytes, fileExtension: String) -> String?
    where Bytes.Element == UInt8 {
        mediaName(sha256Hex: SHA256.hex(content), fileExtension: fileExtension)
    }

    /// `<sha256Hex>.<ext>` when `sha256Hex` is 64 lowercase hex digits and the
    /// extension is allowed; nil otherwise.
    public static func mediaName(sha256Hex: String, fileExtension: String) -> String? {
        guard sha256Hex.utf8.count == 64,
              sha256Hex.unicodeScalars.allSatisfy({ ($0 >= "0" && $0 <= "9") || ($0 >= "a" && $0 <= "f") }),
              let ext = mediaExtension(fileExtension) else { return nil }
        return sha256Hex + "." + ext
    }

    /// `text` as an allowed media extension (lowercased, aliases folded), or nil.
    public static func mediaExtension(_ text: String) -> String? {
        guard text.utf8.count <= 8, text.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        let lowered = text.lowercased()
        let ext = extensionAliases[lowered] ?? lowered
        return mediaExtensions.contains(ext) ? ext : nil
    }

    /// The allowed extension an enclosure or image URL ends with
    /// (`https://x.org/a/photo.JPEG?w=2` → `jpg`); nil when its last path
    /// segment has none, or one that is not allowed.
    public static func mediaExtension(ofURL url: String) -> String? {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let lastSegment = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = lastSegment.lastIndex(of: "."), dot != lastSegment.startIndex else { return nil }
        return mediaExtension(String(lastSegment[lastSegment.index(after: dot)...]))
    }

    /// The extension for a media type such as `image/jpeg` (parameters ignored); nil for any other type.
    public static func mediaExtension(forMediaType type: String) -> String? {
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return mediaTypes[essence.trimmingSpaces.lowercased()]
    }

    /// True when `name` is safe as one file name as it is: 1 to
    /// `maxFileNameLength` characters of `A–Z a–z 0–9 - _ .`, not starting with a dot
    /// (so never `.`, `..` or a hidden file).
    public static func isFileName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= maxFileNameLength else { return false }
        return name.unicodeScalars.allSatisfy(isFileNameScalar)
    }

    /// `name` as a safe file name: itself when `isFileName`, else every other
    /// character replaced by `-`, leading dots removed, cut to
    /// `maxFileNameLength`, and `file` when nothing is left. Total: no input
    /// can make it fail or produce a path separator, `..` or NUL.
    public static func fileName(_ name: String) -> String {
        if isFileName(name) { return name }
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            guard result.count < maxFileNameLength else { break }
            if scalar == "." && result.isEmpty { continue }
            result.append(isFileNameScalar(scalar) ? scalar : "-")
        }
        return result.isEmpty ? "file" : String(result)
    }

    /// `slug` when it is a valid slug, else the slug made from it: a total
    /// normalization for slugs and ids that arrive from an archive file or any
    /// other data newsgen did not validate itself.
    public static func slugComponent(_ slug: String) -> String {
        Slug.isValid(slug) ? slug : Slug.make(from: slug)
    }

    private static func isFileNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            || scalar == "-" || scalar == "_" || scalar == "."
    }
}

private extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
