extension String {
    /// The text of `scalars`, built from their UTF-8 in one piece: appending scalars to a
    /// string one at a time costs a string operation each, which long patterns feel.
    package init(scalars: some Collection<Unicode.Scalar>) {
        // One character (most tokens) needs no buffer.
        if scalars.count == 1, let only = scalars.first {
            self.init(only)
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
