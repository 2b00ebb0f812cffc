extension String {
    /// The text of `scalars`, built from their UTF-8 in one piece: appending scalars to a
    /// string one at a time costs a string operation each, which long patterns feel.
    package init(scalars: some Collection<Unicode.Scalar>) {
        // One character (most tokens) needs no buffer; an ASCII one is a copy of a string made
        // once (a small string: no allocation, no reference count).
        if scalars.count == 1, let only = scalars.first {
            if only.isASCII {
                self = asciiStrings[Int(only.value)]
            } else {
                self.init(only)
            }
            return
        }
        // Written straight into the string's storage (a short one needs no allocation).
        var count = 0
        for scalar in scalars { count += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[offset] = byte
                    offset += 1
                }
            }
            return offset
        }
    }
}

/// Each ASCII code point as a one-character string, by its value.
private let asciiStrings: [String] = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
