import Foundation
import NewsgenModel

/// The full-text index `assets/search.js` reads, in files a query fetches a few of (ADR 030):
///
/// - `search/index.json`, the manifest: `{version, count, averageLength, chunkSize,
///   shards: [[start, name, bytes]], sources: [[title, file, count]], tags: [[name, file, count]]}`;
/// - `search/t/<name>.json`, a shard (`SearchShards`): `{word: [doc, count, lengthCode, …]}`,
///   the doc numbers after the first as differences from the one before; a word in more than
///   2 · `SearchBlocks.firstBlock` docs as `{word: {"n": docs, "f": stem, "b": [[count, lengthCode, …]],
///   "p": [doc, count, lengthCode, …]}}`: its best postings (`p`), and the frontier (`b`) of each
///   further block, `search/p/<stem>.<k>.json` (k from 1), written as `p` is (ADR 036);
/// - `search/m/<n>.json`, docs `n·chunkSize …` as `[title, link, source, date, [tags], snippet, thumbnail?, thumbnail2x?]`;
/// - `search/s/<source>.json` and `search/g/<tag>.json`: the doc numbers of a source, of a tag
///   (differences again), fetched only when the filter is chosen.
///
/// Docs are numbered oldest first, so the next hour's articles take new numbers at the end and
/// the postings of older articles keep their bytes. Everything is written in a sorted order by
/// `JSONWriter`, so the same articles give the same bytes.
struct SearchIndex {
    /// The manifest's path, next to the search page.
    static let outputPath = "search/index.json"
    static let version = 3
    /// Docs per metadata chunk: ten results from anywhere in the archive fetch ten small files.
    static let chunkSize = 16
    /// Bytes a shard holds before its prefix is split (one word's postings may be more).
    static let shardLimit = 24_000
    /// Tags offered as filters, the most used first: every tag would make the manifest grow with the archive.
    static let filterTags = 100

    let documents: [SearchDocument]
    /// The words in UTF-16 order.
    let terms: [String]
    /// Each word's postings, in `terms`' order, in doc order.
    let postings: [[SearchPosting]]
    let totalLength: Int

    /// `documents` numbered by position (oldest first).
    init(_ documents: [SearchDocument]) {
        self.documents = documents
        // Words numbered as first met (`SearchWordTable`), sorted once at the end.
        var table = SearchWordTable(capacity: 1 << 16)
        var words: [String] = []
        var lists: [[SearchPosting]] = []
        var total = 0
        for (number, document) in documents.enumerated() {
            let code = SearchDocument.lengthCode(document.terms.length)
            total += document.terms.length
            for (word, count) in zip(document.terms.words, document.terms.counts) {
                let term = table.number(of: word)
                if term == lists.count { words.append(word); lists.append([]) }
                lists[term].append(SearchPosting(doc: number, count: count, lengthCode: code))
            }
        }
        let order = words.indices.sorted { words[$0].utf16.lexicographicallyPrecedes(words[$1].utf16) }
        terms = order.map { words[$0] }
        postings = order.map { lists[$0] }
        totalLength = total
    }

    /// BM25's average document length, at least 1.
    var averageLength: Int { documents.isEmpty ? 1 : max(1, Int((Double(totalLength) / Double(documents.count)).rounded())) }

