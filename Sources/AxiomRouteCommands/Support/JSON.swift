import AxiomRouting
import Foundation

extension Encodable {
    /// Pretty-printed JSON with sorted keys, so the output is stable byte for byte.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    /// Every line indented by `spaces` (a pretty-printed JSON value placed inside another).
    func indented(by spaces: Int) -> String {
        // Over the UTF-8 bytes: splitting by characters paid for grapheme breaking over the
        // whole text (a JSON entry of a few KB cost ~400,000 instructions).
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + utf8.count / 8)
        var lineStart = true
        for byte in utf8 {
            if lineStart, byte != UInt8(ascii: "\n") { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces)) }
            output.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// A typed route value as JSON: numbers and booleans as themselves, a path as an array of
/// segments, everything else as a string.
struct JSONRouteValue: Encodable {
    let value: RouteValue

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .uuid(let uuid): try container.encode(uuid.uuidString)
        case .path(let segments): try container.encode(segments)
        case .fields(let fields): try container.encode(fields)
        case .list(let values): try container.encode(values.map(JSONRouteValue.init))
        }
    }
}
