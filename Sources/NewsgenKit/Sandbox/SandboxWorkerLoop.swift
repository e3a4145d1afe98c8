import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The worker's side of `ParseSandbox`: what newsgen does when started as
/// `newsgen --sandbox-worker PID` by the build PID. It reads one job at a time from its standard
/// input, runs it and writes the answer to its standard output, until the input ends.
/// Jobs run on a thread whose stack is sized for the deepest input the parsers accept
/// (libxml2 stops at 256 levels, JSON at 512), far above what they need, so no document
/// can run the stack out.
public enum SandboxWorkerLoop {
    /// The argument that starts a worker instead of a command; not a command a person types.
    public static let argument = "--sandbox-worker"

    /// The stack each job runs on.
    static let stackBytes = 64 << 20

    /// The build's process id when `arguments` (after the program's name) start a worker:
    /// `--sandbox-worker PID`, as `SandboxProcess` spawns it; nil for any other command line.
    public static func build(startedBy arguments: [String]) -> Int32? {
        guard arguments.count == 2, arguments[0] == argument, let pid = Int32(arguments[1]), pid > 0 else { return nil }
        return pid
    }

    /// Serves jobs for the build `build` until it closes the socket; returns the exit code.
    public static func serve(for build: Int32) -> Int32 {
        #if os(Linux)
        closeInheritedDescriptors()
        signal(SIGPIPE, SIG_IGN)
        endWithTheBuild(build)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let (forever, clock) = (SandboxFrames.forever, SandboxFrames.noClock)
            while let message = try? SandboxFrames.receiveFrame(on: 0, deadline: forever, clock: clock),
                  let job = try? SandboxJob(wire: message) {
                guard (try? SandboxFrames.sendFrame(job.perform().wire(reserving: job.size * 2), on: 1, deadline: forever,
                                                    clock: clock)) != nil else { break }
            }
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        return 0
        #else
        return 1
        #endif
    }

    #if os(Linux)
    /// A worker whose build was killed (kill -9, a CI timeout) while it parses learns of it only when it
    /// answers; one stuck in a slow parse would go on alone. So a watch checks every second that the
    /// build is still its parent, and ends the worker when it is not. The build names itself on the
    /// command line: a build killed before its worker got here has already left another parent.
    /// The first look is made before any job is read, so a worker started by a build already gone
    /// ends at once, whatever its input does.
    private static func endWithTheBuild(_ build: Int32) {
        if getppid() != build { _exit(1) }
        let watch = Thread {
            while getppid() == build { sleep(1) }
            _exit(1)
        }
        watch.stackSize = 64 << 10
        watch.start()
    }

    /// Closes every descriptor but the three standard ones: a worker holds nothing of the
    /// build's (its lock, its files, its sockets), whatever was opened without close-on-exec.
    private static func closeInheritedDescriptors() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names { if let descriptor = Int32(name), descriptor > 2 { close(descriptor) } }
    }
    #endif
}
