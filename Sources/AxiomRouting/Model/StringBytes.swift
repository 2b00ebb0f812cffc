/// `body` over the string's UTF-8 bytes, in place when the string is contiguous (a copy made
/// contiguous otherwise). Shared by the model (origins compare bytes) and the lookup.
@inline(__always)
func withUTF8Bytes<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return copy.withUTF8(body)
}

/// The path a match keeps: all of a string, or a range of its UTF-8 bytes — a URL's path kept
/// where it lies in the URL, not copied out (a copy allocates for a path of more than fifteen
/// bytes: ~500 instructions a lookup with its validation and release). Made a `String` when
/// read (``string``); its bytes read in place (``withBytes(_:)``).
struct KeptPath: Sendable {
    /// The string the path is all of, or lies in.
    private let text: String
    /// `UInt64.max`: all of `text`; else the path's byte offsets in it, `start << 32 | end`.
    private let bounds: UInt64

    /// All of `path`.
    @inline(__always)
    init(_ path: String) {
        self.init(text: path, bounds: .max)
    }

    @inline(__always)
    private init(text: String, bounds: UInt64) {
        self.text = text
        self.bounds = bounds
    }

    /// The bytes `range` of `text` (whose UTF-8 `bytes` are): a short path (a small string,
    /// no allocation) is copied out; a longer one is kept where it lies, unless the rest of
    /// `text` is much longer than the path (a match kept in a history would hold a long query
    /// or fragment alive with it: at most twice the path and 64 bytes are kept).
    @inline(__always)
    init(_ range: Range<Int>, of text: String, bytes: UnsafeBufferPointer<UInt8>) {
        guard range.count > 15, bytes.count <= 2 * range.count + 64, range.upperBound < Int(UInt32.max) else {
            self.init(PathBytes.string(UnsafeBufferPointer(rebasing: bytes[range])))
            return
        }
        self.init(text: text, bounds: UInt64(range.lowerBound) << 32 | UInt64(range.upperBound))
    }

    /// The path as its text and a 32-bit range in it (`start << 16 | end`; 0: all of the text),
    /// for a holder with 32 bits to spare (`RouteParameters`). A path that ends past the text's
    /// first 64 KiB is made a string of its own.
    var compact: (text: String, range: UInt32) {
        guard bounds != .max else { return (text, 0) }
        let start = bounds >> 32
        let end = bounds & 0xFFFF_FFFF
        guard end <= 0xFFFF else { return (string, 0) }
        return (text, UInt32(truncatingIfNeeded: start << 16 | end))
    }

    /// A path from its ``compact`` form.
    @inline(__always)
    init(text: String, compact range: UInt32) {
        self.init(text: text, bounds: range == 0 ? .max : UInt64(range >> 16) << 32 | UInt64(range & 0xFFFF))
    }

    /// The path as a string (made now for a path kept in a longer string).
    var string: String {
        bounds == .max ? text : withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The path's length in UTF-8 bytes.
    var count: Int {
        bounds == .max ? text.utf8.count : Int(bounds & 0xFFFF_FFFF) - Int(bounds >> 32)
    }

    /// `body` over the path's UTF-8 bytes, in place.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUTF8Bytes(of: text) { bytes in
            guard bounds != .max else { return body(bytes) }
            // (Offsets taken from these bytes when kept: clamped all the same.)
            let end = min(Int(bounds & 0xFFFF_FFFF), bytes.count)
            return body(UnsafeBufferPointer(rebasing: bytes[min(Int(bounds >> 32), end)..<end]))
        }
    }
}
