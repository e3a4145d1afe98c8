extension URLPolicy {
    /// The most candidates a kept `srcset` may list; real ones have a handful.
    static let maxSrcsetCandidates = 32

    /// The value to write for an `img` `srcset`, or nil to drop the attribute.
    ///
    /// The list is split as browsers split it (a URL is a run of non-spaces;
    /// its descriptor runs to the next comma outside parentheses). It is kept
    /// only when every candidate's URL passes `rewrite(_:)` (and is resolved
    /// like `src`) and every descriptor is empty, a width (`640w`) or a
    /// density (`2x`, `1.5x`); a single bad candidate drops the whole list,
    /// since a browser might pick exactly that one. Written back as
    /// `url descriptor, url descriptor`.
    func rewriteSrcset(_ raw: String) -> String? {
        var candidates: [String] = []
        let scalars = Array(raw.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{C}"
        }
        while true {
            while index < scalars.count && (isSpace(scalars[index]) || scalars[index] == ",") { index += 1 }
            guard index < scalars.count else { break }
            var url = String.UnicodeScalarView()
            while index < scalars.count && !isSpace(scalars[index]) { url.append(scalars[index]); index += 1 }
            var descriptor = String.UnicodeScalarView()
            if url.last == "," {
                while url.last == "," { url.removeLast() }
            } else {
                var depth = 0
                while index < scalars.count {
                    let scalar = scalars[index]
                    index += 1
                    if scalar == "(" { depth += 1 } else if scalar == ")" { depth = max(0, depth - 1) }
                    if scalar == "," && depth == 0 { break }
                    descriptor.append(scalar)
                }
            }
            guard candidates.count < Self.maxSrcsetCandidates,
                  let kept = rewrite(String(url)), !kept.isEmpty,
                  !kept.unicodeScalars.contains(where: isSpace), !kept.hasPrefix(","), !kept.hasSuffix(","),
                  let size = Self.srcsetDescriptor(String(descriptor)) else { return nil }
            candidates.append(size.isEmpty ? kept : kept + " " + size)
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// The descriptor trimmed, when it is empty, `<digits>w` or `<number>x`; nil otherwise.
    private static func srcsetDescriptor(_ text: String) -> String? {
        let trimmed = text.trimmingASCIISpaces
        guard !trimmed.isEmpty else { return "" }
        guard trimmed.utf8.count <= 12, let unit = trimmed.last, unit == "w" || unit == "x" else { return nil }
        let number = trimmed.dropLast()
        let digitsAndDots = number.unicodeScalars.allSatisfy { ($0 >= "0" && $0 <= "9") || $0 == "." }
        let dots = number.filter { $0 == "." }.count
        guard !number.isEmpty, digitsAndDots, number.first != ".", number.last != ".",
              unit == "x" ? dots <= 1 : dots == 0 else { return nil }
        return trimmed
    }
}
