import Foundation
import NewsgenExtract
import NewsgenFeeds
import NewsgenModel

/// Where hostile bytes are parsed: in worker processes when the sandbox has an
/// executable to start them from, else in this process.
///
/// libxml2 is C: one more bug like the one issue 32 found (a use after free that took
/// every build down on one feed) must cost that source a warning, not the hourly
/// schedule. So the build sends each feed to a worker process (newsgen's own
/// executable, `SandboxWorkerLoop`), which parses it as the build would and answers
/// with the `ParsedFeed`. A worker that dies is the source's warning ("the parser
/// crashed …"), one that takes longer than the source's deadline is killed and is the
/// source's warning too ("parsing took longer than …"): a slow path nobody has found
/// yet ends in bounded time. Workers are started on demand, as many as parse at once,
/// and kept for the next document (ADR 046).
///
/// The sandbox is a property of the process, as libxml2's own initialisation is: the
/// executable turns it on once (`useWorkers(executable:)`); the library's callers and
/// tests parse in their own process unless they make a sandbox of their own.
public final class ParseSandbox: @unchecked Sendable {
    /// The sandbox every parse of the process goes through unless given another.
    public private(set) nonisolated(unsafe) static var shared = ParseSandbox(executable: nil)

    /// Turns workers on for the whole process: what the `newsgen` executable does first.
    public static func useWorkers(executable: String) {
        shared = ParseSandbox(executable: executable)
    }

    /// The executable workers are started from; nil parses in this process.
    public let executable: String?
    /// Monotonic seconds, for deadlines.
    private let clock: @Sendable () -> Double
    private let lock = NSLock()
    /// Workers waiting for a job.
    #if os(Linux)
    private var idle: [SandboxProcess] = []
    #endif
    /// Workers that could not be started, counted so a system that refuses them is asked only so often.
    private var failedStarts = 0

    public init(executable: String?, clock: @escaping @Sendable () -> Double = HTTPFetcher.monotonicSeconds) {
        self.executable = executable
        self.clock = clock
    }

    deinit {
        finishWorkers()
    }

    /// Lets every idle worker go and reaps it, so that a command's own resource use (what `time` and
    /// the tests' peak-memory checks read) takes in the workers' too. The next job starts a new one.
    public func finishWorkers() {
        #if os(Linux)
        let workers = lock.withLock { () -> [SandboxProcess] in
            defer { idle.removeAll() }
            return idle
        }
        for worker in workers { worker.finish() }
        #endif
    }

    /// `FeedParser.parse` of `data`, in a worker when there is one, within `seconds`.
    public func feed(_ data: Data, baseURL: String? = nil, contentType: String? = nil, maxBytes: Int,
                     seconds: Int) throws(FeedParseError) -> ParsedFeed {
        let job = SandboxJob.feed(data: data, baseURL: baseURL, contentType: contentType, maxBytes: maxBytes)
        switch run(job, seconds: seconds) {
        case .answer(.feed(let feed)): return feed
        case .answer(.feedError(let error)): throw error
        case .lost(.died(let signal)): throw FeedParseError(.parserCrashed(signal: signal))
        case .lost(.timedOut): throw FeedParseError(.parseTimedOut(seconds: seconds))
        case .answer(.page): throw FeedParseError(.parserCrashed(signal: 0))
        }
    }

    /// `ArticleExtractor.extract` of a web page (under `rules` when given), in a worker when there is one, within `seconds`.
    public func page(_ data: Data, pageURL: URL, contentType: String?, rules: ExtractionRules? = nil,
                     seconds: Int) throws(SandboxFailure) -> ExtractionResult {
        switch run(.page(data: data, pageURL: pageURL, contentType: contentType, rules: rules), seconds: seconds) {
        case .answer(.page(let result)): return result
        case .answer: throw SandboxFailure(loss: .died(signal: 0), seconds: seconds)
        case .lost(let loss): throw SandboxFailure(loss: loss, seconds: seconds)
        }
    }

    /// How a job ended: answered, or lost with its worker.
    enum Outcome {
        case answer(SandboxAnswer)
        case lost(SandboxLoss)
    }

    /// Runs `job` in a worker (started when none is idle), or in this process when
    /// workers are off or cannot be started.
    func run(_ job: SandboxJob, seconds: Int) -> Outcome {
        #if os(Linux)
        guard let executable, let worker = takeWorker(executable: executable) else { return .answer(job.perform()) }
        let answer: [UInt8]
        do {
            answer = try worker.run(job.wire(reserving: job.size), deadline: clock() + Double(seconds), clock: clock)
        } catch {
            return .lost(error)
        }
        guard let decoded = try? SandboxAnswer(wire: answer) else {
            worker.finish()
            return .lost(.died(signal: 0))
        }
        lock.withLock { idle.append(worker) }
        return .answer(decoded)
        #else
        return .answer(job.perform())
        #endif
    }

    #if os(Linux)
    /// An idle worker, or a new one; nil when the system refuses to start one.
    private func takeWorker(executable: String) -> SandboxProcess? {
        if let worker = lock.withLock({ idle.popLast() }) { return worker }
        guard lock.withLock({ failedStarts < 3 }) else { return nil }
        guard let worker = SandboxProcess(executable: executable) else {
            lock.withLock { failedStarts += 1 }
            return nil
        }
        return worker
    }
    #endif
}

/// A page whose worker was lost, as its warning says it.
public struct SandboxFailure: Error, Equatable, CustomStringConvertible {
    let loss: SandboxLoss
    let seconds: Int

    public var description: String {
        switch loss {
        case .died(let signal) where signal != 0:
            return "the page's parser crashed on it (\(FeedParseError.signalName(signal))) and was stopped"
        case .died: return "the page's parser stopped without an answer"
        case .timedOut: return "reading the page took longer than \(seconds) s and was stopped"
        }
    }
}

/// Why a job sent to a worker has no answer; the worker is gone either way.
enum SandboxLoss: Error, Equatable {
    /// The worker died; `signal` ended it (0 when it exited instead).
    case died(signal: Int32)
    /// The deadline passed and the worker was killed.
    case timedOut
}
