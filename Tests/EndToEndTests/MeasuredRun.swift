import Foundation

/// A run of the `newsgen` binary whose own peak memory is known. It is started with
/// `posix_spawn` and reaped with `wait4`, whose resource usage is that child's alone:
/// `getrusage(RUSAGE_CHILDREN)` would give the largest of every child the test process has
/// waited for, fixture servers and other tests' builds included.
struct MeasuredRun {
    var status: Int32
    var stderr: String
    /// The child's peak resident set (`ru_maxrss`), in bytes.
    var peakBytes: Int

    var peakMegabytes: Int { peakBytes / 1_048_576 }

    /// Runs `newsgen ARGS` with `NO_COLOR`, its output discarded and its standard error kept.
    static func newsgen(_ arguments: [String], scratch: URL) throws -> MeasuredRun {
        let errors = scratch.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: errors) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The test's worker thread may block signals (libdispatch does): the child starts with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let argv = ([Newsgen.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Newsgen.binary.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        // Exited: its code; killed by a signal: 128 + the signal, as a shell reports it.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return MeasuredRun(status: code, stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "",
                           peakBytes: usage.ru_maxrss * 1024)
    }
}
