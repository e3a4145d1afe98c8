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

    /// A stand-in declaration for an undeclared entity `name` whose text is
    /// `character` (an HTML named character's, or the reference as written), for
    /// libxml2's entity lookup (see `libXMLEntityLookup`).
    ///
    /// In element content it is a "predefined" entity, which libxml2 inlines as
    /// text. In an attribute value libxml2 would copy only the first byte of a
    /// predefined entity, so there it is an already-checked internal entity,
    /// which libxml2 leaves as a reference that `LibXMLDocument` resolves.
    /// Free with `freeDeclaration` once the document is freed.
    static func makeDeclaration(_ name: String, standingFor character: String, inAttribute: Bool) -> xmlEntityPtr {
        let entity = xmlEntityPtr.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.name = UnsafePointer(duplicate(name))
        let content = duplicate(character)
        entity.pointee.content = content
        entity.pointee.orig = content
        entity.pointee.length = Int32(character.utf8.count)
        entity.pointee.etype = inAttribute ? XML_INTERNAL_GENERAL_ENTITY : XML_INTERNAL_PREDEFINED_ENTITY
        // For the internal entity: already checked, so libxml2 never parses its text.
        entity.pointee.checked = inAttribute ? 2 : 1
        return entity
    }

    /// Frees what `makeDeclaration` made.
    static func freeDeclaration(_ entity: xmlEntityPtr) {
        entity.pointee.name.map { UnsafeMutablePointer(mutating: $0).deallocate() }
        entity.pointee.content?.deallocate()
        entity.deinitialize(count: 1)
        entity.deallocate()
    }

    /// A NUL-terminated copy that libxml2 reads but never frees.
    private static func duplicate(_ text: String) -> UnsafeMutablePointer<xmlChar> {
        let bytes = Array(text.utf8)
        let copy = UnsafeMutablePointer<xmlChar>.allocate(capacity: bytes.count + 1)
        copy.initialize(from: bytes, count: bytes.count)
        copy[bytes.count] = 0
        return copy
    }
}
