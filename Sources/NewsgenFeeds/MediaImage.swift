import Foundation
import NewsgenModel
import NewsgenHTML

/// Picks an item's picture from Media RSS, in the order that best matches what
/// publishers mean: an explicit thumbnail first, then an image `media:content`
/// (`FeedFields` falls back to `itunes:image`, then the first image enclosure).
enum MediaImage {
    /// The item's Media RSS picture (a thumbnail, else an image `media:content`).
    static func imageURL(in item: DOMElement, base: String?) -> String? {
        let groups = item.all("group", .media)
        let contents = item.all("content", .media) + groups.flatMap { $0.all("content", .media) }
        let thumbnails = item.all("thumbnail", .media) + groups.flatMap { $0.all("thumbnail", .media) }
            + contents.flatMap { $0.all("thumbnail", .media) }
        for thumbnail in thumbnails {
            if let url = URLResolver.resolve(thumbnail.attribute("url") ?? thumbnail.text, against: base) { return url }
        }
        for content in contents where isImage(medium: content.attribute("medium"), type: content.attribute("type")) {
            if let url = URLResolver.resolve(content.attribute("url"), against: base) { return url }
        }
        return nil
    }

    static func isImage(medium: String?, type: String?) -> Bool {
        if medium?.trimmingWhitespace().lowercased() == "image" { return true }
        return type?.trimmingWhitespace().lowercased().hasPrefix("image/") ?? false
    }

    /// An enclosure's byte length: a positive integer, else unknown.
    static func length(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingWhitespace()), value > 0 else { return nil }
        return value
    }
}
