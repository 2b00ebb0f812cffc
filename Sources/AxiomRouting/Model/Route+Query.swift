/// A route's declared query parameters, and the patterns their values are read through.
extension Route {
    /// A query parameter, matched by name in any order.
    public struct QueryParameter: Sendable, Hashable {
        public let name: String
        public let type: ParameterType
        /// Used when the URL does not carry the parameter.
        public let defaultValue: RouteValue?
        /// A required parameter without a default: a URL without it does not match the route.
        public let isRequired: Bool
        /// `lenient`: a value that does not convert counts as absent (the default applies)
        /// instead of making the route not match.
        public let isLenient: Bool
        /// `ignore-case` (or `option enum-case insensitive`) on an enum: a value matches
        /// whatever its letters' case, and is read in its declared spelling. With `matching`,
        /// the regexp ignores case too.
        public let ignoresCase: Bool
        /// `query NAME absent`: the route matches only URLs that do not carry the item.
        public let mustBeAbsent: Bool
        /// `matching REGEXP`: the whole decoded value must match this JavaScript regexp.
        public let pattern: String?
        /// `to-end`: the value runs from the item to the end of the query, `&`s included (an
        /// unencoded nested URL: `?next=https://x.com/a?b=1&c=2`).
        public let runsToEnd: Bool
        /// `also NAME, …`: other names the item may carry (`lat` also `latitude`); the value is
        /// always read under ``name``, and reverse routing writes ``name``.
        public let aliases: [String]
        /// `ignore-name-case` (or `option query-name-case insensitive`): the item's name (and
        /// its aliases) in any case of ASCII letters (`?Lat=…`, `?LAT=…`).
        public let ignoresNameCase: Bool
        /// `bare` (on an enum): an item with no `=` whose name is one of the enum's values is
        /// the value (`?dark` for `mode = dark`), when the URL has no item of the parameter's name.
        public let takesBareItem: Bool
        /// `query ITEM like PATTERN`: the parameter is one named group of a pattern the item's
        /// whole decoded value must match (`query id like :userId(\d+)L` reads `userId = 42` from
        /// `?id=42L`); nil for a parameter that is the item's whole value.
        public let shape: QueryShape?
        /// `nullable`: an item with an empty value (`?ref=`, `?ref`) is an explicit "no value" —
        /// the parameter is absent from the match though it has a default (a list: empty), as
        /// Jetpack's nullable arguments with a default are null when given so. In a `Destination`
        /// built in code, leaving it out means no value too (the default is a URL's, for an item
        /// it does not carry), and reverse routing writes `ref=` for it.
        public let isNullable: Bool

        /// The name of the query item the parameter reads: its own, or — for one group of a
        /// `like` pattern — the item's (`id` for `userId` in `query id like :userId(\d+)L`).
        public var itemName: String { shape?.item ?? name }

        /// Whether a URL without the item does not match the route (a required parameter, or a
        /// group of a required `like` item, whether or not the group itself is optional).
        var requiresItem: Bool { isRequired || shape?.isRequired == true }

        /// The JavaScript regexp (unanchored) the item's whole decoded value must match: the
        /// `matching` regexp, or the `like` pattern's expression.
        var valuePattern: String? { pattern ?? shape?.expression }

        init(
            name: String, type: ParameterType, defaultValue: RouteValue?, isRequired: Bool, isLenient: Bool = false, ignoresCase: Bool = false,
            mustBeAbsent: Bool = false, pattern: String? = nil, runsToEnd: Bool = false, aliases: [String] = [], ignoresNameCase: Bool = false,
            takesBareItem: Bool = false, shape: QueryShape? = nil, isNullable: Bool = false
        ) {
            self.isNullable = isNullable
            self.takesBareItem = takesBareItem
            self.shape = shape
            self.runsToEnd = runsToEnd
            self.aliases = aliases
            self.ignoresNameCase = ignoresNameCase
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.isRequired = isRequired
            self.isLenient = isLenient
            self.ignoresCase = ignoresCase
            self.mustBeAbsent = mustBeAbsent
            self.pattern = pattern
        }

        /// Whether a query item named `item` (decoded) is this parameter's: its name or one of
        /// its aliases, in any ASCII case when it ignores the name's case.
        public func accepts(name item: String) -> Bool {
            let name = itemName
            if item == name || aliases.contains(item) { return true }
            guard ignoresNameCase else { return false }
            return Self.equalIgnoringASCIICase(item, name) || aliases.contains { Self.equalIgnoringASCIICase(item, $0) }
        }

        /// Whether two names are equal but for the case of ASCII letters (`Lat`, `LAT`, `lat`;
        /// not `ı` for `i`, as a Unicode case folding would have it).
        static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
            a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
        }

        /// The value a bare item named `item` (decoded) gives this parameter, when it takes bare
        /// items and the name is one of its enum's values (in their case rules).
        func bareValue(_ item: String) -> RouteValue? {
            guard takesBareItem, case .enumeration = type else { return nil }
            return type.convert(item, ignoringCase: ignoresCase)
        }

        /// Whether the parameter reads one item (not a list, a `rest` map, or the rest of the
        /// query): a closed query refuses it repeated.
        var readsOneItem: Bool {
            if case .list = type { return false }
            return type != .rest && !runsToEnd
        }
    }

    /// The pattern a query item's value is read through (`query id like :userId(\d+)L`): the
    /// path's syntax — a group stops at `/`, `:rest*` and `*` span it — matched against the
    /// item's whole decoded value. Each named group is one query parameter of the route.
    public struct QueryShape: Sendable, Hashable {
        /// The query item's name (`id`).
        public let item: String
        /// The pattern, in its canonical spelling (`:userId(\d+)L`).
        public let pattern: String
        /// Whether a URL without the item does not match the route (the declaration has no
        /// `optional`): then each group that is not optional itself is a required parameter.
        public let isRequired: Bool
        /// `ignore-case`: the pattern's text and regexps in any case, and enum groups read in
        /// their declared spelling.
        public let ignoresCase: Bool
        /// The pattern's expression without its anchors, as a JavaScript regexp.
        let expression: String

        init(item: String, pattern: String, isRequired: Bool, ignoresCase: Bool, expression: String) {
            self.item = item
            self.pattern = pattern
            self.isRequired = isRequired
            self.ignoresCase = ignoresCase
            self.expression = expression
        }

        /// The key of the compiled pattern: its text and whether it ignores case.
        var key: String { (ignoresCase ? "i:" : "s:") + pattern }
    }
}
