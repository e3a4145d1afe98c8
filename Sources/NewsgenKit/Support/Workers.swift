import Dispatch
import Foundation

/// Work spread over threads, results in index order. `map`: work that waits on the
/// network, on plain threads. Not `DispatchQueue.global()`: its pool starts with one
/// thread per core and adds about one a second while they block, so eight requests on
/// a 2-core machine would not run at once (BENCHMARKS.md, issue 5). `parallelMap`:
/// work that keeps a core busy, one thread per core.
enum Workers {
    /// Computes `work(i)` for every `i` in `0..<count` on at most `concurrency`
    /// threads and returns the results in index order.
    static func map<Result: Sendable>(_ count: Int, concurrency: Int, _ work: @escaping @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count: count)
        run(threads: min(max(1, concurrency), count)) {
            while let index = slots.claim() { slots.set(index, work(index)) }
        }
        return slots.values
    }

    /// Runs `body` on `threads` plain threads at once and returns when every one has
    /// returned: for workers that take their work from a queue of their own (`PoliteFetcher`).
    static func run(threads: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<max(0, threads) {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        group.wait()
    }

    /// Computes `work(i)` for every `i` in `0..<count` on every core and returns the
    /// results in index order, so the output is the same however the cores took the work.
    /// For CPU-bound work only (parsing, sanitizing, rendering): `concurrentPerform` runs
    /// one thread per core, which is right for work that never waits. `parallel: false`
    /// runs it on the calling thread, one index after another (tests compare the two).
    static func parallelMap<Result: Sendable>(_ count: Int, parallel: Bool = true,
                                              _ work: @Sendable (Int) -> Result) -> [Result] {
        guard parallel, count > 1 else { return (0..<max(0, count)).map { work($0) } }
        let slots = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in slots.set(index, work(index)) }
        return slots.values
    }
}

/// Results filled in by concurrent workers, each into its own slot, and the next index to take.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value?]
    private var next = 0

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < stored.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func set(_ index: Int, _ value: Value) { lock.withLock { stored[index] = value } }

    /// Every slot, once all workers are done (each index was claimed and set exactly once).
    var values: [Value] { lock.withLock { stored.compactMap { $0 } } }
}
