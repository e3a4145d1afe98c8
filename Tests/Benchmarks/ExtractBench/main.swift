// newsgen-extract-bench: times the full-text extractor on saved pages (issue 17's
// pages-per-second figure), in-process, on one thread.
//
//   newsgen-extract-bench CORPUS [--repeat N] [--output DIR]
//
// CORPUS holds one folder per page with its `source.html` (the Readability test pages'
// layout), or else `<page>.html` files (trafilatura-eval's pages, unpacked); every page is
// "fetched" from http://fakehost/test/page.html. One untimed pass
// comes first, then N timed passes (default 3). Prints one JSON object: pages, total ms,
// ms/page median and mean (of each page's best pass), pages/s, and the floor under it all:
// libxml2's parse alone (htmlReadMemory and xmlFreeDoc) in ms/page. `--output DIR` also
// writes each page's result as DIR/<page>.json (found, reason, metadata, html), for scorers.
import CLibXML2
import Foundation
import NewsgenExtract

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("newsgen-extract-bench: \(message)\nusage: newsgen-extract-bench CORPUS [--repeat N] [--output DIR]\n".utf8))
    exit(2)
}

var corpus: String?
var repeats = 3
var output: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--repeat":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { usage("--repeat needs a positive number") }
        repeats = value
    case "--output":
        guard let value = arguments.popFirst() else { usage("--output needs a folder") }
        output = value
    case "-h", "--help": usage("times the extractor on saved pages")
    default:
        guard !argument.hasPrefix("--"), corpus == nil else { usage("unexpected argument \(argument)") }
        corpus = argument
    }
}
guard let corpus else { usage("no corpus folder given") }
let entries = ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).sorted()
/// Readability's layout (`<page>/source.html`) or, when there is none, a flat folder of `<page>.html` files
/// (trafilatura-eval's pages, unpacked by extract_bench.py).
var files = entries.filter { FileManager.default.fileExists(atPath: corpus + "/" + $0 + "/source.html") }
    .map { (name: $0, path: corpus + "/" + $0 + "/source.html") }
if files.isEmpty {
    files = entries.filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }
        .map { (name: String($0[..<($0.lastIndex(of: ".") ?? $0.endIndex)]), path: corpus + "/" + $0) }
}
guard !files.isEmpty else { usage("\(corpus): no <page>/source.html nor *.html in it") }
let pages = files.map { (name: $0.name, data: FileManager.default.contents(atPath: $0.path) ?? Data()) }
let pageURL = URL(string: "http://fakehost/test/page.html")!

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

// Untimed pass (and the results, when asked for).
for page in pages {
    let result = ArticleExtractor.extract(html: page.data, pageURL: pageURL)
    guard let output else { continue }
    var object: [String: Any] = [:]
    let metadata = result.metadata
    switch result {
    case .article(let article):
        object["found"] = true
        object["html"] = article.html
    case .notFound(let reason, _):
        object["found"] = false
        object["reason"] = reason.description
    }
    for (key, value) in [("title", metadata.title), ("byline", metadata.byline), ("excerpt", metadata.excerpt),
                         ("publishedTime", metadata.publishedTime), ("siteName", metadata.siteName),
                         ("leadImage", metadata.leadImage), ("language", metadata.language)] {
        object[key] = value ?? NSNull()
    }
    object["readerable"] = metadata.readerable
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    _ = FileManager.default.createFile(atPath: output + "/" + page.name + ".json", contents: data)
}

var best = [Double](repeating: .infinity, count: pages.count)
var parseBest = [Double](repeating: .infinity, count: pages.count)
let options = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
    | HTML_PARSE_RECOVER.rawValue)
var total = 0.0
for _ in 0..<repeats {
    for (index, page) in pages.enumerated() {
        let start = now()
        _ = ArticleExtractor.extract(html: page.data, pageURL: pageURL)
        let elapsed = Double(now() - start) / 1e6
        total += elapsed
        best[index] = min(best[index], elapsed)
        let parseStart = now()
        page.data.withUnsafeBytes { raw in
            let chars = raw.bindMemory(to: CChar.self)
            if let document = htmlReadMemory(chars.baseAddress, Int32(chars.count), "http://fakehost/test/page.html", "UTF-8", options) {
                xmlFreeDoc(document)
            }
        }
        parseBest[index] = min(parseBest[index], Double(now() - parseStart) / 1e6)
    }
}
let sorted = best.sorted()
let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
let mean = best.reduce(0, +) / Double(best.count)
let parseMean = parseBest.reduce(0, +) / Double(parseBest.count)
let object: [String: Any] = [
    "pages": pages.count, "repeat": repeats, "totalMs": total / Double(repeats), "msPerPageMedian": median,
    "msPerPageMean": mean, "pagesPerSecond": 1000 / mean, "parseFloorMsPerPage": parseMean,
]
let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
print(String(decoding: data, as: UTF8.self))
