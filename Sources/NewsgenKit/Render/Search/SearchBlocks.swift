/// A common word's postings cut into blocks, the best-scoring first (ADR 036): the first block
/// sits in the word's shard, block `k ≥ 1` in `search/p/<stem>.<k>.json`. Whole, the postings of
/// a word in most articles grew with the archive (≈ 700 KB at 100,000 articles); the first page
/// of results needs the top of the list only. Block `k` holds `first · 2^k` postings, so a query
/// that needs every posting (a filter that few of them pass) fetches a handful of files, not
/// hundreds. Inside a block the postings are in doc order, as differences: the order between
/// blocks is the ranking's, the order inside one is the cheapest to write.
enum SearchBlocks {
    /// Postings in a split word's first block. A word with at most twice as many is written whole:
    /// below that one file more costs a query more than it saves.
    static let firstBlock = 250

    /// A block's frontier: the (count, length code) pairs of its postings that no other of them beats on
    /// both (a higher count and a shorter doc). BM25 grows with the count and falls with the length
    /// whatever the average length, so no posting of the block scores above the best of these: search.js
    /// bounds what a block it has not fetched can add, and stops fetching when none can change the page.
    static func frontier(_ block: [SearchPosting]) -> [(count: Int, lengthCode: Int)] {
        let impacts = Set(block.map(\.impact)).sorted { a, b in
            // Count descending, then length code ascending.
            (a >> 8, b & 0xFF) > (b >> 8, a & 0xFF)
        }
        var frontier: [(count: Int, lengthCode: Int)] = []
        var shortest = Int.max
        for impact in impacts where impact & 0xFF < shortest {
            shortest = impact & 0xFF
            frontier.append((impact >> 8, impact & 0xFF))
        }
        return frontier
    }
}

/// Cuts postings into `SearchBlocks` by rank: a counting sort over the 65,536 (count, length code) pairs,
/// whose order `SearchImpactOrder` fixes once a build, newer docs first among equal pairs. Linear in a
/// word's postings; sorting every common word's list took longer than the rest of the index.
struct SearchBlockSplitter {
    private let rank: [Int32]
    /// Per rank, postings counted, then the next position; kept zero between words.
    private var slots: [Int32]
    let firstBlock: Int

    init(_ order: SearchImpactOrder, firstBlock: Int = SearchBlocks.firstBlock) {
        rank = order.rank
        slots = Array(repeating: 0, count: 1 << 16)
        self.firstBlock = firstBlock
    }

    /// `postings` (doc order) in blocks, each in doc order; the first holds the `firstBlock` best.
    mutating func split(_ postings: [SearchPosting]) -> [[SearchPosting]] {
        var present: [Int] = []
        for posting in postings {
            let rank = Int(rank[posting.impact])
            if slots[rank] == 0 { present.append(rank) }
            slots[rank] += 1
        }
        present.sort()
        var position: Int32 = 0
        for rank in present {
            let count = slots[rank]
            slots[rank] = position
            position += count
        }
        // Newest first among equals: positions handed out from the last doc back.
        var blockOf = [UInt8](repeating: 0, count: postings.count)
        var blocks = 0
        for index in postings.indices.reversed() {
            let rank = Int(rank[postings[index].impact])
            let place = Int(slots[rank])
            slots[rank] += 1
            let quotient = place / firstBlock + 1
            let block = Int.bitWidth - quotient.leadingZeroBitCount - 1
            blockOf[index] = UInt8(block)
            blocks = max(blocks, block + 1)
        }
        for rank in present { slots[rank] = 0 }
        var result = [[SearchPosting]](repeating: [], count: blocks)
        for (index, posting) in postings.enumerated() { result[Int(blockOf[index])].append(posting) }
        return result
    }
}

/// The order of (count, length code) pairs the blocks are cut in: BM25's part for one word (k1 1.2,
/// b 0.75, as search.js ranks) with the average length taken as the power of two nearest the
/// archive's. A reference that moves only when the average doubles keeps a word's blocks a function
/// of its own postings from one build to the next; search.js ranks with the true average, and the
/// frontiers keep its results right whatever order the blocks were cut in.
struct SearchImpactOrder {
    /// Each pair's place (`count << 8 | lengthCode`), 0 the best; equal scores by the pair, highest first.
    let rank: [Int32]

    init(averageLength: Int) {
        let reference = Self.reference(averageLength)
        let keys = (0..<(1 << 16)).map { impact in Self.score(count: impact >> 8, lengthCode: impact & 0xFF, average: reference) }
        let order = (0..<(1 << 16)).sorted { (keys[$0], $0) > (keys[$1], $1) }
        var rank = [Int32](repeating: 0, count: 1 << 16)
        for (place, impact) in order.enumerated() { rank[impact] = Int32(place) }
        self.rank = rank
    }

    /// The power of two nearest `averageLength` on a log scale.
    static func reference(_ averageLength: Int) -> Double {
        let average = min(max(1, averageLength), 1 << 30)
        let floor = Int.bitWidth - average.leadingZeroBitCount - 1
        // 2^(floor + ½) < average ⇔ average² > 2^(2·floor + 1)
        let power = average * average > 1 << (2 * floor + 1) ? floor + 1 : floor
        return Double(sign: .plus, exponent: power, significand: 1)
    }

    /// BM25's part for one word of a doc, without the idf: written with IEEE operations only (no `pow`),
    /// so that every platform orders the pairs alike.
    static func score(count: Int, lengthCode: Int, average: Double) -> Double {
        guard count > 0 else { return 0 }
        let length = Double(sign: .plus, exponent: lengthCode >> 3, significand: eighthRoots[lengthCode & 7]) - 1
        let tf = Double(count)
        return tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
    }

    /// 2^(n/8) for n 0…7, as the length code's decoding in search.js (`2^(code/8) − 1`).
    private static let eighthRoots: [Double] = [
        1, 1.0905077326652577, 1.189207115002721, 1.2968395546510096, 1.4142135623730951, 1.5422108254079407,
        1.681792830507429, 1.8340080864093424,
    ]
}
