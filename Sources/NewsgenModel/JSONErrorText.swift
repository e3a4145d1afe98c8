import Foundation

/// A JSON syntax error as "line L, column C: reason". JSONDecoder does not say
/// where the problem is, so the document is parsed once more with
/// JSONSerialization, whose message carries the offset.
enum JSONErrorText {
    static func describe(_ error: Error, in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let offset = characterOffset(in: text) {
                let reason = text.components(separatedBy: " around ").first ?? text
                return "\(position(ofByte: offset, in: data)): \(reason.lowercased())"
            }
            return text
        }
        return "\(error)"
    }

    /// "Invalid value around character 28." → 28
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: "around character ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    private static func position(ofByte offset: Int, in data: Data) -> String {
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}
