#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A Swift type a route value converts to and from: what generated typed routes use for
/// their associated values (`Int`, `Double`, `Bool`, `UUID`, `String`, `[String]` for a
/// `path`, and generated enums for `enum(…)` types).
public protocol RouteValueConvertible: Sendable {
    init?(routeValue: RouteValue)
    var routeValue: RouteValue { get }
}

extension String: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        guard case .string(let value) = routeValue else { return nil }
        self = value
    }
    public var routeValue: RouteValue { .string(self) }
}

extension Int: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        guard case .int(let value) = routeValue else { return nil }
        self = value
    }
    public var routeValue: RouteValue { .int(self) }
}

extension Double: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        guard case .double(let value) = routeValue else { return nil }
        self = value
    }
    public var routeValue: RouteValue { .double(self) }
}

extension Bool: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        guard case .bool(let value) = routeValue else { return nil }
        self = value
    }
    public var routeValue: RouteValue { .bool(self) }
}

extension UUID: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        guard case .uuid(let value) = routeValue else { return nil }
        self = value
    }
    public var routeValue: RouteValue { .uuid(self) }
}

/// A `path` parameter's segments (`[String]`), or a list query parameter's values (`[int]`:
/// `[Int]`). An array of strings writes itself as a path, as it always has; generated typed
/// routes write a list of strings as `RouteValue.list` explicitly.
extension Array: RouteValueConvertible where Element: RouteValueConvertible {
    public init?(routeValue: RouteValue) {
        switch routeValue {
        case .path(let segments):
            var elements: [Element] = []
            for segment in segments {
                guard let element = Element(routeValue: .string(segment)) else { return nil }
                elements.append(element)
            }
            self = elements
        case .list(let values):
            var elements: [Element] = []
            for value in values {
                guard let element = Element(routeValue: value) else { return nil }
                elements.append(element)
            }
            self = elements
        default:
            return nil
        }
    }

    public var routeValue: RouteValue {
        if let segments = self as? [String] { return .path(segments) }
        return .list(map(\.routeValue))
    }
}

/// Generated enums for `enum(…)` parameters: the value is the enum's raw value.
/// A `rest` query parameter's items.
extension Dictionary: RouteValueConvertible where Key == String, Value == String {
    public init?(routeValue: RouteValue) {
        guard case .fields(let fields) = routeValue else { return nil }
        self = fields
    }

    public var routeValue: RouteValue { .fields(self) }
}

extension RouteValueConvertible where Self: RawRepresentable, RawValue == String {
    public init?(routeValue: RouteValue) {
        guard case .string(let value) = routeValue else { return nil }
        self.init(rawValue: value)
    }
    public var routeValue: RouteValue { .string(rawValue) }
}

extension RouteParameters {
    /// Named values in order, leaving out the nil ones (absent optional parameters).
    public init(omittingNil pairs: KeyValuePairs<String, RouteValue?>) {
        var names: [String] = []
        var values: [RouteValue] = []
        for (name, value) in pairs {
            guard let value else { continue }
            names.append(name)
            values.append(value)
        }
        self.init(names: names, values: values)
    }

    /// The value named `name` as `T`; nil when absent or of another type.
    public func value<T: RouteValueConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        self[name].flatMap(T.init(routeValue:))
    }

    /// An optional parameter's value: `.some(nil)` when absent, `.some(value)` when present
    /// as `T`, and nil when present as another type.
    public func optionalValue<T: RouteValueConvertible>(_ name: String, as type: T.Type = T.self) -> T?? {
        guard let value = self[name] else { return .some(nil) }
        return T(routeValue: value).map { .some($0) }
    }
}
