/// Base64 (RFC 4648, with padding), both ways: the snapshot's text.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = UInt32(bytes[index])
            let b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = a << 16 | b << 8 | c
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not base64 (whitespace is not skipped).
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            guard input.count % 4 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(input.count / 4 * 3)
            var index = 0
            while index < input.count {
                let last = index + 4 == input.count
                let padding = last ? (input[index + 3] == UInt8(ascii: "=") ? (input[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
                var triple: UInt32 = 0
                for offset in 0..<4 {
                    let byte = input[index + offset]
                    let value: UInt8
                    if offset >= 4 - padding {
                        value = 0
                    } else {
                        value = values[Int(byte)]
                        guard value != 0xFF else { return nil }
                    }
                    triple = triple << 6 | UInt32(value)
                }
                out.append(UInt8(truncatingIfNeeded: triple >> 16))
                if padding < 2 { out.append(UInt8(truncatingIfNeeded: triple >> 8)) }
                if padding < 1 { out.append(UInt8(truncatingIfNeeded: triple)) }
                index += 4
            }
            return out
        }
    }
}
