import Foundation

/// The write end of the running `SignalWatch`'s pipe, for its signal handler (-1: none). A plain
/// global, set before the handler is installed, because a handler may only do async-signal-safe things.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Catches SIGINT and SIGTERM while a build has something worth keeping (the pages extracted
/// so far, ADR 057). The handler only writes the signal's number into a pipe (the self-pipe
/// trick: nothing else is safe in a handler); a thread of the watch's own reads it, runs
/// `handler`, then gives the signal its default action again and sends it once more, so the
/// process ends as the signal ends it (a shell sees "interrupted", a supervisor sees SIGTERM).
/// That thread unblocks both signals for itself, so they are caught even when newsgen was
/// started with them blocked (as a process spawned from a libdispatch thread is). `stop`
/// restores the default actions and ends the thread.
final class SignalWatch: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM]
    private let lock = NSLock()
    private var writeEnd: Int32 = -1

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        let readEnd = ends[0]
        writeEnd = ends[1]
        signalPipe = ends[1]
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            Self.unblockSignals()
            started.signal()
            var number: UInt8 = 0
            let count = read(readEnd, &number, 1)
            close(readEnd)
            guard count == 1 else { return }  // stopped: the write end was closed
            handler(Int32(number))
            Self.endAsSignalled(by: Int32(number))
        }
        thread.start()
        started.wait()
        for number in Self.signals {
            signal(number) { caught in
                var byte = UInt8(truncatingIfNeeded: caught)
                _ = write(signalPipe, &byte, 1)
            }
        }
    }

    /// The default actions back first, so that a signal from here on ends the build as before.
    func stop() {
        for number in Self.signals { signal(number, SIG_DFL) }
        lock.withLock {
            guard writeEnd >= 0 else { return }
            signalPipe = -1
            close(writeEnd)
            writeEnd = -1
        }
    }

    private static func unblockSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal sent again to this thread (which does not block it) with its default action: the process ends.
    private static func endAsSignalled(by number: Int32) -> Never {
        signal(number, SIG_DFL)
        raise(number)
        // Not reached; should it be, the exit status a shell gives a process the signal ended.
        exit(128 + number)
    }
}
