import Foundation

/// A JSON syntax error as "line L, column C: reason". JSONDecoder does not say
/// where the problem is, so the document is parsed once more with
/// JSONSerialization, whose message carries the offset.
enum JSONErrorText {
    static func describe(_ error: Error, in data: Data) -> String {
        guard let text = serializationMessage(for: data) else { return "\(error)" }
        if let offset = characterOffset(in: text) {
            let reason = text.components(separatedBy: " around ").first ?? text
            return "\(position(ofByte: offset, in: data)): \(reason.lowercased())"
        }
        return text
    }

    /// The syntax error's position and reason ("invalid value"), for the `file:line:column:` form;
    /// nil when JSONSerialization does not say where. "Unexpected end of file" is placed at the end.
    static func locate(in data: Data) -> (position: JSONLocation.Position, reason: String)? {
        guard let text = serializationMessage(for: data) else { return nil }
        if let offset = characterOffset(in: text) {
            let reason = text.components(separatedBy: " around ").first ?? text
            return (JSONLocation.position(ofByte: offset, in: data), reason.lowercased())
        }
        if text.hasPrefix("Unexpected end of file") {
            return (JSONLocation.position(ofByte: data.count, in: data), "unexpected end of file")
        }
        return nil
    }

    /// JSONSerialization's own words about the document, nil when it accepts it.
    private static func serializationMessage(for data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
    }

    /// "Invalid value around character 28." → 28
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: "around character ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    private static func position(ofByte offset: Int, in data: Data) -> String {
        let position = JSONLocation.position(ofByte: offset, in: data)
        return "line \(position.line), column \(position.column)"
    }
}
