/// `body` over the string's UTF-8 bytes, in place when the string is contiguous (a copy made
/// contiguous otherwise). Shared by the model (origins compare bytes) and the lookup.
@inline(__always)
func withUTF8Bytes<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return copy.withUTF8(body)
}
