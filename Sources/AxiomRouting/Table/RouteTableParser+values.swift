/// The values property lines carry: query declarations, aliases, parameter types, a redirect's
/// fixed values, transitions.
extension RouteTableParser {
    /// `query NAME TYPE [= DEFAULT] [optional] [lenient]`: under a route, or at the top for every route.
    mutating func parseQuery(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> QueryDeclaration {
        let parameter = try name(try required(&scanner, "a name and a type, e.g. 'query page int = 1'", after: keyword), "query parameter name")
        // `query token absent`: the route is for URLs without the item.
        if scanner.peek() == "a", case var probe = scanner, let word = try? probe.word(), word.value == "absent" {
            scanner = probe
            try expectEnd(&scanner, after: "'absent'")
            var declaration = QueryDeclaration(name: parameter, type: Located(value: .string, location: word.location))
            declaration.mustBeAbsent = true
            declaration.isOptional = true
            return declaration
        }
        // `query id like :userId(\d+)L`: the value read through a pattern.
        if scanner.peek() == "l", case var probe = scanner, let like = try? probe.word(), like.value == "like" {
            scanner = probe
            var declaration = QueryDeclaration(name: parameter, type: Located(value: .string, location: like.location))
            declaration.shape = try required(&scanner, "a pattern for the value, e.g. 'like :userId(\\d+)L'", after: like)
            while let flag = try word(&scanner) {
                switch flag.value {
                case "optional" where !declaration.isOptional: declaration.isOptional = true
                case "ignore-case" where declaration.ignoresCase == nil: declaration.ignoresCase = Located(value: true, location: flag.location)
                case "ignore-name-case" where declaration.ignoresNameCase == nil:
                    declaration.ignoresNameCase = Located(value: true, location: flag.location)
                case "also" where declaration.aliases.isEmpty: declaration.aliases = try parseAliases(&scanner, after: flag)
                default: throw fail(.expectedLikeFlag(flag))
                }
            }
            try expectEnd(&scanner, after: "the query parameter")
            return declaration
        }
        let type = try parseType(&scanner, after: parameter)
        var declaration = QueryDeclaration(name: parameter, type: type)
        if scanner.consume("=") {
            if case .list = type.value, scanner.peek() == "[" {
                (declaration.defaultValue, declaration.defaultList) = try parseListDefault(&scanner, after: parameter)
            } else {
                declaration.defaultValue = try required(
                    &scanner, "a default value after '='", after: Located(value: "=", location: parameter.location))
            }
        }
        while let flag = try word(&scanner) {
            switch flag.value {
            case "optional" where !declaration.isOptional: declaration.isOptional = true
            case "lenient" where declaration.isLenient == nil: declaration.isLenient = Located(value: true, location: flag.location)
            case "nullable" where declaration.isNullable == nil: declaration.isNullable = Located(value: true, location: flag.location)
            case "ignore-case" where declaration.ignoresCase == nil: declaration.ignoresCase = Located(value: true, location: flag.location)
            case "to-end" where declaration.runsToEnd == nil: declaration.runsToEnd = Located(value: true, location: flag.location)
            case "bare" where declaration.takesBareItem == nil: declaration.takesBareItem = Located(value: true, location: flag.location)
            case "ignore-name-case" where declaration.ignoresNameCase == nil:
                declaration.ignoresNameCase = Located(value: true, location: flag.location)
            case "also" where declaration.aliases.isEmpty: declaration.aliases = try parseAliases(&scanner, after: flag)
            case "matching" where declaration.pattern == nil:
                declaration.pattern = try required(&scanner, "a regexp the whole value must match, e.g. 'matching https?://.+'", after: flag)
            default: throw fail(.expectedOptional(flag))
            }
        }
        try expectEnd(&scanner, after: "the query parameter")
        return declaration
    }

    /// A list's default, `[swift, ios]` (or `[]`): the whole as written, and each value.
    mutating func parseListDefault(
        _ scanner: inout LineScanner, after parameter: Located<String>
    ) throws(LineError) -> (Located<String>, [Located<String>]) {
        let start = scanner.column
        _ = scanner.consume("[")
        var values: [Located<String>] = []
        if !scanner.consume("]") {
            repeat {
                values.append(try required(&scanner, "a value of the list, e.g. '= [swift, ios]'", after: parameter, stops: [",", "]"]))
            } while scanner.consume(",")
            guard scanner.consume("]") else { throw fail(.listNotClosed(at: scanner.location(column: scanner.column, length: 1))) }
        }
        let whole = scanner.location(column: start, length: scanner.column - start)
        return (Located(value: "[" + values.map(\.value).joined(separator: ", ") + "]", location: whole), values)
    }

    /// `also NAME, …`: a query item's other names.
    mutating func parseAliases(_ scanner: inout LineScanner, after flag: Located<String>) throws(LineError) -> [Located<String>] {
        var aliases: [Located<String>] = []
        repeat {
            let alias = try required(&scanner, "the item's other names, e.g. 'also latitude'", after: flag, stops: [","])
            aliases.append(try name(alias, "query parameter name"))
        } while scanner.consume(",")
        return aliases
    }

    /// `param NAME TYPE`. Unnamed groups are numbered (`param 0 path` for `/files/*`).
    mutating func parseParam(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> ParameterDeclaration {
        let word = try required(&scanner, "a name and a type, e.g. 'param id int'", after: keyword)
        let parameter = word.value.allSatisfy(\.isASCII) && word.value.allSatisfy(\.isNumber) ? word : try name(word, "parameter name")
        let type = try parseType(&scanner, after: parameter)
        var declaration = ParameterDeclaration(name: parameter, type: type)
        if scanner.peek() == "t", case var probe = scanner, let flag = try? probe.word(), flag.value == "to-end" {
            scanner = probe
            declaration.runsToEnd = Located(value: true, location: flag.location)
        }
        try expectEnd(&scanner, after: declaration.runsToEnd == nil ? "the type (or 'to-end')" : "'to-end'")
        return declaration
    }

    /// The lines under a `redirect`: `param` (the old pattern's types, checked against the
    /// target's) and `set NAME = VALUE` (a value for the target the old URL does not carry);
    /// everything else about the destination is the target route's.
    mutating func parseRedirectProperty(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) {
        switch keyword.value {
        case "param":
            let parameter = try parseParam(keyword, &scanner)
            syntax.redirects[syntax.redirects.count - 1].parameters.append(parameter)
        case "set":
            let fixed = try parseFixedValue(after: keyword, &scanner, example: "set tag = swift", stops: ["="])
            try expectEnd(&scanner, after: "the value")
            syntax.redirects[syntax.redirects.count - 1].fixed.append(fixed)
        default:
            throw fail(.redirectProperty(keyword, redirect: syntax.redirects[syntax.redirects.count - 1].name.value))
        }
    }

    /// `NAME = VALUE` (a redirect's `set`, a route's `start`); the value stops at `stops`
    /// other than `=`.
    func parseFixedValue(
        after keyword: Located<String>, _ scanner: inout LineScanner, example: String, stops: Set<Character>
    ) throws(LineError) -> FixedValueDeclaration {
        let parameter = try name(try required(&scanner, "a name, '=' and a value, e.g. '\(example)'", after: keyword, stops: stops), "parameter name")
        guard scanner.consume("=") else {
            throw fail(
                .missingArgument(
                    after: parameter.value, "'=' and the value, e.g. '\(parameter.value) = …'",
                    at: scanner.location(column: scanner.column, length: 1)))
        }
        let value = try required(
            &scanner, "a value after '='", after: Located(value: "=", location: parameter.location), stops: stops.subtracting(["="]))
        return FixedValueDeclaration(name: parameter, value: value)
    }

    mutating func parseType(_ scanner: inout LineScanner, after parameter: Located<String>) throws(LineError) -> Located<ParameterType> {
        // `[int]`: the values of a repeated query item.
        if scanner.peek() == "[" {
            let start = scanner.location(column: scanner.column, length: 1)
            _ = scanner.consume("[")
            let element = try parseType(&scanner, after: parameter)
            guard scanner.consume("]") else {
                throw fail(.listNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            guard Self.listElements.contains(element.value) || { if case .enumeration = element.value { true } else { false } }() else {
                throw fail(.unsupportedListElement(element))
            }
            return Located(value: .list(element.value), location: scanner.location(column: start.column, length: scanner.column - start.column))
        }
        let typeName = try required(&scanner, "a type (\(ParameterType.names.joined(separator: ", ")))", after: parameter, stops: ["(", "=", "]"])
        let type: ParameterType
        switch typeName.value {
        case "string": type = .string
        case "int": type = .int
        case "double": type = .double
        case "bool": type = .bool
        case "uuid": type = .uuid
        case "path": type = .path
        case "rest": type = .rest
        case "url":
            // `url(http, https)`: the schemes an absolute URL may have.
            guard scanner.consume("("), let first = try word(&scanner, stops: [",", ")"]) else {
                throw fail(.urlWithoutSchemes(at: typeName.location))
            }
            var schemes = [first.value.lowercased()]
            while scanner.consume(",") {
                guard let scheme = try word(&scanner, stops: [",", ")"]) else { break }
                schemes.append(scheme.value.lowercased())
            }
            guard scanner.consume(")") else {
                throw fail(.enumNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            return Located(
                value: .url(schemes), location: scanner.location(column: typeName.location.column, length: scanner.column - typeName.location.column))
        case "enum":
            guard scanner.consume("(") else {
                throw fail(.enumWithoutValues(at: typeName.location))
            }
            var values: [Located<String>] = []
            repeat {
                guard let value = try word(&scanner, stops: [",", ")"]) else { break }
                if let previous = values.first(where: { $0.value == value.value }) {
                    throw fail(.enumValueTwice(value, first: previous.location))
                }
                values.append(value)
            } while scanner.consume(",")
            guard scanner.consume(")") else {
                throw fail(.enumNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            guard !values.isEmpty else {
                throw fail(.emptyEnum(at: typeName.location))
            }
            let end = scanner.column
            return Located(
                value: .enumeration(values.map(\.value)),
                location: scanner.location(column: typeName.location.column, length: end - typeName.location.column))
        default:
            throw fail(.unknownType(typeName))
        }
        return Located(value: type, location: typeName.location)
    }

    mutating func parseTransition(_ scanner: inout LineScanner, after keyword: Located<String>) throws(LineError) -> Located<Transition> {
        let kinds = ["push", "replace", "modal", "tab"]
        let kind = try required(&scanner, "push, replace, modal(sheet|fullScreen|popover) or tab(NAME)", after: keyword, stops: ["("])
        switch kind.value {
        case "push": return Located(value: .push, location: kind.location)
        case "replace": return Located(value: .replace, location: kind.location)
        case "modal", "tab":
            guard scanner.consume("("), let argument = try word(&scanner, stops: [")"]), scanner.consume(")") else {
                throw fail(.transitionNeedsArgument(kind))
            }
            let location = scanner.location(column: kind.location.column, length: scanner.column - kind.location.column)
            if kind.value == "tab" {
                return Located(value: .tab(try name(argument, "tab name").value), location: argument.location)
            }
            guard let style = ModalStyle(rawValue: argument.value) else {
                throw fail(.unknownModalStyle(argument))
            }
            return Located(value: .modal(style), location: location)
        default:
            throw fail(.unknownTransition(kind, kinds: kinds))
        }
    }
}