    /// Every file of the index, the manifest first; `tagNames` names each tag slug as the tag pages do.
    /// `firstBlock` is `SearchBlocks.firstBlock`'s (a word is split above twice as many postings).
    func files(shardLimit: Int = Self.shardLimit, firstBlock: Int = SearchBlocks.firstBlock,
               tagNames: [String: String] = [:]) -> [OutputFile] {
        var splitter = SearchBlockSplitter(SearchImpactOrder(averageLength: averageLength), firstBlock: firstBlock)
        var blockFiles: [OutputFile] = []
        let entries = zip(terms, postings).map { term, list in
            var bytes: [UInt8] = []
            JSONWriter.append(to: &bytes, escapes: Self.escapes) { writer in
                writer.key(term)
                guard list.count > 2 * firstBlock else {
                    writer.beginArray()
                    writePostings(list, into: &writer)
                    writer.endArray()
                    return
                }
                let blocks = splitter.split(list)
                let stem = SearchShards.blockStem(word: term)
                writer.beginObject()
                writer.key("n"); writer.integer(list.count)
                writer.key("f"); writer.string(stem)
                writer.key("b")
                writer.beginArray()
                for block in blocks.dropFirst() {
                    writer.beginArray()
                    writer.raw { bytes in
                        for (index, pair) in SearchBlocks.frontier(block).enumerated() {
                            if index > 0 { bytes.append(UInt8(ascii: ",")) }
                            Self.appendDigits(pair.count, to: &bytes)
                            bytes.append(UInt8(ascii: ","))
                            Self.appendDigits(pair.lengthCode, to: &bytes)
                        }
                    }
                    writer.endArray()
                }
                writer.endArray()
                writer.key("p")
                writer.beginArray()
                writePostings(blocks[0], into: &writer)
                writer.endArray()
                writer.endObject()
                for (index, block) in blocks.enumerated().dropFirst() {
                    var file = JSONWriter()
                    file.beginArray()
                    writePostings(block, into: &file)
                    file.endArray()
                    blockFiles.append(OutputFile(path: "search/p/\(stem).\(index).json", data: Data(file.bytes + [0x0A])))
                }
            }
            return bytes
        }
        let shards = SearchShards.partition(terms, sizes: entries.map { $0.count + 1 }, limit: shardLimit)
        var shardFiles: [OutputFile] = []
        for (index, shard) in shards.enumerated() {
            let end = index + 1 < shards.count ? shards[index + 1].first : terms.count
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for position in shard.first..<end {
                if position > shard.first { bytes.append(UInt8(ascii: ",")) }
                bytes += entries[position]
            }
            bytes += [UInt8(ascii: "}"), 0x0A]
            shardFiles.append(OutputFile(path: "search/t/\(SearchShards.fileName(start: shard.start)).json", data: Data(bytes)))
        }
        let filters = filterFiles(tagNames: tagNames)
        let manifest = self.manifest(shards: zip(shards, shardFiles).map { ($0.start, $1) }, sources: filters.sources, tags: filters.tags)
        return [manifest] + shardFiles + blockFiles + chunkFiles() + filters.sources.map(\.file) + filters.tags.map(\.file)
    }

    /// A filter the page offers: what it shows, its file, and how many docs it holds.
    struct Filter {
        var name: String
        var file: OutputFile
        var count: Int
    }

    private func manifest(shards: [(start: String, file: OutputFile)], sources: [Filter], tags: [Filter]) -> OutputFile {
        var writer = JSONWriter(escapes: Self.escapes)
        writer.object { writer in
            writer.key("version"); writer.integer(Self.version)
            writer.key("count"); writer.integer(documents.count)
            writer.key("averageLength"); writer.integer(averageLength)
            writer.key("chunkSize"); writer.integer(Self.chunkSize)
            writer.key("shards")
            writer.beginArray()
            for shard in shards {
                writer.beginArray()
                writer.string(shard.start)
                writer.string(String(shard.file.path.dropFirst("search/t/".count).dropLast(".json".count)))
                writer.integer(shard.file.data.count)
                writer.endArray()
            }
            writer.endArray()
            for (name, filters) in [("sources", sources), ("tags", tags)] {
                writer.key(name)
                writer.beginArray()
                for filter in filters {
                    writer.beginArray()
                    writer.string(filter.name)
                    writer.string(String(filter.file.path.dropFirst("search/".count)))
                    writer.integer(filter.count)
                    writer.endArray()
                }
                writer.endArray()
            }
        }
        return OutputFile(path: Self.outputPath, data: Data(writer.bytes + [0x0A]))
    }

