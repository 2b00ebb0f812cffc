/// The declarations of one or more route-table files, before compilation.
struct RouteTableSyntax: Sendable {
    var routes: [RouteDeclaration] = []
    var redirects: [RedirectDeclaration] = []
    /// Top-level `query` lines: query parameters every route reads.
    var sharedQuery: [QueryDeclaration] = []
    /// `attribution NAME, PREFIX*, …`: query items added to the standard attribution list.
    var attribution: [Located<String>] = []
    /// Patterns declared so far (routes, aliases, redirects): each takes the next number, its
    /// declaration order, which breaks exact ties in rank.
    var patternCount = 0
    /// Whether the last `route` or `redirect` line was a redirect (indented lines belong to it).
    var lastIsRedirect = false
    var origins: Located<[Located<String>]>? = nil
    var tabs: Located<[Located<String>]>? = nil
    /// `container NAME modal(STYLE) [tabs(a, b)]` lines, in the order read.
    var containers: [ContainerDeclaration] = []
    var login: Located<String>? = nil
    var options: [Located<String>: Located<String>] = [:]
    var pathCaseSensitive = true
    var ignoresTrailingSlash = true
    /// `option query-plus space|plus`: whether `+` in a query value reads as a space.
    var queryPlusIsSpace = true
    /// `option app-scheme-host required|optional`: whether an app-scheme URL must have a host.
    var appSchemeHostRequired = true
    /// `option empty-segments keep|collapse`: whether `//` in a path reads as `/`.
    var collapsesEmptySegments = false
    /// `option app-scheme-spelling host|path|opaque`: how reverse routing spells app-scheme URLs.
    var appSchemeSpelling = Route.SchemeScope.Spelling.host
    /// Where `option app-scheme-spelling` was declared (to report a spelling the table refuses).
    var appSchemeSpellingLocation: SourceLocation? = nil
    /// `option enum-case sensitive|insensitive`: whether query enums ignore case table-wide.
    var enumCaseInsensitive = false
    /// `option query-name-case insensitive`: every query item's name in any case.
    var queryNameCaseInsensitive = false
    /// `option query closed`: a query item a route does not declare refuses it.
    var queryClosed = false
    /// The files read, in order (for diagnostics about the table as a whole).
    var files: [String] = []
}

/// `route NAME PATTERN` and its indented properties.
struct RouteDeclaration: Sendable {
    var name: Located<String>
    var pattern: Located<String>
    /// Declaration order among all patterns (see ``RouteTableSyntax/patternCount``).
    var order: Int
    /// `alias PATTERN` lines, each with its declaration order.
    var aliases: [(pattern: Located<String>, order: Int)] = []
    var parameters: [ParameterDeclaration] = []
    var query: [QueryDeclaration] = []
    var requiresAuthentication: Located<Bool>? = nil
    /// `auth children`: the route's children (through `parent`) require sign-in too.
    var authCoversChildren = false
    /// `sources … children`: the route's children are restricted to these sources too.
    var sourcesCoverChildren = false
    /// `public`: open without sign-in on purpose, though an ancestor requires it.
    var isPublic: Located<Bool>? = nil
    var analyticsName: Located<String>? = nil
    var transition: Located<Transition>? = nil
    var parent: Located<String>? = nil
    var sources: Located<[String]>? = nil
    /// `load NAME, …`: the loaders the route's data comes from.
    var loaders: Located<[Located<String>]>? = nil
    /// `container NAME`: the container the route lives in.
    var container: Located<String>? = nil
    /// `result TYPE`: the type of the value the route's screen answers with.
    var result: Located<ParameterType>? = nil
    /// `from-link TRANSITION [alone]`: how a link shows the route (its parents below, unless `alone`).
    var fromLink: Located<Transition>? = nil
    var fromLinkAlone = false
    /// `option query closed|open` under the route: whether a query item it does not declare
    /// (or a single item repeated) refuses it, over the table's `option query`.
    var closedQuery: Located<Bool>? = nil
    /// `option fragment none|any` under the route: whether a URL with a fragment refuses it.
    var refusesFragment: Located<Bool>? = nil
    /// `option trailing-slash strict|ignore` under the route, over the table's rule.
    var strictTrailingSlash: Located<Bool>? = nil
    /// `start [NAME = VALUE, …]`: the app starts at this route (a table without tabs), or its
    /// tab starts at it, with these values.
    var start: Located<[FixedValueDeclaration]>? = nil
}

/// `container NAME modal(STYLE) [tabs(a, b)] [auth] [sources a, b]`
struct ContainerDeclaration: Sendable {
    var name: Located<String>
    var style: ModalStyle
    var tabs: [Located<String>]
    /// `auth`: every route in the container requires sign-in.
    var requiresAuthentication = false
    /// `sources a, b`: every route in the container opens from these sources only.
    var sources: [String]? = nil
}

/// `param NAME TYPE`
struct ParameterDeclaration: Sendable {
    var name: Located<String>
    var type: Located<ParameterType>
    /// `to-end`: the value runs on to the end of the URL, its raw query included.
    var runsToEnd: Located<Bool>? = nil
}

/// `query NAME TYPE [= DEFAULT] [optional]`
struct QueryDeclaration: Sendable {
    var name: Located<String>
    var type: Located<ParameterType>
    var defaultValue: Located<String>? = nil
    /// A list's default (`= [swift, ios]`): each value as written (``defaultValue`` is the whole).
    var defaultList: [Located<String>]? = nil
    var isOptional = false
    /// `lenient`: a value that does not convert counts as absent.
    var isLenient: Located<Bool>? = nil
    /// `nullable`: an item with an empty value (`?ref=`) is an explicit "no value".
    var isNullable: Located<Bool>? = nil
    /// `ignore-case`: an enum's values in any case.
    var ignoresCase: Located<Bool>? = nil
    /// `query NAME absent`: the item must not be there.
    var mustBeAbsent = false
    /// `matching REGEXP`.
    var pattern: Located<String>? = nil
    /// `to-end`: the value runs to the end of the query.
    var runsToEnd: Located<Bool>? = nil
    /// `also NAME, …`: other names the item may carry.
    var aliases: [Located<String>] = []
    /// `ignore-name-case`: the item's name in any case.
    var ignoresNameCase: Located<Bool>? = nil
    /// `bare`: an item without a value whose name is one of the enum's values (`?dark`) is
    /// the value.
    var takesBareItem: Located<Bool>? = nil
    /// `like PATTERN`: the value is read through a pattern whose named groups are the values.
    var shape: Located<String>? = nil
}

/// `redirect NAME PATTERN -> TARGET` and its indented `param` lines.
struct RedirectDeclaration: Sendable {
    var name: Located<String>
    var pattern: Located<String>
    var target: Located<String>
    var order: Int
    var parameters: [ParameterDeclaration] = []
    /// `set NAME = VALUE` lines: a value the redirect gives its target whatever the URL.
    var fixed: [FixedValueDeclaration] = []
}

/// `set NAME = VALUE` under a redirect.
struct FixedValueDeclaration: Sendable, Hashable {
    var name: Located<String>
    var value: Located<String>
}

extension RouteTableSyntax {
    /// The attribution list the table's router uses: the standard one plus the table's
    /// `attribution` entries.
    var attributionParameters: AttributionParameters { AttributionParameters.standard.adding(attribution.map(\.value)) }
}
