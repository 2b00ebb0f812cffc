import AxiomRouting
import Foundation

/// `resolve --format json`'s entries written directly, byte for byte as `JSONEncoder` writes
/// a ``ResolveReport/Entry`` (pretty-printed, sorted keys, slashes unescaped), placed four
/// spaces in as the report holds them. A route's own description is encoded once and kept:
/// a stream of links mostly resolves to a few routes. Entries with what this writer does not
/// spell itself (a `double` or a field map among the values) are encoded by `JSONEncoder`.
/// `ResolveJSONTests` holds the two to the same bytes.
///
/// Everything is appended to one string in place: no intermediate strings per key.
struct ResolveJSON {
    private var routes: [String: String] = [:]

    /// The entry for `input`, indented as an element of the report's `results`.
    mutating func entry(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String {
        var out = ""
        out.reserveCapacity(1_024)
        if append(input, result, to: &out) { return out }
        return ResolveReport.Entry(input: input, result: result).json.indented(by: 4)
    }

    /// Appends the entry; false (with `out` in any state) when it must go to `JSONEncoder`.
    private mutating func append(_ input: String, _ result: Result<RouteMatch, RouteFailure>, to out: inout String) -> Bool {
        out += "    {\n"
        switch result {
        case .failure(let failure):
            out += "      \"failure\" : {\n        \"code\" : "
            Self.append(string: failure.code.rawValue, to: &out)
            out += ",\n        \"message\" : "
            Self.append(string: failure.description, to: &out)
            if case .noRoute(_, let suggestions) = failure.reason {
                out += ",\n        \"suggestions\" : "
                if suggestions.isEmpty {
                    out += "[\n\n        ]"
                } else {
                    out += "[\n"
                    for (index, suggestion) in suggestions.enumerated() {
                        if index > 0 { out += ",\n" }
                        out += "          {\n            \"example\" : "
                        Self.append(string: suggestion.example, to: &out)
                        out += ",\n            \"route\" : "
                        Self.append(string: suggestion.route, to: &out)
                        out += "\n          }"
                    }
                    out += "\n        ]"
                }
            }
            out += "\n      },\n      \"input\" : "
            Self.append(string: input, to: &out)
            out += ",\n      \"matched\" : false\n    }"
            return true
        case .success(let match):
            let route = match.route
            // Dropped lenient values are rare: `JSONEncoder` writes those matches.
            guard match.droppedQuery.isEmpty else { return false }
            if let alias = match.alias {
                out += "      \"alias\" : "
                Self.append(string: alias, to: &out)
                out += ",\n"
            }
            out += "      \"input\" : "
            Self.append(string: input, to: &out)
            out += ",\n      \"matched\" : true,\n      \"parameters\" : "
            guard Self.append(values: match.parameters, declared: route.parameters, indent: 6, to: &out) else { return false }
            out += ",\n      \"path\" : "
            Self.append(string: match.path, to: &out)
            out += ",\n      \"query\" : "
            guard Self.append(values: match.query, declared: route.query, indent: 6, to: &out) else { return false }
            if !match.redirects.isEmpty {
                // Each redirect's values are typed as the route's parameters of the same name.
                out += ",\n      \"redirects\" : [\n"
                for (index, redirect) in match.redirects.enumerated() {
                    if index > 0 { out += ",\n" }
                    out += "        {\n          \"name\" : "
                    Self.append(string: redirect.name, to: &out)
                    out += ",\n          \"parameters\" : "
                    guard Self.append(values: redirect.parameters, declared: route.parameters, indent: 10, to: &out) else { return false }
                    out += ",\n          \"pattern\" : "
                    Self.append(string: redirect.pattern, to: &out)
                    out += "\n        }"
                }
                out += "\n      ]"
            }
            out += ",\n      \"route\" : "
            out += routeJSON(route)
            out += "\n    }"
            return true
        }
    }

    /// The route's description, encoded once, its lines placed six spaces in.
    private mutating func routeJSON(_ route: Route) -> String {
        if let cached = routes[route.name] { return cached }
        let text = String(RouteInfo(route).json.indented(by: 6).dropFirst(6))
        routes[route.name] = text
        return text
    }

    /// Spaces, by count (indents go to 14 here).
    private static let spaces = (0...16).map { String(repeating: " ", count: $0) }

    private static func indent(_ count: Int) -> String { count < spaces.count ? spaces[count] : String(repeating: " ", count: count) }

    /// `[{"name", "type", "value"}…]` for a key `indent` spaces in; false for a value this
    /// writer leaves to `JSONEncoder`.
    private static func append<P: NamedParameter>(values: RouteParameters, declared: [P], indent: Int, to out: inout String) -> Bool {
        guard !values.isEmpty else {
            out += "[\n\n"
            out += Self.indent(indent)
            out += "]"
            return true
        }
        out += "[\n"
        for (index, (name, value)) in values.enumerated() {
            if index > 0 { out += ",\n" }
            out += Self.indent(indent + 2)
            out += "{\n"
            out += Self.indent(indent + 4)
            out += "\"name\" : "
            append(string: name, to: &out)
            out += ",\n"
            out += Self.indent(indent + 4)
            out += "\"type\" : "
            var type = "string"
            for parameter in declared where parameter.name == name {
                type = parameter.type.description
                break
            }
            append(string: type, to: &out)
            out += ",\n"
            out += Self.indent(indent + 4)
            out += "\"value\" : "
            guard append(value: value, indent: indent + 4, to: &out) else { return false }
            out += "\n"
            out += Self.indent(indent + 2)
            out += "}"
        }
        out += "\n"
        out += Self.indent(indent)
        out += "]"
        return true
    }

    /// A value as `JSONRouteValue` encodes it, for a key `indent` spaces in.
    private static func append(value: RouteValue, indent: Int, to out: inout String) -> Bool {
        switch value {
        case .string(let text): append(string: text, to: &out)
        case .int(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .uuid(let uuid): append(string: uuid.uuidString, to: &out)
        case .path(let segments):
            return append(array: segments, indent: indent, to: &out) { segment, out in
                append(string: segment, to: &out)
                return true
            }
        case .list(let items):
            return append(array: items, indent: indent, to: &out) { item, out in append(value: item, indent: indent + 2, to: &out) }
        case .double(let number):
            // As JSONEncoder writes a finite double: its shortest description, a whole number
            // without `.0` (`2`, `-0`, `1.5`, `1e+16`). Anything else goes to JSONEncoder.
            guard number.isFinite else { return false }
            let text = number.description
            out += text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        case .fields: return false
        }
        return true
    }

    /// An array of `items` as `JSONEncoder` pretty-prints it for a key `indent` spaces in (an
    /// empty one as `[`, a blank line, `]`), each item written by `element`; false as soon as
    /// one is left to `JSONEncoder`.
    private static func append<Items: Collection>(
        array items: Items, indent: Int, to out: inout String, element: (Items.Element, inout String) -> Bool
    ) -> Bool {
        guard !items.isEmpty else {
            out += "[\n\n" + Self.indent(indent) + "]"
            return true
        }
        out += "[\n"
        for (index, item) in items.enumerated() {
            if index > 0 { out += ",\n" }
            out += Self.indent(indent + 2)
            guard element(item, &out) else { return false }
        }
        out += "\n" + Self.indent(indent) + "]"
        return true
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, `\b \t \n \f \r`, other
    /// C0 controls as `\u00xx`, everything else (slashes, U+007F, non-ASCII) as it is.
    static func string(_ text: String) -> String {
        var out = ""
        append(string: text, to: &out)
        return out
    }

    static func append(string text: String, to out: inout String) {
        out += "\""
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscaping = true
            break
        }
        guard needsEscaping else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// A declared path or query parameter: its name and type.
protocol NamedParameter {
    var name: String { get }
    var type: ParameterType { get }
}

extension Route.Parameter: NamedParameter {}
extension Route.QueryParameter: NamedParameter {}
