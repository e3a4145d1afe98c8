import Foundation
import NewsgenFeeds

/// One feed document, as a url or path source hands it to the Parse stage: `FeedParser.parse`
/// picks RSS, RDF, Atom or JSON Feed and reads it. A first line `Content-Type: …` is taken as the
/// HTTP header the document was served with (its charset takes part in choosing the encoding).
/// A refusal is an answer; only a crash, a hang or a memory blow-up is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedParser(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var data = FuzzInput.data(bytes, count)
    var contentType: String?
    let header = Data("Content-Type: ".utf8)
    if data.starts(with: header), let end = data.firstIndex(of: 0x0A) {
        contentType = String(decoding: data[header.count..<end], as: UTF8.self)
        data = data[(end + 1)...]
    }
    _ = try? FeedParser.parse(Data(data), baseURL: "https://feeds.example/news/feed.xml", contentType: contentType)
    return 0
}
