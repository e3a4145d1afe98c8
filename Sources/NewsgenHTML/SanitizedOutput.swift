/// The sanitizer's output as it is written, with the elements open in it, so that a start tag
/// first ends what a parser would end there (`ImpliedEnds`) and the output reads back as written.
struct SanitizedOutput {
    var text = ""
    /// The elements open in the output.
    private var open = OpenElements()
    /// One entry per element the walk will close, innermost last: true while its end tag is still
    /// to be written, false once a later start tag ended it early.
    private var pending: [Bool] = []

    init(capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// Writes the start tag `tag` of element `name`, after the end tags it implies; an element
    /// that is not void stays open until `end`.
    mutating func start(_ name: String, tag: String, isVoid: Bool) {
        var ended = ImpliedEnds.count(endedBy: name, open: open)
        var index = pending.count - 1
        while ended > 0, index >= 0 {
            if pending[index] {
                pending[index] = false
                text += "</" + (open.pop() ?? "") + ">"
                ended -= 1
            }
            index -= 1
        }
        text += tag
        if !isVoid {
            open.push(name)
            pending.append(true)
        }
    }

    /// The walk leaves the innermost element it opened: `token` is its end tag, written unless a
    /// start tag ended the element already.
    mutating func end(_ token: String) {
        guard let stillOpen = pending.popLast() else { return }
        if stillOpen {
            text += token
            open.pop()
        }
    }
}
