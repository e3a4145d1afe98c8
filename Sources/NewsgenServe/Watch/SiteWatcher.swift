#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Wakes `wake` when a watched folder may have changed: through inotify where there is one,
/// else by polling. Events are only wake-ups (debounced: `wake` runs once the folders have been
/// quiet for `debounce` seconds); whether anything changed is the scan's to say (`Rebuilder`).
/// `wake` returns the folders to watch from then on, so new folders are watched as they appear.
final class SiteWatcher: @unchecked Sendable {
    enum Mode: Equatable, Sendable { case inotify, polling }

    let mode: Mode
    private let debounce: Double
    private let pollInterval: Double
    private let wake: @Sendable () -> [String]
    private let stopped = NSLock()
    private var isStopped = false
    private var isStarted = false
    private let ended = DispatchSemaphore(value: 0)
    private var descriptor: Int32 = -1
    /// Set when inotify refused a folder (its limit, `max_user_watches`); only the watching thread reads it after start.
    private var isPartial = false

    /// `prefer` is `.polling` to force the fallback (tests, and file systems without inotify).
    init(prefer: Mode = .inotify, debounce: Double = 0.15, pollInterval: Double = 0.5, wake: @escaping @Sendable () -> [String]) {
        self.debounce = debounce
        self.pollInterval = pollInterval
        self.wake = wake
        #if os(Linux)
        descriptor = prefer == .inotify ? inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC)) : -1
        #endif
        mode = descriptor >= 0 ? .inotify : .polling
    }

    /// Watches `folders` (and those each wake-up names) on a thread of its own until `stop()`.
    func start(watching folders: [String]) {
        stopped.lock()
        isStarted = true
        stopped.unlock()
        watch(folders)
        let thread = Thread { [self] in
            defer { ended.signal() }
            if mode == .inotify { listen() } else { poll() }
        }
        thread.name = "newsgen-serve-watch"
        thread.start()
    }

    /// Ends the watching thread and waits for it (a wake-up under way, a build, is waited for by the caller).
    func stop() {
        stopped.lock()
        let first = !isStopped
        let wasStarted = isStarted
        isStopped = true
        stopped.unlock()
        guard first else { return }
        if wasStarted { ended.wait() }
        if descriptor >= 0 { close(descriptor) }
    }

    private var shouldStop: Bool {
        stopped.lock()
        defer { stopped.unlock() }
        return isStopped
    }

    private func poll() {
        while !shouldStop {
            usleep(useconds_t(pollInterval * 1_000_000))
            if !shouldStop { watch(wake()) }
        }
    }

    private func listen() {
        while !shouldStop {
            guard readable(milliseconds: 250) else {
                // Past the kernel's watch limit some folders are unwatched: scan them as polling would.
                if isPartial, !shouldStop { watch(wake()) }
                continue
            }
            drain()
            // Debounce: an editor's save is several events, a checkout many; wait for quiet (at most 2 s).
            let until = Date().addingTimeInterval(2)
            while Date() < until, readable(milliseconds: Int32(debounce * 1000)) { drain() }
            if !shouldStop { watch(wake()) }
        }
    }

    private func watch(_ folders: [String]) {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                           | IN_DELETE_SELF | IN_MOVE_SELF)
        // Adding a folder already watched only refreshes its mask; a folder gone since is skipped.
        for folder in folders {
            if inotify_add_watch(descriptor, folder, mask) < 0, errno == ENOSPC { isPartial = true }
        }
        #endif
    }

    private func readable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&entry, 1, milliseconds) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
