import CLibXML2

/// Named character references (`&nbsp;`) that a feed uses without declaring
/// them: libxml2's HTML 4 table answers, so no list is kept here.
enum HTMLEntities {
    /// The character an HTML 4 named reference stands for (plus XML's `apos`).
    static func namedCharacter(_ name: String) -> String? {
        if name == "apos" { return "'" }
        guard !name.isEmpty, name.utf8.count < 32,
              let description = htmlEntityLookup(name),
              let scalar = Unicode.Scalar(description.pointee.value) else { return nil }
        return String(Character(scalar))
    }
}
