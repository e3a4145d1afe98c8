import Foundation

/// The memory tier of the image cache: values with a cost in bytes, bounded by
/// a total, least recently used out first. Images are fetched on several
/// threads at once, so every operation takes a lock; the bound holds at every
/// moment (room is made before a value goes in), never just on average.
///
/// Recency is a counter, not the clock. Each use appends `(tick, key)` to a
/// queue and older queue slots of that key go stale; eviction pops from the
/// front, skipping stale slots, and the queue is compacted when stale slots
/// outnumber live ones, so every operation is amortised O(1).
final class MemoryLRU<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        var value: Value
        var cost: Int
        var tick: UInt64
    }

    /// The most bytes held at once.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var queue: [(tick: UInt64, key: Key)] = []
    private var head = 0
    private var clock: UInt64 = 0
    private var total = 0
    private var highWater = 0

    /// A tier holding at most `capacity` bytes (a negative bound counts as 0: nothing is kept).
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The value for `key`, which becomes the most recently used; nil when it is not held.
    func value(for key: Key) -> Value? {
        lock.withLock {
            guard var entry = entries[key] else { return nil }
            entry.tick = nextTick()
            entries[key] = entry
            enqueue(key, tick: entry.tick)
            return entry.value
        }
    }

    /// Keeps `value` (replacing what `key` held) as the most recently used,
    /// first evicting the least recently used values until it fits. A value
    /// costing more than the whole bound is not kept (and `key`'s old value is
    /// dropped: it is outdated). Returns the keys evicted to make room, oldest first.
    @discardableResult
    func insert(_ value: Value, cost: Int, for key: Key) -> [Key] {
        lock.withLock {
            let cost = max(0, cost)
            if let old = entries.removeValue(forKey: key) { total -= old.cost }
            guard cost <= capacity else { return [] }
            var evicted: [Key] = []
            while total + cost > capacity, let oldest = popOldest() {
                evicted.append(oldest)
            }
            let tick = nextTick()
            entries[key] = Entry(value: value, cost: cost, tick: tick)
            enqueue(key, tick: tick)
            total += cost
            highWater = max(highWater, total)
            return evicted
        }
    }

    /// Forgets `key`.
    func removeValue(for key: Key) {
        lock.withLock {
            if let old = entries.removeValue(forKey: key) { total -= old.cost }
        }
    }

    /// The bytes held now; never more than `capacity`.
    var totalBytes: Int { lock.withLock { total } }

    /// The most bytes ever held at once.
    var highWaterBytes: Int { lock.withLock { highWater } }

    var count: Int { lock.withLock { entries.count } }

    /// The keys held, least recently used first (the order they would be evicted in).
    var keysByRecency: [Key] {
        lock.withLock { entries.sorted { $0.value.tick < $1.value.tick }.map(\.key) }
    }

    // MARK: - Under the lock

    private func nextTick() -> UInt64 {
        clock += 1
        return clock
    }

    private func enqueue(_ key: Key, tick: UInt64) {
        queue.append((tick, key))
        let live = entries.count
        if queue.count - head > 2 * live + 32 { compact() }
    }

    /// Removes and returns the least recently used key; nil when nothing is held.
    private func popOldest() -> Key? {
        while head < queue.count {
            let slot = queue[head]
            head += 1
            if let entry = entries[slot.key], entry.tick == slot.tick {
                entries[slot.key] = nil
                total -= entry.cost
                return slot.key
            }
        }
        return nil
    }

    /// Rebuilds the queue from the live entries, in recency order.
    private func compact() {
        queue = entries.map { (tick: $0.value.tick, key: $0.key) }.sorted { $0.tick < $1.tick }
        head = 0
    }
}
