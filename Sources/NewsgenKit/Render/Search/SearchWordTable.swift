#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distinct words by their folded UTF-8 bytes, each numbered in the order first seen: counting the
/// words of 10,000 articles through a `Dictionary<String, …>` spent a tenth of the index's time
/// hashing Strings (and making one per occurrence). Here a word is hashed once over its bytes
/// (FNV-1a), kept once in one byte buffer, and becomes a String only when asked for.
struct SearchWordTable {
    /// Every distinct word's bytes, one after another; word `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt64] = []
    /// Open addressing, linear probing: a word's number plus one, 0 for an empty slot.
    private var slots: [Int32]

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        bytes.reserveCapacity(capacity * 8)
    }

    /// Distinct words so far.
    var count: Int { hashes.count }

    /// The number of `word`, given it a new one (`count - 1` afterwards) when it is new.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash && equals(number, word) { return number }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        hashes.append(hash)
        bytes.append(contentsOf: word)
        starts.append(bytes.count)
        slots[slot] = Int32(number + 1)
        if hashes.count * 2 > slots.count { grow() }
        return number
    }

    /// The number of `word` (a String's UTF-8 bytes).
    mutating func number(of word: String) -> Int {
        var word = word
        return word.withUTF8 { number(of: $0) }
    }

    /// Word `number` as a String.
    func word(_ number: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]]), as: UTF8.self) }
    }

    private func equals(_ number: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[number]
        guard starts[number + 1] - start == word.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            word.isEmpty || memcmp(stored.baseAddress! + start, word.baseAddress!, word.count) == 0
        }
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
