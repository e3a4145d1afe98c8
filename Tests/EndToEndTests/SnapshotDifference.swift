import Foundation

/// Where two snapshots of a folder (`TemporarySite.snapshot(of:)`) differ: the paths only one holds
/// and those whose bytes differ, sorted, so that a failed expectation names the files.
enum SnapshotDifference {
    static func paths(_ got: [String: Data], _ expected: [String: Data]) -> [String] {
        Set(got.keys).union(expected.keys).filter { got[$0] != expected[$0] }.sorted()
    }
}
