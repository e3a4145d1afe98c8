import Foundation

/// A run of the `newsgen` binary whose own peak memory is known: a small Python parent forks
/// it, reaps it with `wait4` and reports that child's `ru_maxrss`.
///
/// Not measured from the test process itself: Linux keeps a process's peak across `exec`,
/// and `posix_spawn` starts the child in the parent's memory (vfork), so a child of the test
/// would report at least the test process's own size; `getrusage(RUSAGE_CHILDREN)` would
/// give the largest of all its children, fixture servers included. Python's fork starts from
/// Python's few megabytes.
struct MeasuredRun {
    var status: Int32
    var stderr: String
    /// The child's peak resident set, in bytes.
    var peakBytes: Int

    var peakMegabytes: Int { peakBytes / 1_048_576 }

    private static let parent = """
    import os, signal, sys
    pid = os.fork()
    if pid == 0:
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.execv(sys.argv[1], sys.argv[1:])
    _, status, usage = os.wait4(pid, 0)
    print(usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status))
    """

    /// Runs `newsgen ARGS` in `directory`, its output discarded and its standard error kept.
    static func newsgen(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
        let run = try Newsgen.run(["python3", "-c", parent, Newsgen.binary.path] + arguments, in: directory,
                                  executable: URL(fileURLWithPath: "/usr/bin/env"))
        let fields = run.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard run.status == 0, fields.count == 2 else { throw CocoaError(.fileReadCorruptFile) }
        return MeasuredRun(status: Int32(fields[1]), stderr: run.stderr, peakBytes: fields[0])
    }
}
