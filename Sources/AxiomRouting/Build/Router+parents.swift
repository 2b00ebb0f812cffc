extension Router {
    /// `W408`: a route whose deep link cannot give a parent of its chain (`parent NAME`) a value
    /// that parent requires — the child has no parameter of that name (the parent is left out
    /// of the link's back stack), or has one of a type the parent's may refuse (`/posts/:postId/
    /// comments` without `param postId int`, under a `post` that takes an int: the link
    /// `/posts/abc/comments` fails with `parent-value-refused`). One warning per route, at the
    /// first such parameter.
    func parentWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for route in entries {
            let parents = self.parents(of: route)
            check: for parent in parents.reversed() {
                for needed in parent.parameters {
                    guard let given = route.parameters.first(where: { $0.name == needed.name }) else {
                        if !needed.isOptional {
                            warnings.append(.parentValue(route, parent: parent, parameter: needed.name, problem: "has no parameter '\(needed.name)'"))
                            break check
                        }
                        continue
                    }
                    if !Self.alwaysConverts(given.type, to: needed.type) {
                        warnings.append(
                            .parentValue(
                                route, parent: parent, parameter: needed.name,
                                problem: "takes '\(needed.name)' as \(given.type), which '\(parent.name)' (\(needed.type)) may refuse"))
                        break check
                    }
                }
            }
        }
        return warnings
    }

    /// Whether every value of `given` is a value of `needed` once a deep link hands it on (text
    /// converted to the parent's type, an int written as text).
    package static func alwaysConverts(_ given: ParameterType, to needed: ParameterType) -> Bool {
        if given == needed { return true }
        switch (given, needed) {
        case (.int, .string), (.int, .double): return true
        case (.enumeration(let values), .enumeration(let allowed)): return Set(values).isSubset(of: allowed)
        case (.enumeration, .string): return true
        default: return false
        }
    }
}
