/// The declarations of one or more route-table files, before compilation.
struct RouteTableSyntax: Sendable {
    var routes: [RouteDeclaration] = []
    var origins: Located<[Located<String>]>? = nil
    var tabs: Located<[Located<String>]>? = nil
    var login: Located<String>? = nil
    var options: [Located<String>: Located<String>] = [:]
    var pathCaseSensitive = true
    var ignoresTrailingSlash = true
    /// The files read, in order (for diagnostics about the table as a whole).
    var files: [String] = []
}

/// `route NAME PATTERN` and its indented properties.
struct RouteDeclaration: Sendable {
    var name: Located<String>
    var pattern: Located<String>
    var parameters: [ParameterDeclaration] = []
    var query: [QueryDeclaration] = []
    var requiresAuthentication: Located<Bool>? = nil
    var analyticsName: Located<String>? = nil
    var transition: Located<Transition>? = nil
    var parent: Located<String>? = nil
    var sources: Located<[String]>? = nil
}

/// `param NAME TYPE`
struct ParameterDeclaration: Sendable {
    var name: Located<String>
    var type: Located<ParameterType>
}

/// `query NAME TYPE [= DEFAULT] [optional]`
struct QueryDeclaration: Sendable {
    var name: Located<String>
    var type: Located<ParameterType>
    var defaultValue: Located<String>? = nil
    var isOptional = false
}
