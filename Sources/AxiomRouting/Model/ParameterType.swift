#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The type of a route parameter, declared in the route table (`param userId int`).
///
/// Conversion is part of matching: a value that does not convert is a miss, and the router
/// tries the next candidate route.
public enum ParameterType: Sendable, Hashable, CustomStringConvertible {
    case string, int, double, bool, uuid
    /// The rest of a path, several segments (`/files/*` or `/files/:rest+`).
    case path
    /// One of the listed values (`enum(posts, likes)`), matched exactly.
    case enumeration([String])
    /// An absolute URL with one of the listed schemes (`url(http, https)`), parsed by the
    /// WHATWG URL parser; the value is the URL as the parser writes it. For query parameters.
    case url([String])
    /// Every query item the route does not declare, by name (`query filters rest`): what a
    /// screen forwards as it is (a search's filters). For query parameters.
    case rest
    /// Every value of a repeated query item (`[int]`: `?tag=1&tag=2`), each of the element
    /// type (`string`, `int`, `double`, `bool`, `uuid`). For query parameters.
    indirect case list(ParameterType)

    /// Whether values of the type come from a query only (a URL, a map of items, a repeated
    /// item's values): a path group cannot be one.
    var isQueryOnly: Bool {
        switch self {
        case .url, .rest, .list: return true
        default: return false
        }
    }

    /// The names the route table accepts.
    static let names = ["string", "int", "double", "bool", "uuid", "path", "enum", "url", "rest"]

    public var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .uuid: return "uuid"
        case .path: return "path"
        case .enumeration(let values): return "enum(" + values.joined(separator: ", ") + ")"
        case .url(let schemes): return "url(" + schemes.joined(separator: ", ") + ")"
        case .rest: return "rest"
        case .list(let element): return "[\(element)]"
        }
    }

    /// Converts a percent-decoded value; with `ignoringCase`, an enum's value matches in any
    /// case and is read in its declared spelling.
    public func convert(_ text: String, ignoringCase: Bool) -> RouteValue? {
        guard ignoringCase, case .enumeration(let values) = self else { return convert(text) }
        let lowered = text.lowercased()
        return values.first { $0.lowercased() == lowered }.map(RouteValue.string)
    }

    /// Converts a percent-decoded value; nil when it is not of this type.
    public func convert(_ text: String) -> RouteValue? {
        switch self {
        case .string:
            return .string(text)
        case .int:
            guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == 0x2D || $0 == 0x2B }) else { return nil }
            return Int(text).map(RouteValue.int)
        case .double:
            guard Self.isDecimal(text), let value = Double(text), value.isFinite else { return nil }
            return .double(value)
        case .bool:
            // `1` and `0` too: apps send flags both ways (reverse routing prints `true`/`false`).
            switch text {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        case .uuid:
            // Exactly the 8-4-4-4-12 hex form the table's expressions check: Foundation's parser
            // also takes other spellings on some platforms (`…3E6E+F` as `…3E6E0F`).
            guard Self.isCanonicalUUID(text) else { return nil }
            return UUID(uuidString: text).map(RouteValue.uuid)
        case .path:
            return .path(text.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        case .enumeration(let values):
            return values.contains(text) ? .string(text) : nil
        case .url(let schemes):
            // `javascript:alert(1)` is a URL too: only the listed schemes are.
            guard let url = try? URLRecord(text), schemes.contains(url.scheme) else { return nil }
            return .string(url.href)
        case .rest, .list:
            // Read from the whole query, not from one value (see the router's query reading).
            return nil
        }
    }

    /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hex digits of either case.
    private static func isCanonicalUUID(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) else { return false }
            }
        }
        return true
    }

    /// `[-+]?digits[.digits][e[-+]digits]`: the decimal forms, not `nan`, `inf` or hex.
    private static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == 0x2B || first == 0x2D { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        let integer = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(integer.count)
        var digits = integer.count
        if bytes.first == 0x2E {
            bytes = bytes.dropFirst()
            let fraction = bytes.prefix(while: isDigit)
            digits += fraction.count
            bytes = bytes.dropFirst(fraction.count)
        }
        guard digits > 0 else { return false }
        if let e = bytes.first, e == 0x65 || e == 0x45 {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == 0x2B || sign == 0x2D { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            bytes = bytes.dropFirst(exponent.count)
        }
        return bytes.isEmpty
    }

    /// Whether the type has a segment shape (``segmentRegexp`` is not nil), without building
    /// the expression (an enum's is built from its escaped values).
    var hasSegmentShape: Bool {
        switch self {
        case .string, .path, .url, .rest, .list: return false
        case .int, .double, .bool, .uuid, .enumeration: return true
        }
    }

    /// The ECMAScript regexp a segment of this type must match, or nil for "any segment".
    /// Checking the shape inside the route's regex lets a value that cannot convert fall
    /// through to the next route without leaving PCRE2.
    var segmentRegexp: String? {
        switch self {
        case .string, .path, .url, .rest, .list: return nil
        case .int: return "[\\-+]?[0-9]+"
        case .double: return "[\\-+]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][\\-+]?[0-9]+)?"
        case .bool: return "true|false|1|0"
        case .uuid: return "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
        case .enumeration(let values):
            return values.map { PatternRegexGenerator.escapeRegexpString(Canonicalizer.pathname("/" + $0).dropFirstScalar) }
                .joined(separator: "|")
        }
    }
}

extension String {
    /// The string without its first Unicode scalar.
    var dropFirstScalar: String { String(unicodeScalars.dropFirst()) }
}

/// A typed parameter value.
public enum RouteValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case uuid(UUID)
    /// Path segments, percent-decoded.
    case path([String])
    /// Query items by name, decoded (a `rest` parameter: the items a route does not declare).
    case fields([String: String])
    /// The values of a repeated query item, in order (a list parameter: `[int]`).
    indirect case list([RouteValue])

    /// The value as it is written in a URL, before percent-encoding.
    public var description: String {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .uuid(let value): return value.uuidString
        case .path(let segments): return segments.joined(separator: "/")
        case .fields(let fields): return fields.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "&")
        case .list(let values): return values.map(\.description).joined(separator: ",")
        }
    }
}

/// How navigating to a route changes the screen.
public enum Transition: Sendable, Hashable, CustomStringConvertible {
    /// Onto the current stack (the default).
    case push
    /// Replaces the top of the current stack.
    case replace
    /// Presents a modal.
    case modal(ModalStyle)
    /// Selects a tab and shows this route at its root.
    case tab(String)

    public var description: String {
        switch self {
        case .push: return "push"
        case .replace: return "replace"
        case .modal(let style): return "modal(\(style.rawValue))"
        case .tab(let name): return "tab(\(name))"
        }
    }
}

/// The presentation of a modal.
public enum ModalStyle: String, Sendable, Hashable, CaseIterable {
    case sheet, fullScreen, popover
}
