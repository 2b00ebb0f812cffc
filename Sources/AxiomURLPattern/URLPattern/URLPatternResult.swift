/// The outcome of a successful ``URLPattern/exec(_:baseURL:)``: per component, the
/// canonical input and the groups.
public struct URLPatternResult: Sendable, Hashable {
    /// What was passed to `exec`: the URL string (and base URL), or the per-component input.
    public let inputs: [URLPatternInput]
    let components: [URLPatternComponentResult]

    init(inputs: [URLPatternInput], components: [URLPatternComponentResult]) {
        self.inputs = inputs
        self.components = components
    }

    public subscript(component: URLPattern.Component) -> URLPatternComponentResult {
        components[component.index]
    }

    public var `protocol`: URLPatternComponentResult { self[.protocol] }
    public var username: URLPatternComponentResult { self[.username] }
    public var password: URLPatternComponentResult { self[.password] }
    public var hostname: URLPatternComponentResult { self[.hostname] }
    public var port: URLPatternComponentResult { self[.port] }
    public var pathname: URLPatternComponentResult { self[.pathname] }
    public var search: URLPatternComponentResult { self[.search] }
    public var hash: URLPatternComponentResult { self[.hash] }
}

/// One component's match: the input it was matched against and its groups.
public struct URLPatternComponentResult: Sendable, Hashable {
    /// The component of the input URL, canonicalised (e.g. `/a%20b`).
    public let input: String
    /// Groups in pattern order, by name (`"id"`) or number for unnamed ones (`"0"`).
    /// A group that did not participate maps to `nil`, one that matched nothing to `""`:
    /// `groups["id"]` is `String??`, with `.some(nil)` for "present, no value".
    public let groups: Groups

    public init(input: String, groups: Groups) {
        self.input = input
        self.groups = groups
    }

    /// The value of group `name`, or nil when it did not participate or does not exist.
    public subscript(name: String) -> String? {
        groups[name] ?? nil
    }

    /// A component's groups in pattern order: an ordered map from name to value, where a
    /// value is nil for a group that did not participate in the match.
    ///
    /// ```swift
    /// let groups = pattern.exec(url)?.pathname.groups
    /// groups?["id"]          // String??: .some("42"), .some(nil) if it did not participate
    /// for (name, value) in groups ?? [:] { print(name, value ?? "-") }
    /// ```
    public struct Groups: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
        CustomStringConvertible
    {
        /// Group names in pattern order (shared with the compiled pattern).
        public let names: [String]
        /// Group values, parallel to ``names``.
        public let values: [String?]

        public init(names: [String], values: [String?]) {
            self.names = names
            self.values = values
        }

        public init(dictionaryLiteral elements: (String, String?)...) {
            self.init(names: elements.map(\.0), values: elements.map(\.1))
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { names.count }
        public subscript(position: Int) -> (name: String, value: String?) { (names[position], values[position]) }

        /// The value of group `name`: nil when there is no such group, `.some(nil)` when the
        /// group did not participate.
        public subscript(name: String) -> String?? {
            guard let index = names.firstIndex(of: name) else { return nil }
            return .some(values[index])
        }

        /// The group names, in pattern order.
        public var keys: [String] { names }

        public var description: String {
            "[" + zip(names, values).map { "\($0): \($1.map { "\"\($0)\"" } ?? "nil")" }.joined(separator: ", ") + "]"
        }
    }
}

/// An input as passed to ``URLPattern/exec(_:baseURL:)``.
public enum URLPatternInput: Sendable, Hashable {
    case string(String)
    case components(URLPatternInit)
}