    /// `search/m/<n>.json`: one array a doc, one doc a line.
    private func chunkFiles() -> [OutputFile] {
        stride(from: 0, to: documents.count, by: Self.chunkSize).map { start in
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for number in start..<min(start + Self.chunkSize, documents.count) {
                if number > start { bytes += [UInt8(ascii: ","), 0x0A] }
                let document = documents[number]
                JSONWriter.append(to: &bytes, escapes: Self.escapes) { row in
                    row.beginArray()
                    row.string(document.title)
                    row.string(document.link)
                    row.string(document.source)
                    row.string(document.date)
                    row.beginArray()
                    for tag in document.tags { row.string(tag.name) }
                    row.endArray()
                    row.string(document.snippet)
                    if let thumbnail = document.thumbnail {
                        row.string(thumbnail)
                        if let large = document.thumbnail2x { row.string(large) }
                    }
                    row.endArray()
                }
            }
            bytes += [UInt8(ascii: "]"), 0x0A]
            return OutputFile(path: "search/m/\(start / Self.chunkSize).json", data: Data(bytes))
        }
    }

    /// The source filters, by title, and the `filterTags` most used tags, by name.
    private func filterFiles(tagNames: [String: String]) -> (sources: [Filter], tags: [Filter]) {
        var bySource: [String: (title: String, numbers: [Int])] = [:]
        var byTag: [String: (name: String, numbers: [Int])] = [:]
        for (number, document) in documents.enumerated() {
            bySource[document.sourceID, default: (document.source, [])].numbers.append(number)
            for tag in document.tags { byTag[tag.slug, default: (tagNames[tag.slug] ?? tag.name, [])].numbers.append(number) }
        }
        func filter(_ name: String, _ path: String, _ numbers: [Int]) -> Filter {
            var writer = JSONWriter()
            writer.beginArray()
            writeDeltas(numbers, into: &writer)
            writer.endArray()
            return Filter(name: name, file: OutputFile(path: path, data: Data(writer.bytes + [0x0A])), count: numbers.count)
        }
        let byName = { (a: Filter, b: Filter) in (a.name.lowercased(), a.name, a.file.path) < (b.name.lowercased(), b.name, b.file.path) }
        let sources = bySource.map { filter($0.value.title, "search/s/\($0.key).json", $0.value.numbers) }.sorted(by: byName)
        let used = byTag.sorted { ($0.value.numbers.count, $1.key) > ($1.value.numbers.count, $0.key) }.prefix(Self.filterTags)
        let tags = used.map { filter($0.value.name, "search/g/\($0.key).json", $0.value.numbers) }.sorted(by: byName)
        return (sources, tags)
    }

    /// Doc numbers, each written as the difference from the one before.
    private func writeDeltas(_ values: [Int], into writer: inout JSONWriter) {
        var previous = 0
        // Digits written here rather than through `integer` (which makes a String each): the postings are
        // most of the index's bytes.
        // The caller's `beginArray` wrote the "[": the numbers are appended as one raw run inside it.
        writer.raw { bytes in
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendDigits(value - previous, to: &bytes)
                previous = value
            }
        }
    }

    /// Postings (doc order) as `doc, count, lengthCode, …`, each doc as the difference from the one before.
    private func writePostings(_ postings: [SearchPosting], into writer: inout JSONWriter) {
        var previous = 0
        writer.raw { bytes in
            for (index, posting) in postings.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.appendDigits(posting.doc - previous, to: &bytes)
                previous = posting.doc
                bytes.append(UInt8(ascii: ","))
                Self.appendDigits(posting.count, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                Self.appendDigits(posting.lengthCode, to: &bytes)
            }
        }
    }

    /// A non-negative integer's decimal digits.
    private static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else { bytes.append(UInt8(ascii: "0") + UInt8(max(0, value))); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Quote, backslash and control characters escaped, and `<`, `>`, `&`, U+2028 and U+2029
    /// as `\u` escapes, so the text is inert wherever it is pasted.
    static let escapes: JSONWriter.Escapes = [.htmlSignificant, .lineSeparators]
}
