// newsgen-parse-bench: times the build's Parse stage on feed files (issue 9's
// parse-throughput figure), without a site, an archive or any output.
//
//   newsgen-parse-bench [--rounds R] [--serial] [--sanitize] [--sandbox NEWSGEN] [--json] FILE...
//
// Each round runs `ParseStageProbe.run` over every file, on every core as the
// build does (`--serial`: one file after another on one thread); one untimed
// round comes first. Prints the items and bytes read and the median, fastest
// and slowest wall time of the rounds, with items and megabytes per second of
// the median. `--sanitize` adds the Enrich stage's sanitizing of each article,
// which feedparser does while it parses. `--sandbox` parses each feed in worker
// processes started from the newsgen binary named, as `newsgen build` does (ADR 046),
// rather than in this process: the difference is what containment costs.
// `--failures-allowed` times files that fail as sources too (a corpus of broken
// documents). `--json` prints one JSON object.
import Foundation
import NewsgenKit

struct Options {
    var rounds = 5
    var parallel = true
    var sanitizing = false
    var json = false
    var sandbox: String?
    var failuresAllowed = false
    var files: [String] = []
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("newsgen-parse-bench: \(message)\nusage: newsgen-parse-bench [--rounds R] [--serial] [--sanitize] [--sandbox NEWSGEN] [--failures-allowed] [--json] FILE...\n".utf8))
    exit(2)
}

func parseArguments() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--rounds":
            guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { usage("--rounds needs a positive number") }
            options.rounds = value
        case "--serial": options.parallel = false
        case "--sanitize": options.sanitizing = true
        case "--json": options.json = true
        case "--failures-allowed": options.failuresAllowed = true
        case "--sandbox":
            guard let path = arguments.popFirst() else { usage("--sandbox needs the newsgen binary to start workers from") }
            options.sandbox = path
        case "-h", "--help": usage("times the build's Parse stage on feed files")
        default:
            guard !argument.hasPrefix("--") else { usage("unknown option \(argument)") }
            options.files.append(argument)
        }
    }
    guard !options.files.isEmpty else { usage("no feed files given") }
    return options
}

func seconds(_ start: UInt64, _ end: UInt64) -> Double { Double(end - start) / 1e9 }

let options = parseArguments()
if let worker = options.sandbox { ParseSandbox.useWorkers(executable: worker) }
let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
let files = options.files.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL.path }
var bytes = 0
for file in files {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int else { usage("\(file): cannot be read") }
    bytes += size
}

let firstStart = DispatchTime.now().uptimeNanoseconds
let first = ParseStageProbe.run(files: files, parallel: options.parallel, sanitizing: options.sanitizing)
/// The untimed round: with `--sandbox`, it also starts the workers.
let firstWall = seconds(firstStart, DispatchTime.now().uptimeNanoseconds)
if !first.failures.isEmpty && !options.failuresAllowed { usage("sources failed: " + first.failures.joined(separator: "; ")) }
var walls: [Double] = []
for _ in 0..<options.rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    let tally = ParseStageProbe.run(files: files, parallel: options.parallel, sanitizing: options.sanitizing)
    walls.append(seconds(start, DispatchTime.now().uptimeNanoseconds))
    if tally != first { usage("a round read something else than the first: \(tally) against \(first)") }
}
let sorted = walls.sorted()
let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
let mode = (options.parallel ? "parallel" : "serial") + (options.sanitizing ? "+sanitize" : "") + (options.sandbox == nil ? "" : "+sandbox")
if options.json {
    let object: [String: Any] = ["mode": mode, "files": files.count, "items": first.items, "bytes": bytes,
                                 "warnings": first.warnings, "first": firstWall, "rounds": walls, "median": median,
                                 "itemsPerSecond": Double(first.items) / median]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    print(String(decoding: data, as: UTF8.self))
} else {
    print(mode + String(format: ": %d files, %d items, %.1f MB, %d warnings; %d rounds: median %.3f s (%.3f–%.3f), %.0f items/s, %.1f MB/s",
                 files.count, first.items, Double(bytes) / 1e6, first.warnings, walls.count, median,
                 sorted.first ?? 0, sorted.last ?? 0, Double(first.items) / median, Double(bytes) / 1e6 / median))
}
