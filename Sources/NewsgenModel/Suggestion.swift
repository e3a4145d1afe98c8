/// "Did you mean …?": the closest candidate by edit distance, when it is close enough to help.
public enum Suggestion {
    public static func closest<Candidates: Sequence>(to word: String, among candidates: Candidates) -> String? where Candidates.Element == String {
        let limit = max(2, word.count / 3)
        return candidates
            .map { (candidate: $0, distance: distance(word.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }?
            .candidate
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
