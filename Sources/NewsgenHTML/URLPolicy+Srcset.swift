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
        var candidates: [HTMLImages.SrcsetCandidate] = []
        for candidate in HTMLImages.SrcsetCandidate.parse(raw) {
            guard candidates.count < Self.maxSrcsetCandidates,
                  let kept = rewrite(candidate.url), !kept.isEmpty,
                  !kept.unicodeScalars.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }),
                  !kept.hasPrefix(","), !kept.hasSuffix(","),
                  let size = Self.srcsetDescriptor(candidate.descriptor) else { return nil }
            candidates.append(HTMLImages.SrcsetCandidate(url: kept, descriptor: size))
        }
        return candidates.isEmpty ? nil : HTMLImages.SrcsetCandidate.serialize(candidates)
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
