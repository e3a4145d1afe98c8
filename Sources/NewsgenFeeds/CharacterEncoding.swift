#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NewsgenModel

/// A character encoding named the way documents and servers name it
/// (`ISO-8859-1`, `latin1`, `utf_16`, `Shift_JIS`), able to convert bytes to UTF-8.
///
/// Names are matched as Python's codec registry matches them, because the names
/// feedparser reports are the ones newsgen must report. UTF-8 is validated in
/// Swift without copying; everything else goes through the C library's iconv,
/// which knows the legacy encodings feeds still use (Windows code pages, KOI8,
/// Big5, GB 18030, EUC, Shift_JIS, ISO-2022). Conversion is strict: a byte
/// sequence the encoding does not define fails the whole conversion, so a
/// mislabelled document is noticed and another encoding can be tried.
struct CharacterEncoding: Sendable, Equatable {
    /// The name as given, reported as the document's encoding.
    let name: String
    /// What iconv calls it, or nil for UTF-8 (validated, never converted).
    private let iconvName: String?

    /// Nil when the name is not an encoding we know or iconv offers.
    init?(_ name: String) {
        let key = CharacterEncoding.compactKey(name)
        guard !key.isEmpty, name.utf8.count <= 64 else { return nil }
        self.name = name
        if CharacterEncoding.utf8Keys.contains(key) {
            iconvName = nil
        } else if let known = CharacterEncoding.aliases[key] {
            iconvName = known
        } else {
            // Anything else goes to iconv as written, if it looks like a name at
            // all: never a `//TRANSLIT` or `//IGNORE` suffix.
            guard name.utf8.allSatisfy({ $0.isLetter || $0.isDigit || "-_.:".utf8.contains($0) }) else { return nil }
            iconvName = name
        }
        guard iconvName.map(CharacterEncoding.iconvKnows) ?? true else { return nil }
    }

    /// True for UTF-8, which is validated in place rather than converted.
    var isUTF8: Bool { iconvName == nil }

    /// True for the UTF-16 and UTF-32 family, which cannot describe a document
    /// whose first bytes read as ASCII.
    var isWide: Bool {
        guard let iconvName else { return false }
        return iconvName.hasPrefix("UTF-16") || iconvName.hasPrefix("UTF-32") || iconvName.hasPrefix("UCS-")
    }

    /// The bytes as UTF-8, or nil when they are not valid in this encoding.
    func utf8(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let iconvName else { return UTF8Validation.isValid(bytes) ? Array(bytes) : nil }
        return CharacterEncoding.convert(bytes, from: iconvName)
    }

    /// True when `bytes` are valid UTF-8 (no copy is made).
    static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool { UTF8Validation.isValid(bytes) }

