@_spi(Lookup) import AxiomURLPattern

/// Routes that match on the fragment as well as the path: a route's pattern may end in `#` and
/// a fragment pattern (`/#/room/:roomId`, `https://matrix.to/#/:id`), for links that carry their
/// route in the fragment (hash-routed web apps). The fragment is matched like a path — its
/// groups stop at `/` — in its canonical percent-encoding, and its named groups are parameters
/// of the route, typed by `param` lines as the path's are.
extension RouteCompiler {
    /// A route's fragment pattern, parsed.
    struct FragmentSyntax {
        /// The canonical pattern, without `#`.
        var text: String
        var parts: [Part]
    }

    /// `pattern` split at its fragment: the first `#` that is not escaped and not inside a
    /// group's regexp. The part before it keeps its place in the file; an empty one is the root.
    func splitFragment(_ pattern: Located<String>) -> (rest: Located<String>, fragment: Located<String>?) {
        let scalars = Array(pattern.value.unicodeScalars)
        var depth = 0
        var escaped = false
        for (index, scalar) in scalars.enumerated() {
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "(" {
                depth += 1
            } else if scalar == ")" {
                depth = max(0, depth - 1)
            } else if scalar == "#", depth == 0 {
                let rest = String(String.UnicodeScalarView(scalars[..<index]))
                let fragment = String(String.UnicodeScalarView(scalars[(index + 1)...]))
                let start = patternLocation(pattern, offset: index)
                return (
                    Located(value: rest.isEmpty ? "/" : rest, location: pattern.location),
                    Located(
                        value: fragment,
                        location: SourceLocation(file: start.file, line: start.line, column: start.column, length: fragment.count + 1))
                )
            }
        }
        return (pattern, nil)
    }

    /// The fragment pattern's parts, checked (URLPattern's syntax, PCRE2's verdict on its
    /// expression); nil, reported, when it cannot be compiled.
    mutating func fragmentSyntax(_ fragment: Located<String>) -> FragmentSyntax? {
        let parts: [Part]
        do {
            parts = try FragmentMatcher.parse(fragment.value)
            let source = try JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parts, options: .pathname).source)
            _ = try CompiledRegex(source, caseless: false, jit: false)
        } catch let error as PatternSyntaxError {
            let failure = URLPatternError(error, component: .hash, pattern: fragment.value)
            diagnostics.append(.invalidPattern(failure.message, at: fragment.location))
            return nil
        } catch {
            let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
            diagnostics.append(.invalidPattern(message, at: fragment.location))
            return nil
        }
        return FragmentSyntax(text: PatternRegexGenerator.patternString(parts, options: .pathname), parts: parts)
    }

    /// The parameters of a fragment's named groups, typed by the route's `param` lines as path
    /// groups are (a group that spans `/` is a `path` or a `string`); nil, reported, when a
    /// name is also the path's or the host's (`taken`: name → which) or a type does not fit.
    mutating func fragmentParameters(
        _ fragment: FragmentSyntax, declared: [ParameterDeclaration], taken: [String: String], at location: SourceLocation
    ) -> [Route.Parameter]? {
        var parameters: [Route.Parameter] = []
        var failed = false
        for part in fragment.parts where part.kind != .fixedText && part.hasCustomName {
            if let other = taken[part.name] {
                diagnostics.append(.fragmentGroupNamedTwice(part.name, other: other, at: location))
                failed = true
                continue
            }
            let spans = part.spansSegments
            var type: ParameterType = spans ? .path : .string
            if let line = declared.first(where: { $0.name.value == part.name }) {
                let declaredType = line.type.value
                if declaredType.isQueryOnly {
                    diagnostics.append(.queryTypeInPath(part.name, type: declaredType, at: line.type.location))
                    failed = true
                } else if spans, declaredType != .path, declaredType != .string {
                    diagnostics.append(.spanningGroupTyped(part.name, as: declaredType, at: line.type.location))
                    failed = true
                } else if declaredType == .path, !spans, part.kind != .regexp {
                    diagnostics.append(.segmentGroupTypedPath(part.name, at: line.type.location))
                    failed = true
                }
                type = declaredType
            }
            parameters.append(
                Route.Parameter(
                    name: part.name, type: type, isOptional: part.modifier == .optional || part.modifier == .zeroOrMore,
                    emptyIsAbsent: part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty))
        }
        return failed ? nil : parameters
    }
}

extension CompiledRoute {
    /// What ranks a route's fragment among routes of the same path and host: its pieces, as a
    /// path segment's are ranked (fixed text before a group).
    static func fragmentAtoms(_ fragment: RouteCompiler.FragmentSyntax) -> [UInt16] {
        fragment.parts.flatMap { part -> [UInt16] in
            guard part.kind != .fixedText else { return part.value.utf8.map { UInt16($0) } }
            return [SegmentToken.groupAtom + UInt16(SegmentKind(part, regexpSpans: { _ in false }).rawValue)]
        }
    }
}
