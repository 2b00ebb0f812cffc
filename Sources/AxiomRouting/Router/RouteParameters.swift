/// Typed parameter values in pattern (or declaration) order.
///
/// ```swift
/// let userId = match.parameters.get("userId", as: Int.self)      // Int?
/// let tab = try match.query.require("tab", as: ProfileTab.self)   // a RawRepresentable<String>
/// ```
public struct RouteParameters: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public let names: [String]
    public let values: [RouteValue]

    public init(names: [String], values: [RouteValue]) {
        self.names = names
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, RouteValue)...) {
        self.init(names: elements.map(\.0), values: elements.map(\.1))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { names.count }
    public subscript(position: Int) -> (name: String, value: RouteValue) { (names[position], values[position]) }

    /// The value named `name`, or nil when absent.
    public subscript(name: String) -> RouteValue? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// The value converted to `T`, or nil when absent or not convertible.
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let value = self[name] else { return nil }
        switch value {
        case .int(let number): if let result = number as? T { return result }
        case .double(let number): if let result = number as? T { return result }
        case .bool(let flag): if let result = flag as? T { return result }
        default: break
        }
        return T(value.description)
    }

    /// The value as a `RawRepresentable` with `String` raw values (an enum of the table's
    /// listed values), or nil.
    public func get<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) -> T? where T.RawValue == String {
        self[name].flatMap { T(rawValue: $0.description) }
    }

    /// The value converted to `T`; throws when it is absent or does not convert.
    public func require<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) throws(RouteParameterError) -> T {
        guard let value = self[name] else { throw .missing(name) }
        guard let result = get(name, as: T.self) else { throw .notConvertible(name, value: value.description, to: "\(T.self)") }
        return result
    }

    /// The value as a `RawRepresentable`; throws when it is absent or not one of its cases.
    public func require<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) throws(RouteParameterError) -> T
    where T.RawValue == String {
        guard let value = self[name] else { throw .missing(name) }
        guard let result = T(rawValue: value.description) else {
            throw .notConvertible(name, value: value.description, to: "\(T.self)")
        }
        return result
    }

    public var description: String {
        "[" + zip(names, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}

/// Why ``RouteParameters/require(_:as:)`` failed.
public enum RouteParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(String)
    case notConvertible(String, value: String, to: String)

    public var description: String {
        switch self {
        case .missing(let name): return "parameter '\(name)' is absent"
        case .notConvertible(let name, let value, let type): return "parameter '\(name)' = '\(value)' is not a \(type)"
        }
    }
}

/// A resolved URL: the route, its typed path parameters, and its query parameters (with
/// defaults applied).
public struct RouteMatch: Sendable, Hashable, CustomStringConvertible {
    public let route: Route
    public let parameters: RouteParameters
    public let query: RouteParameters
    /// The path the URL was routed by (`/profile/42` for `myapp://profile/42`).
    public let path: String

    public var description: String {
        var text = "\(route.name) \(parameters)"
        if !query.isEmpty { text += " query \(query)" }
        return text
    }
}
