/// How the sorted words are cut into shard files: by prefix, so that the cut points depend on
/// which words there are, not on how many bytes came before. Words sharing a prefix stay in one
/// shard while its postings fit in `limit` bytes; a larger prefix is split by its next letter,
/// and the small neighbours of one split are packed together. A new article then changes the
/// shards of its words only, unless one crosses the limit. Each shard is named by the word
/// prefix it starts at; a word is in the last shard starting at or before it (UTF-16 order,
/// which is JavaScript's `<`), and the words with a prefix are in the shards from that one on
/// whose start begins with the prefix.
enum SearchShards {
    /// A shard: the position of its first word in the sorted list, and the prefix it starts at.
    struct Shard: Equatable {
        var first: Int
        var start: String
    }

    /// The shards of `terms` (sorted, distinct) whose entries weigh `sizes` bytes.
    static func partition(_ terms: [String], sizes: [Int], limit: Int) -> [Shard] {
        guard !terms.isEmpty else { return [] }
        let scalars = terms.map { Array($0.unicodeScalars) }
        var sums = [0]
        sums.reserveCapacity(sizes.count + 1)
        for size in sizes { sums.append(sums[sums.count - 1] + size) }
        var shards = split(scalars, sums, lower: 0, upper: terms.count, depth: 0, limit: limit)
        shards[0].start = ""  // the first shard takes every word before the second
        return shards
    }

    /// The shards of `terms[lower..<upper]`, which share their first `depth` scalars.
    private static func split(_ terms: [[Unicode.Scalar]], _ sums: [Int], lower: Int, upper: Int,
                              depth: Int, limit: Int) -> [Shard] {
        func prefix(_ index: Int, _ count: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: terms[index].prefix(count))
            return String(view)
        }
        if sums[upper] - sums[lower] <= limit || upper - lower == 1 {
            return [Shard(first: lower, start: prefix(lower, depth))]
        }
        var shards: [Shard] = []
        var open: (shard: Shard, size: Int)?
        var index = lower
        while index < upper {
            // A unit: the word that is the prefix itself, or the words sharing one more scalar.
            var end = index + 1
            if terms[index].count > depth {
                let next = terms[index][depth]
                while end < upper && terms[end].count > depth && terms[end][depth] == next { end += 1 }
            }
            let size = sums[end] - sums[index]
            if size > limit && end - index > 1 {
                if let done = open { shards.append(done.shard); open = nil }
                shards += split(terms, sums, lower: index, upper: end, depth: depth + 1, limit: limit)
            } else if let current = open, current.size + size <= limit {
                open = (current.shard, current.size + size)
            } else {
                if let done = open { shards.append(done.shard) }
                open = (Shard(first: index, start: prefix(index, min(depth + 1, terms[index].count))), size)
            }
            index = end
        }
        if let done = open { shards.append(done.shard) }
        return shards
    }

    /// A shard's file name, `t/<name>.json`: its start with ASCII letters and digits kept and
    /// every other UTF-8 byte as `-` and two hex digits (a word never holds `-`); the first is `_`.
    static func fileName(start: String) -> String {
        guard !start.isEmpty else { return "_" }
        var name = ""
        for byte in start.utf8 {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16)
                name += "-" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return name
    }

    /// The stem of a split word's block files, `p/<stem>.<k>.json`: its `fileName`, or for a word whose
    /// name would be long (40 letters outside ASCII take 360 bytes) the name's first 64 bytes, `_` and
    /// the word's FNV-1a hash, which no name holds otherwise.
    static func blockStem(word: String) -> String {
        let name = fileName(start: word)
        guard name.utf8.count > 100 else { return name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(name.prefix(64)) + "_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
