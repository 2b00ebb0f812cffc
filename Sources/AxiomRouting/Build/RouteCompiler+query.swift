@_spi(Lookup) import AxiomURLPattern

/// A route's query declarations compiled: names claimed once, types and defaults checked.
extension RouteCompiler {
    mutating func compileQuery(_ declaration: RouteDeclaration, pathNames: Set<String>) -> [Route.QueryParameter] {
        var query: [Route.QueryParameter] = []
        var seen: [String: SourceLocation] = [:]
        for parameter in declaration.query {
            let name = parameter.name.value
            // The router takes attribution items out before any route sees the query.
            if let named = ([parameter.name] + parameter.aliases).first(where: { attribution.contains($0.value) }) {
                diagnostics.append(.attributionQuery(named.value, at: named.location))
                continue
            }
            guard claim(name, at: parameter.name.location, seen: &seen, pathNames: pathNames) else { continue }
            // Another name for the item is one more name of the route's query: taken once.
            let aliasClash = parameter.aliases.map { claim($0.value, at: $0.location, seen: &seen, pathNames: pathNames) }.contains(false)
            if aliasClash { continue }
            if let shape = parameter.shape {
                query += likeParameters(parameter, shape: shape, route: declaration, pathNames: pathNames, seen: &seen)
                continue
            }
            // A `rest` map is always there: empty when the URL has nothing else.
            // A `rest` map and a list are always there: empty when the URL has none.
            var defaultValue: RouteValue? = parameter.type.value == .rest ? .fields([:]) : nil
            if case .list = parameter.type.value { defaultValue = .list([]) }
            if let list = parameter.defaultList, case .list(let element) = parameter.type.value {
                // `= [swift, ios]`: each value of the element's type.
                var values: [RouteValue] = []
                for text in list {
                    guard let value = element.convert(text.value) else {
                        diagnostics.append(.invalidDefault(text, type: element, example: Self.example(for: element)))
                        break
                    }
                    values.append(value)
                }
                guard values.count == list.count else { continue }
                defaultValue = .list(values)
                if parameter.isOptional { diagnostics.append(.redundantOptional(at: parameter.name.location)) }
            } else if let text = parameter.defaultValue {
                guard let value = parameter.type.value.convert(text.value) else {
                    diagnostics.append(.invalidDefault(text, type: parameter.type.value, example: Self.example(for: parameter.type.value)))
                    continue
                }
                defaultValue = value
                if parameter.isOptional {
                    diagnostics.append(.redundantOptional(at: parameter.name.location))
                }
            }
            // A `rest` map is always there (empty when every item is declared).
            let isRequired = defaultValue == nil && !parameter.isOptional
            if let lenient = parameter.isLenient, isRequired {
                diagnostics.append(.lenientRequired(name, at: lenient.location))
            }
            if let nullable = parameter.isNullable, isRequired || parameter.type.value == .rest {
                diagnostics.append(.nullableNotAbsent(name, rest: !isRequired, at: nullable.location))
            }
            var ignoresCase = false
            var enumType = parameter.type.value
            if case .list(let element) = enumType { enumType = element }
            if case .enumeration = enumType {
                ignoresCase = parameter.ignoresCase != nil || syntax.enumCaseInsensitive
            } else if parameter.pattern != nil {
                // On another type, `ignore-case` makes its `matching` regexp case-insensitive.
                ignoresCase = parameter.ignoresCase != nil
            } else if let flag = parameter.ignoresCase {
                diagnostics.append(.ignoreCaseNotEnum(name, at: flag.location))
            }
            if let bare = parameter.takesBareItem, !{ if case .enumeration = parameter.type.value { true } else { false } }() {
                diagnostics.append(.bareNotEnum(name, at: bare.location))
            }
            if let pattern = parameter.pattern {
                do {
                    _ = try CompiledRegex(try JavaScriptRegexTranslator.translate("^(?:" + pattern.value + ")$"), caseless: ignoresCase, jit: false)
                } catch {
                    let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
                    diagnostics.append(.invalidPattern("the regexp after 'matching' is not valid: \(message)", at: pattern.location))
                }
            }
            query.append(
                Route.QueryParameter(
                    name: name, type: parameter.type.value, defaultValue: defaultValue, isRequired: isRequired && !parameter.mustBeAbsent,
                    isLenient: parameter.isLenient != nil && !isRequired, ignoresCase: ignoresCase, mustBeAbsent: parameter.mustBeAbsent,
                    pattern: parameter.pattern?.value, runsToEnd: parameter.runsToEnd != nil, aliases: parameter.aliases.map(\.value),
                    ignoresNameCase: parameter.ignoresNameCase != nil || syntax.queryNameCaseInsensitive,
                    takesBareItem: parameter.takesBareItem != nil, isNullable: parameter.isNullable != nil))
        }
        return query
    }

    /// Takes `name` for one of a route's query names (an item's, another name of an item, a
    /// `like` group's); false, reported at `location`, when the route's query (`seen`) or path
    /// has it already.
    mutating func claim(_ name: String, at location: SourceLocation, seen: inout [String: SourceLocation], pathNames: Set<String>) -> Bool {
        defer { if seen[name] == nil { seen[name] = location } }
        if let first = seen[name] {
            diagnostics.append(.queryDeclaredTwice(name, at: location, first: first))
            return false
        }
        if pathNames.contains(name) {
            diagnostics.append(.queryNamedLikePath(name, at: location))
            return false
        }
        return true
    }

    static func example(for type: ParameterType) -> String? {
        switch type {
        case .int: return "42"
        case .double: return "1.5"
        case .bool: return "true"
        case .uuid: return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case .enumeration(let values): return values.first
        case .url(let schemes): return (schemes.first ?? "https") + "://example.com/"
        case .list(let element): return "[" + (example(for: element) ?? "a") + ", " + (example(for: element) ?? "b") + "]"
        case .string, .path, .rest: return nil
        }
    }
}
