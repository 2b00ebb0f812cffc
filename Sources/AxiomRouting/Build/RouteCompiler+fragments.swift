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
        // Most patterns have no `#` at all: one pass over the bytes, no copy.
        guard pattern.value.utf8.contains(UInt8(ascii: "#")) else { return (pattern, nil) }
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
        guard let parts = pathLikeParts(fragment, component: .hash, parse: FragmentMatcher.parse) else { return nil }
        return FragmentSyntax(text: PatternRegexGenerator.patternString(parts, options: .pathname), parts: parts)
    }

    /// The parts of a pattern in the path's syntax matched against another part of a URL (a
    /// fragment, a query value), checked: URLPattern's syntax, PCRE2's verdict on its
    /// expression; nil, reported at `text` (`what` prefixes the message), when it cannot be compiled.
    mutating func pathLikeParts(
        _ text: Located<String>, component: URLPattern.Component?, what: String = "",
        parse: (String) throws(PatternSyntaxError) -> [Part]
    ) -> [Part]? {
        do {
            let parts = try parse(text.value)
            let source = try JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parts, options: .pathname).source)
            _ = try CompiledRegex(source, caseless: false, jit: false)
            return parts
        } catch let error as PatternSyntaxError {
            diagnostics.append(.invalidPattern(what + URLPatternError(error, component: component, pattern: text.value).message, at: text.location))
        } catch {
            let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
            diagnostics.append(.invalidPattern(what + message, at: text.location))
        }
        return nil
    }

    /// The parameters of a fragment's named groups, typed by the route's `param` lines as path
    /// groups are (a group that spans `/` is a `path` or a `string`); nil, reported, when a
    /// name is also the path's or the host's (`taken`: name → which) or a type does not fit.
    mutating func fragmentParameters(
        _ fragment: FragmentSyntax, declared: [ParameterDeclaration], taken: [String: String], at location: SourceLocation
    ) -> [Route.Parameter]? {
        var failed = false
        for part in fragment.parts where part.kind != .fixedText && part.hasCustomName {
            if let other = taken[part.name] {
                diagnostics.append(.fragmentGroupNamedTwice(part.name, other: other, at: location))
                failed = true
            }
        }
        guard let parameters = typedGroups(fragment.parts, declared: declared), !failed else { return nil }
        return parameters
    }

    /// The parameters of a path-like pattern's named groups (a fragment's, a query value's),
    /// typed by the route's `param` lines as path groups are (a group that spans `/` is a `path`
    /// or a `string`); nil, reported at the `param` line, when a type does not fit.
    mutating func typedGroups(_ parts: [Part], declared: [ParameterDeclaration]) -> [Route.Parameter]? {
        var parameters: [Route.Parameter] = []
        var failed = false
        for part in parts where part.kind != .fixedText && part.hasCustomName {
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

/// Routes scoped to an app scheme: `route user matrix:u/:user` matches only `matrix:` URLs (of
/// the path `/u/:user`, as the scheme's URLs are routed), and prints them in the spelling its
/// pattern uses — `matrix:u/alice`, `matrix:/u/alice` or `matrix://u/alice`.
extension RouteCompiler {
    /// `pattern` without its app scheme, when it starts with one that is not special (`matrix:`,
    /// `io.element:`): the routed path pattern, and the scheme with the spelling. Unchanged with
    /// no scope for a path, and for `http(s)://…` (a route on a host).
    func splitScheme(_ pattern: Located<String>) -> (path: Located<String>, scope: Route.SchemeScope?) {
        let text = pattern.value
        // A path (`/…`, `{/…}`) names no scheme.
        guard let byte = text.utf8.first, byte != UInt8(ascii: "/"), byte != UInt8(ascii: "{") else { return (pattern, nil) }
        func letter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let colon = text.firstIndex(of: ":") else { return (pattern, nil) }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, letter(first),
            scheme.unicodeScalars.allSatisfy({ letter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }),
            !URLRecord.isSpecialScheme(scheme.lowercased())
        else { return (pattern, nil) }
        let rest = text[text.index(after: colon)...]
        let spelling: Route.SchemeScope.Spelling
        let path: String
        if rest.hasPrefix("//") {
            (spelling, path) = (.host, "/" + rest.dropFirst(2))
        } else if rest.hasPrefix("/") {
            (spelling, path) = (.path, String(rest))
        } else {
            (spelling, path) = (.opaque, "/" + rest)
        }
        // The path keeps its place in the file: the scheme's `//` or `:` before it.
        let offset = scheme.unicodeScalars.count + 1 + (spelling == .host ? 2 : 0) - (spelling == .opaque ? 1 : 0)
        let start = patternLocation(pattern, offset: max(0, offset))
        return (
            Located(value: path, location: SourceLocation(file: start.file, line: start.line, column: start.column, length: max(1, path.count))),
            Route.SchemeScope(scheme: scheme.lowercased(), spelling: spelling, writtenScheme: String(scheme))
        )
    }

    /// Checks a route's scheme against the table: some origin must accept it (`E324`), and a
    /// host-less spelling needs `option app-scheme-host optional` (`E328`).
    mutating func checkScheme(_ scope: Route.SchemeScope, route: String, at location: SourceLocation, origins: [Origin]) -> Bool {
        if !origins.isEmpty,
            !origins.contains(where: { $0.hosts == .everyOtherScheme || $0.hosts == .appScheme && $0.scheme == scope.scheme })
        {
            diagnostics.append(.hostNotAccepted(scope.scheme + ":", origins: origins.map(\.description), at: location))
            return false
        }
        if scope.spelling != .host, syntax.appSchemeHostRequired {
            diagnostics.append(.spellingRefused(route, spelling: scope.written("/…"), at: location))
            return false
        }
        return true
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
