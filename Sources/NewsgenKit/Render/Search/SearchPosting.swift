/// One posting packed in a word: the doc number above 16 bits, the weighted count (≤ 255) and the
/// length code (≤ 255) below. The index holds one a word's occurrence in a doc, tens of millions at
/// 100,000 articles: three `Int`s in an array each took three times the memory and a third of the
/// index's time in appends (ADR 036).
struct SearchPosting: Hashable, Comparable {
    let packed: UInt64

    init(doc: Int, count: Int, lengthCode: Int) {
        packed = UInt64(doc) << 16 | UInt64(min(max(count, 0), 255)) << 8 | UInt64(min(max(lengthCode, 0), 255))
    }

    var doc: Int { Int(packed >> 16) }
    var count: Int { Int(packed >> 8 & 0xFF) }
    var lengthCode: Int { Int(packed & 0xFF) }
    /// The count and the length code together: all a posting's score depends on beside the word's.
    var impact: Int { Int(packed & 0xFFFF) }

    /// Doc order.
    static func < (a: Self, b: Self) -> Bool { a.packed < b.packed }
}
