import AxiomRouting
import Foundation

/// `resolve --format json`'s entries written directly, byte for byte as `JSONEncoder` writes
/// a ``ResolveReport/Entry`` (pretty-printed, sorted keys, slashes unescaped), placed four
/// spaces in as the report holds them. A route's own description is encoded once and kept:
/// a stream of links mostly resolves to a few routes. Entries with what this writer does not
/// spell itself (a `double` or a field map among the values) are encoded by
/// `JSONEncoder`. `ResolveJSONTests` holds the two to the same bytes.
struct ResolveJSON {
    private var routes: [String: String] = [:]

    /// The entry for `input`, indented as an element of the report's `results`.
    mutating func entry(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String {
        if let fast = fastEntry(input, result) { return fast }
        return ResolveReport.Entry(input: input, result: result).json.indented(by: 4)
    }

    private mutating func fastEntry(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String? {
        var out = "    {\n"
        switch result {
        case .failure(let failure):
            out += "      \"failure\" : {\n        \"code\" : " + Self.string(failure.code.rawValue) + ",\n        \"message\" : "
            out += Self.string(failure.description)
            if case .noRoute(_, let suggestions) = failure.reason {
                out += ",\n        \"suggestions\" : "
                if suggestions.isEmpty {
                    out += "[\n\n        ]"
                } else {
                    out += "[\n"
                    for (index, suggestion) in suggestions.enumerated() {
                        out += index == 0 ? "" : ",\n"
                        out += "          {\n            \"example\" : " + Self.string(suggestion.example)
                        out += ",\n            \"route\" : " + Self.string(suggestion.route) + "\n          }"
                    }
                    out += "\n        ]"
                }
            }
            out += "\n      },\n      \"input\" : " + Self.string(input) + ",\n      \"matched\" : false\n    }"
            return out
        case .success(let match):
            let declared = match.route.parameters.map { ($0.name, $0.type) }
            if let alias = match.alias { out += "      \"alias\" : " + Self.string(alias) + ",\n" }
            out += "      \"input\" : " + Self.string(input) + ",\n      \"matched\" : true,\n      \"parameters\" : "
            guard let parameters = Self.values(match.parameters, declared: declared, indent: 6) else { return nil }
            out += parameters + ",\n      \"path\" : " + Self.string(match.path) + ",\n      \"query\" : "
            guard let query = Self.values(match.query, declared: match.route.query.map { ($0.name, $0.type) }, indent: 6) else { return nil }
            out += query
            if !match.redirects.isEmpty {
                // Each redirect's values are typed as the route's parameters of the same name.
                out += ",\n      \"redirects\" : [\n"
                for (index, redirect) in match.redirects.enumerated() {
                    guard let values = Self.values(redirect.parameters, declared: declared, indent: 10) else { return nil }
                    out += index == 0 ? "" : ",\n"
                    out += "        {\n          \"name\" : " + Self.string(redirect.name) + ",\n          \"parameters\" : " + values
                    out += ",\n          \"pattern\" : " + Self.string(redirect.pattern) + "\n        }"
                }
                out += "\n      ]"
            }
            out += ",\n      \"route\" : " + routeJSON(match.route) + "\n    }"
            return out
        }
    }

    /// The route's description, encoded once, its lines placed six spaces in.
    private mutating func routeJSON(_ route: Route) -> String {
        if let cached = routes[route.name] { return cached }
        let text = RouteInfo(route).json.indented(by: 6).dropFirst(6)
        routes[route.name] = String(text)
        return String(text)
    }

    /// `[{"name", "type", "value"}…]` for a key `indent` spaces in, or nil for a value this
    /// writer leaves to `JSONEncoder`.
    private static func values(_ values: RouteParameters, declared: [(String, ParameterType)], indent: Int) -> String? {
        let closing = String(repeating: " ", count: indent)
        guard !values.isEmpty else { return "[\n\n" + closing + "]" }
        let object = String(repeating: " ", count: indent + 2)
        let key = String(repeating: " ", count: indent + 4)
        var out = "[\n"
        for (index, (name, value)) in values.enumerated() {
            let type = declared.first { $0.0 == name }?.1.description ?? "string"
            guard let json = Self.value(value, indent: indent + 4) else { return nil }
            out += index == 0 ? "" : ",\n"
            out += object + "{\n" + key + "\"name\" : " + Self.string(name) + ",\n" + key + "\"type\" : " + Self.string(type)
            out += ",\n" + key + "\"value\" : " + json + "\n" + object + "}"
        }
        return out + "\n" + closing + "]"
    }

    /// A value as `JSONRouteValue` encodes it, for a key `indent` spaces in.
    private static func value(_ value: RouteValue, indent: Int) -> String? {
        switch value {
        case .string(let text): return string(text)
        case .int(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .uuid(let uuid): return string(uuid.uuidString)
        case .path(let segments): return array(segments.map(string), indent: indent)
        case .list(let items):
            var elements: [String] = []
            for item in items {
                guard let element = Self.value(item, indent: indent + 2) else { return nil }
                elements.append(element)
            }
            return array(elements, indent: indent)
        case .double, .fields: return nil
        }
    }

    private static func array(_ elements: [String], indent: Int) -> String {
        let closing = String(repeating: " ", count: indent)
        guard !elements.isEmpty else { return "[\n\n" + closing + "]" }
        let inner = String(repeating: " ", count: indent + 2)
        return "[\n" + elements.map { inner + $0 }.joined(separator: ",\n") + "\n" + closing + "]"
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, `\b \t \n \f \r`, other
    /// C0 controls as `\u00xx`, everything else (slashes, U+007F, non-ASCII) as it is.
    static func string(_ text: String) -> String {
        var out = "\""
        var needsEscaping = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return out + text + "\"" }
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
        return out + "\""
    }
}
