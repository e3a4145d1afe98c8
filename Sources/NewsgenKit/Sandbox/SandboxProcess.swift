#if os(Linux)
import Foundation
import Glibc

/// One worker process, as the build sees it: started from newsgen's own executable with
/// `SandboxWorkerLoop.argument`, spoken to over a socket pair on its standard input and
/// output, in a process group of its own (a Ctrl-C in the terminal is the build's to
/// handle, not the worker's), what it writes to standard error lost. It exits when its
/// socket closes, so a build that is killed leaves no worker behind for long.
final class SandboxProcess {
    let pid: pid_t
    /// The build's end of the socket pair, non-blocking.
    private let socket: Int32

    /// A worker parses document after document, each allocating about what the last one freed:
    /// glibc would give large blocks back to the system at each free (by `munmap` above 128 KB, the
    /// heap's top when 128 KB of it are free) and take them again, page fault by page fault, for
    /// the next document, which cost a fifth of the time a feed of 500 items spent in its worker.
    /// Kept up to 64 MB, a worker's heap is reused instead; what it frees past that is returned.
    static let heapTunables = "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864"

    /// Starts a worker, or returns nil when the system will not start one.
    init?(executable: String) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        // Its standard error is /dev/null opened for reading: whatever it writes there fails and is lost.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_RDONLY, 0)
        var defaults = sigset_t()
        sigfillset(&defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        // A crash in the worker is an answer, not a report to print: Swift's backtracer stays off.
        var environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["GLIBC_TUNABLES"] = ([environment["GLIBC_TUNABLES"]].compactMap { $0 } + [Self.heapTunables]).joined(separator: ":")
        var child: pid_t = 0
        let arguments = ["newsgen", SandboxWorkerLoop.argument, String(getpid())]
        let status = withCStrings(arguments) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
        }
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            return nil
        }
        pid = child
        socket = ends[0]
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    /// Sends `job` and waits for its answer until `deadline` (monotonic seconds). After a
    /// `Loss` the worker is gone and this value must not be used again.
    func run(_ job: [UInt8], deadline: Double, clock: () -> Double) throws(SandboxLoss) -> [UInt8] {
        do {
            try SandboxFrames.sendFrame(job, on: socket, deadline: deadline, clock: clock)
            return try SandboxFrames.receiveFrame(on: socket, deadline: deadline, clock: clock)
        } catch .timedOut {
            end(waitingUpTo: 0)
            throw .timedOut
        } catch {
            // The socket closed: the worker is dying, and its status says of what.
            throw .died(signal: end(waitingUpTo: 2))
        }
    }

    /// Lets an idle worker go: closing its socket ends its loop.
    func finish() {
        end(waitingUpTo: 2)
    }

    /// Closes the socket and reaps the worker, killing it if it has not ended within `seconds`;
    /// returns the signal that ended it, 0 when it exited.
    @discardableResult
    private func end(waitingUpTo seconds: Double) -> Int32 {
        close(socket)
        var status: Int32 = 0
        var waited = 0.0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard waited < seconds else {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(5_000)
            waited += 0.005
        }
        let signal = status & 0x7f
        return signal != 0x7f ? signal : 0
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings (an `argv` or `envp`).
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    var pointers = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}
#endif
