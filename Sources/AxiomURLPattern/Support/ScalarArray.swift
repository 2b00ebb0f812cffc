extension String {
    /// The string's code points as an array (what the tokenizer, the constructor-string parser
    /// and the regexp translator read). An ASCII string, nearly every pattern, is copied byte
    /// for byte: `Array(unicodeScalars)` first counts the code points by decoding UTF-8, then
    /// decodes it again to copy them (about 60 instructions a code point against 4).
    var scalarArray: [Unicode.Scalar] {
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> [Unicode.Scalar]? in
            // Not through `unsafeUninitializedCapacity` when empty: with no capacity it hands
            // back the shared empty array and writes its count there, a race between threads
            // (the thread sanitizer's report on an empty pattern).
            guard !bytes.isEmpty else { return [] }
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            guard any < 0x80 else { return nil }
            return [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
                for (index, byte) in bytes.enumerated() { buffer.initializeElement(at: index, to: Unicode.Scalar(byte)) }
                initialized = bytes.count
            }
        }
        return (ascii ?? nil) ?? Array(unicodeScalars)
    }
}
