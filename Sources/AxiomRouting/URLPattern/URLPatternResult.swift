public import OrderedCollections

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
    public let groups: OrderedDictionary<String, String?>

    public init(input: String, groups: OrderedDictionary<String, String?>) {
        self.input = input
        self.groups = groups
    }

    /// The value of group `name`, or nil when it did not participate or does not exist.
    public subscript(name: String) -> String? {
        groups[name] ?? nil
    }
}

/// An input as passed to ``URLPattern/exec(_:baseURL:)``.
public enum URLPatternInput: Sendable, Hashable {
    case string(String)
    case components(URLPatternInit)
}