    /// Lowercased, without the separators Python's codec names ignore.
    private static func compactKey(_ name: String) -> String {
        String(decoding: name.utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "), UInt8(ascii: "."): return nil
            default: return byte.lowercasedASCII
            }
        }, as: UTF8.self)
    }

    private static let utf8Keys: Set<String> = ["utf8", "u8", "utf", "cp65001", "utf8sig"]

    /// Python codec aliases that iconv spells differently (keys are `compactKey`s).
    private static let aliases: [String: String] = [
        "ascii": "ASCII", "usascii": "ASCII", "646": "ASCII", "us": "ASCII", "ansix341968": "ASCII",
        "latin1": "ISO-8859-1", "latin": "ISO-8859-1", "l1": "ISO-8859-1", "iso88591": "ISO-8859-1",
        "8859": "ISO-8859-1", "cp819": "ISO-8859-1", "iso885911987": "ISO-8859-1",
        "latin2": "ISO-8859-2", "l2": "ISO-8859-2", "iso88592": "ISO-8859-2",
        "utf16": "UTF-16", "u16": "UTF-16", "utf16be": "UTF-16BE", "utf16le": "UTF-16LE",
        "utf32": "UTF-32", "u32": "UTF-32", "utf32be": "UTF-32BE", "utf32le": "UTF-32LE",
        "ucs2": "UTF-16", "iso10646ucs2": "UTF-16", "csunicode": "UTF-16",
        "ucs4": "UTF-32", "iso10646ucs4": "UTF-32", "csucs4": "UTF-32",
        "cp1250": "CP1250", "windows1250": "CP1250", "cp1251": "CP1251", "windows1251": "CP1251",
        "cp1252": "CP1252", "windows1252": "CP1252", "cp1253": "CP1253", "windows1253": "CP1253",
        "cp1254": "CP1254", "windows1254": "CP1254", "cp1255": "CP1255", "windows1255": "CP1255",
        "cp1256": "CP1256", "windows1256": "CP1256", "cp1257": "CP1257", "windows1257": "CP1257",
        "cp1258": "CP1258", "windows1258": "CP1258",
        "gb2312": "GB18030", "gbk": "GBK", "gb18030": "GB18030", "936": "GBK", "cp936": "GBK",
        "big5": "BIG5", "big5tw": "BIG5", "csbig5": "BIG5", "big5hkscs": "BIG5-HKSCS",
        "eucjp": "EUC-JP", "ujis": "EUC-JP", "eucjis2004": "EUC-JISX0213",
        "shiftjis": "SHIFT_JIS", "sjis": "SHIFT_JIS", "csshiftjis": "SHIFT_JIS", "cp932": "CP932",
        "mskanji": "CP932", "windows31j": "CP932",
        "euckr": "EUC-KR", "ksc5601": "EUC-KR", "ksc56011987": "EUC-KR", "cp949": "CP949", "uhc": "CP949",
        "iso2022jp": "ISO-2022-JP", "iso2022kr": "ISO-2022-KR",
        "koi8r": "KOI8-R", "koi8u": "KOI8-U", "tis620": "TIS-620", "cp874": "CP874",
        "macroman": "MACINTOSH", "macintosh": "MACINTOSH", "cp037": "IBM037", "ibm037": "IBM037",
    ]

    private static func iconvKnows(_ name: String) -> Bool {
        guard let descriptor = openIconv(from: name) else { return false }
        iconv_close(descriptor)
        return true
    }

    private static func openIconv(from name: String) -> iconv_t? {
        let descriptor = iconv_open("UTF-8", name)
        guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
        return descriptor
    }

    /// Strict conversion through iconv; nil on an invalid or incomplete sequence.
    private static func convert(_ bytes: UnsafeRawBufferPointer, from name: String) -> [UInt8]? {
        guard let descriptor = openIconv(from: name) else { return nil }
        defer { iconv_close(descriptor) }
        // One input byte never becomes more than three UTF-8 bytes (a BMP character);
        // four-byte characters come from at least two input bytes. Grow if iconv disagrees.
        var output = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
        var written = 0
        var inputLeft = bytes.count
        var input = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: CChar.self))
        while true {
            let (result, error, produced) = output.withUnsafeMutableBytes { buffer -> (Int, Int32, Int) in
                var outputLeft = buffer.count - written
                var cursor = buffer.baseAddress.map { $0.advanced(by: written).assumingMemoryBound(to: CChar.self) }
                let result: Int
                if inputLeft > 0 {
                    result = iconv(descriptor, &input, &inputLeft, &cursor, &outputLeft)
                } else {
                    result = iconv(descriptor, nil, nil, &cursor, &outputLeft) // flush a stateful encoding
                }
                let error = result == -1 ? errno : 0
                return (result, error, buffer.count - written - outputLeft)
            }
            written += produced
            if result != -1 {
                if inputLeft == 0 { break }
                continue
            }
            guard error == E2BIG else { return nil } // EILSEQ or EINVAL: not this encoding
            output += [UInt8](repeating: 0, count: max(output.count / 2, 64))
        }
        output.removeSubrange(written...)
        return output
    }
}
