import Foundation

/// Catches SIGINT and SIGTERM while a build has something worth keeping (the pages extracted
/// so far, ADR 057): `handler` runs on a queue of its own, then the signal is given its default
/// action again and sent once more, so the process ends as the signal ends it (a shell sees
/// "interrupted", a supervisor sees SIGTERM). `stop` restores the default action.
final class SignalWatch: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM]
    private var sources: [DispatchSourceSignal] = []

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                handler(number)
                Self.endAsSignalled(by: number)
            }
            source.resume()
            return source
        }
    }

    /// The default action back first, so that a signal in between ends the build as before.
    func stop() {
        for number in Self.signals { signal(number, SIG_DFL) }
        for source in sources { source.cancel() }
        sources = []
    }

    private static func endAsSignalled(by number: Int32) -> Never {
        signal(number, SIG_DFL)
        kill(getpid(), number)
        // Should the signal be blocked on every thread, the exit status a shell gives a signalled process.
        Thread.sleep(forTimeInterval: 1)
        exit(128 + number)
    }
}
