public import AxiomRouting

/// Why saved navigation state could not be read (besides JSON that is not JSON, which
/// `JSONDecoder` reports as a `DecodingError`): what is wrong, with a stable ``code``.
public struct StateFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// Written by a version of the format this one does not read.
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// Well-formed JSON that is not a state: entry ids repeated, a selected tab that is not
        /// one of the tabs, an empty modal …
        public static let invalidState = Code(rawValue: "invalid-state")
    }

    public let code: Code
    public let message: String

    public var description: String { "\(message) [\(code)]" }
}

/// The state as versioned JSON (Docs/Persistence.md, "The format"):
///
/// ```json
/// {"version": 1, "nextID": 3,
///  "root": {"tabs": {"order": ["home", "inbox"], "selected": "home",
///                    "stacks": {"home": [{"id": 0, "route": "home", "source": "inApp"},
///                                        {"id": 2, "route": "post", "source": "deepLink",
///                                         "parameters": [{"name": "postId", "value": {"int": 7}}]}],
///                               "inbox": [{"id": 1, "route": "inbox", "source": "inApp"}]}}},
///  "modals": []}
/// ```
///
/// Decoding checks what a state must be (ids unique and below `nextID`, the selected tab one of
/// the tabs, no empty modal) and throws ``StateFormatError`` otherwise. Whether the routes and
/// values still fit the app's table is a separate question: ``restored(against:source:trust:)``.
extension NavigationState: Codable {
    /// The version written, and the only one read.
    public static let formatVersion = 1

    private enum Key: String, CodingKey {
        case version, nextID, root, modals, withheld, owner, results, saved
        case id, route, caller, callee, value, outcome, reason
        case stack, tabs, order, selected, stacks, style, container, above, tab, modal
    }

    public func encode(to encoder: any Encoder) throws {
        // Never written when it could not be read back: over the bounds, a typed error.
        if let over = overBounds {
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "not saved: the state has \(over) (Docs/Persistence.md, \"Restoring at launch\")"))
        }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(nextID, forKey: .nextID)
        var root = container.nestedContainer(keyedBy: Key.self, forKey: .root)
        try Self.encode(self.root, into: &root)
        var modals = container.nestedUnkeyedContainer(forKey: .modals)
        for modal in self.modals {
            var nested = modals.nestedContainer(keyedBy: Key.self)
            try Self.encode(modal, into: &nested)
        }
        // Whose signed-in session the guarded screens belong to (written only when the app named one).
        try container.encodeIfPresent(owner, forKey: .owner)
        // Screens set aside until sign-in (written only when there are some): the top of a
        // stack, or a whole modal, with the entry they were above.
        if !withheld.isEmpty {
            var groups = container.nestedUnkeyedContainer(forKey: .withheld)
            for group in withheld {
                var nested = groups.nestedContainer(keyedBy: Key.self)
                // A group with nothing below it has no `above` (and, in a tab bar, its tab).
                try nested.encodeIfPresent(group.above?.rawValue, forKey: .above)
                try nested.encodeIfPresent(group.tab, forKey: .tab)
                switch group.content {
                case .stack(let stack): try nested.encode(stack, forKey: .stack)
                case .modal(let modal):
                    var inner = nested.nestedContainer(keyedBy: Key.self, forKey: .modal)
                    try Self.encode(modal, into: &inner)
                }
            }
        }
        // Back stacks set aside to come back to (written only when there are some).
        if !savedStacks.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .saved)
            for stack in savedStacks {
                var nested = list.nestedContainer(keyedBy: Key.self)
                try nested.encode(stack, forKey: .stack)
            }
        }
        // Answers awaited or not yet taken (written only when there are some).
        if !results.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .results)
            for result in results {
                var nested = list.nestedContainer(keyedBy: Key.self)
                try nested.encode(result.id, forKey: .id)
                try nested.encode(result.route, forKey: .route)
                try nested.encodeIfPresent(result.caller?.rawValue, forKey: .caller)
                try nested.encode(result.callee.rawValue, forKey: .callee)
                switch result.outcome {
                case nil: try nested.encodeIfPresent(result.value, forKey: .value)
                case .completed(let value):
                    try nested.encode("completed", forKey: .outcome)
                    try nested.encode(value, forKey: .value)
                case .dismissed: try nested.encode("dismissed", forKey: .outcome)
                case .cancelled(let end):
                    try nested.encode("cancelled", forKey: .outcome)
                    try nested.encode(end.rawValue, forKey: .reason)
                }
            }
        }
    }

    /// The answers a saved state awaits (``results``), each checked: its number unique and below
    /// `nextID` as an entry's, its value within the budget.
    private static func decodeResults(_ container: KeyedDecodingContainer<Key>, budget: inout DecodingBudget) throws -> [PendingResult] {
        guard container.contains(.results) else { return [] }
        var list = try container.nestedUnkeyedContainer(forKey: .results)
        var results: [PendingResult] = []
        while !list.isAtEnd {
            try budget.take(values: 1)
            let nested = try list.nestedContainer(keyedBy: Key.self)
            let value = try nested.contains(.value) ? RouteValue.decode(nested, forKey: .value) { try budget.take(values: $0) } : nil
            let outcome: PendingResult.Outcome?
            switch try nested.decodeIfPresent(String.self, forKey: .outcome) {
            case nil: outcome = nil
            case "completed":
                guard let value else { throw invalid("result \(results.count) is completed but has no value") }
                outcome = .completed(value)
            case "dismissed": outcome = .dismissed
            case "cancelled": outcome = .cancelled(ResultEnd(rawValue: try nested.decode(String.self, forKey: .reason)))
            case let other?: throw invalid("result \(results.count) has outcome '\(other)' (completed, dismissed or cancelled)")
            }
            results.append(
                PendingResult(
                    id: try nested.decode(ResultID.self, forKey: .id), route: try nested.decode(String.self, forKey: .route),
                    caller: try nested.decodeIfPresent(Int.self, forKey: .caller).map(EntryID.init),
                    callee: EntryID(try nested.decode(Int.self, forKey: .callee)), value: outcome == nil ? value : nil, outcome: outcome))
        }
        return results
    }

    /// A modal: its style, its container's name, and its stack or its tabs (a container's).
    private static func encode(_ modal: Modal, into container: inout KeyedEncodingContainer<Key>) throws {
        try container.encode(modal.style, forKey: .style)
        try container.encodeIfPresent(modal.container, forKey: .container)
        try encode(modal.content, into: &container)
    }

    /// A modal as ``encode(_:into:)`` writes it; `place` names it in errors.
    private static func decodeModal(_ nested: KeyedDecodingContainer<Key>, place: String, budget: inout DecodingBudget) throws -> Modal {
        let style = try nested.decode(ModalStyle.self, forKey: .style)
        let name = try nested.decodeIfPresent(String.self, forKey: .container)
        var modal = Modal(style: style, stack: [], container: name)
        modal.content = try decodeContent(nested, budget: &budget)
        // A modal shows something: its stack, or its selected tab's.
        guard !modal.stack.isEmpty else { throw invalid("\(place) has no entries") }
        if case .tabs = modal.content, name == nil { throw invalid("\(place) has tabs but names no container") }
        return modal
    }

    private static func encode(_ content: Root, into container: inout KeyedEncodingContainer<Key>) throws {
        switch content {
        case .stack(let stack):
            try container.encode(stack, forKey: .stack)
        case .tabs(let tabs):
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .tabs)
            try nested.encode(tabs.order, forKey: .order)
            try nested.encode(tabs.selected, forKey: .selected)
            try nested.encode(tabs.stacks, forKey: .stacks)
        }
    }

    private static func decodeContent(_ container: KeyedDecodingContainer<Key>, budget: inout DecodingBudget) throws -> Root {
        guard container.contains(.tabs) else { return .stack(try NavigationEntry.stack(container, forKey: .stack, budget: &budget)) }
        let tabs = try container.nestedContainer(keyedBy: Key.self, forKey: .tabs)
        // The bound before the names are read: the parser has counted them.
        let listed = try tabs.nestedUnkeyedContainer(forKey: .order).count ?? 0
        guard listed <= Self.maxTabs else { throw Self.invalid("\(listed) tabs (at most \(Self.maxTabs) are read)") }
        let order = try tabs.decode([String].self, forKey: .order)
        // (A decoder that does not count its lists ahead: the bound after the names are read.)
        guard order.count <= Self.maxTabs else { throw Self.invalid("\(order.count) tabs (at most \(Self.maxTabs) are read)") }
        let selected = try tabs.decode(String.self, forKey: .selected)
        // One pass over the tabs and one over the stacks: linear in the state's size.
        let names = Set(order)
        guard names.count == order.count else { throw Self.invalid("a tab is listed twice in \(order.prefix(20))") }
        // No state has tabs without a tab (a root of no tabs is an empty stack).
        guard names.contains(selected) else {
            throw Self.invalid("the selected tab '\(selected)' is not one of the tabs \(order.prefix(20))")
        }
        // The stacks are read tab by tab, by name, rather than as a `[String: …]` (whose generic
        // decoding costs about as much again as the entries).
        let list = try tabs.nestedContainer(keyedBy: NameKey.self, forKey: .stacks)
        var stacks: [String: [NavigationEntry]] = Dictionary(minimumCapacity: order.count)
        for name in order {
            let key = NameKey(name)
            if list.contains(key) { stacks[name] = try NavigationEntry.stack(list, forKey: key, budget: &budget) }
        }
        let keys = list.allKeys
        if keys.count != stacks.count, let stray = keys.lazy.map(\.stringValue).filter({ !names.contains($0) }).min() {
            throw Self.invalid("a stack for '\(stray)', which is not one of the tabs \(order.prefix(20))")
        }
        return .tabs(Tabs(order: order, selected: selected, stacks: stacks))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw StateFormatError(
                code: .unsupportedVersion,
                message: "saved state of format version \(version); this version of Axiom Navigation reads version \(Self.formatVersion)")
        }
        // Entries and values are counted as they are read, each list by the count the parser
        // already has, so nothing past the bounds is decoded.
        var budget = DecodingBudget()
        self.root = try Self.decodeContent(try container.nestedContainer(keyedBy: Key.self, forKey: .root), budget: &budget)
        var modals: [Modal] = []
        var list = try container.nestedUnkeyedContainer(forKey: .modals)
        while !list.isAtEnd {
            modals.append(try Self.decodeModal(try list.nestedContainer(keyedBy: Key.self), place: "modal \(modals.count)", budget: &budget))
        }
        self.modals = modals
        var withheld: [Withheld] = []
        if container.contains(.withheld) {
            var groups = try container.nestedUnkeyedContainer(forKey: .withheld)
            while !groups.isAtEnd {
                let nested = try groups.nestedContainer(keyedBy: Key.self)
                let above = try nested.decodeIfPresent(Int.self, forKey: .above).map(EntryID.init)
                let tab = try nested.decodeIfPresent(String.self, forKey: .tab)
                guard above == nil || tab == nil else {
                    throw Self.invalid("withheld group \(withheld.count) names both the entry below it and a tab")
                }
                if nested.contains(.modal) {
                    let modal = try Self.decodeModal(
                        try nested.nestedContainer(keyedBy: Key.self, forKey: .modal), place: "withheld modal \(withheld.count)", budget: &budget)
                    withheld.append(Withheld(above: above, tab: tab, modal: modal))
                } else {
                    let entries = try NavigationEntry.stack(nested, forKey: .stack, budget: &budget)
                    guard !entries.isEmpty else { throw Self.invalid("withheld group \(withheld.count) has no entries") }
                    withheld.append(Withheld(above: above, tab: tab, entries: entries))
                }
            }
        }
        self.withheldGroups = withheld.isEmpty ? nil : withheld
        if container.contains(.saved) {
            var list = try container.nestedUnkeyedContainer(forKey: .saved)
            var saved: [[NavigationEntry]] = []
            while !list.isAtEnd {
                let stack = try NavigationEntry.stack(try list.nestedContainer(keyedBy: Key.self), forKey: .stack, budget: &budget)
                guard !stack.isEmpty else { throw Self.invalid("saved stack \(saved.count) has no entries") }
                saved.append(stack)
            }
            self.savedRecords = saved.isEmpty ? nil : saved
        }
        self.owner = try container.decodeIfPresent(Principal.self, forKey: .owner)
        let results = try Self.decodeResults(container, budget: &budget)
        self.resultRecords = results.isEmpty ? nil : results
        self.nextID = try container.decode(Int.self, forKey: .nextID)
        // Room for new entries: each takes the next id (an id near Int.max would overflow).
        guard (0...Self.maxNextID).contains(nextID) else {
            throw Self.invalid("nextID \(nextID) is not between 0 and \(Self.maxNextID)")
        }
        var ids: Set<EntryID> = []
        for entry in entries {
            guard entry.id.rawValue >= 0, entry.id.rawValue < nextID else {
                throw Self.invalid("entry \(entry.id) is not below nextID \(nextID) (new entries would take its id)")
            }
            guard ids.insert(entry.id).inserted else { throw Self.invalid("entry id \(entry.id) is used twice") }
        }
        // A result is numbered as an entry is: below nextID, no number used twice.
        for result in results {
            guard result.id.rawValue >= 0, result.id.rawValue < nextID else {
                throw Self.invalid("result \(result.id) is not below nextID \(nextID) (new entries would take its number)")
            }
            guard ids.insert(EntryID(result.id.rawValue)).inserted else { throw Self.invalid("number \(result.id.rawValue) is used twice") }
        }
        // Each group's place is in a stack, or in a group whose place is (a sheet withheld above a
        // screen withheld in its turn), or — with nothing below it — an empty stack.
        let placed = droppingOrphanedWithheld().withheld
        if placed.count != withheld.count, let group = withheld.first(where: { !placed.contains($0) }) {
            if let above = group.above { throw Self.invalid("withheld entries above \(above), which is in no stack and no other group") }
            throw Self.invalid("withheld entries \(group.place), which is not an empty stack")
        }
    }

    /// The most tabs a saved state may have in one tab bar (the root's or a container's).
    /// Decoding is linear, about 3 µs an entry in a release build (most of it `JSONDecoder`'s),
    /// and the three bounds keep the largest state read to tens of milliseconds on the main
    /// actor; a state past them is refused before its entries are read (Docs/Persistence.md).
    public static let maxTabs = 10_000
    /// The most entries a saved state may have: every stack, modal and withheld group together.
    public static let maxEntries = 10_000
    /// The most values a saved state's entries may hold: their parameters and query items, and
    /// the elements of list, path and fields values, all together.
    public static let maxValues = 10_000

    /// What a state has past the bounds a saved state is read within (nil: within them), as
    /// an error says it.
    var overBounds: String? {
        var entries = 0
        var values = 0
        for entry in self.entries {
            entries += 1
            for (_, value) in entry.destination.parameters { values += 1 + value.elementCount }
            for (_, value) in entry.destination.query { values += 1 + value.elementCount }
        }
        // Each result counts as a value, and its answer's elements as the decoder counts them.
        for result in results {
            var answer = result.value
            if case .completed(let value) = result.outcome { answer = value }
            values += 1 + (answer?.elementCount ?? 0)
        }
        if entries > Self.maxEntries { return "\(entries) entries (at most \(Self.maxEntries) are read)" }
        if values > Self.maxValues { return "\(values) values (at most \(Self.maxValues) are read)" }
        var bars: [Tabs] = modals.compactMap(\.tabs)
        if case .tabs(let tabs) = root { bars.append(tabs) }
        for group in withheld { if case .modal(let modal) = group.content, let tabs = modal.tabs { bars.append(tabs) } }
        if let widest = bars.map(\.order.count).max(), widest > Self.maxTabs { return "\(widest) tabs (at most \(Self.maxTabs) are read)" }
        return nil
    }

    /// What is left of the bounds while a state is read.
    struct DecodingBudget {
        var entries = NavigationState.maxEntries
        var values = NavigationState.maxValues

        /// Takes `count` entries (or values) from the budget, or throws when they are past it.
        mutating func take(entries count: Int) throws {
            entries -= count
            guard entries >= 0 else {
                throw NavigationState.invalid("more than \(NavigationState.maxEntries) entries (at most \(NavigationState.maxEntries) are read)")
            }
        }

        mutating func take(values count: Int) throws {
            values -= count
            guard values >= 0 else {
                throw NavigationState.invalid("more than \(NavigationState.maxValues) values (at most \(NavigationState.maxValues) are read)")
            }
        }
    }

    /// A key that is a tab's name.
    private struct NameKey: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// The largest `nextID` read: 2⁵², so a restored session can create entries for ever.
    static let maxNextID = 1 << 52

    fileprivate static func invalid(_ message: String) -> StateFormatError {
        StateFormatError(code: .invalidState, message: "not a navigation state: " + message)
    }
}

/// An entry as JSON: its destination's fields (``Destination``'s encoding), its id and the
/// source that put it in the state.
extension NavigationEntry: Codable {
    private enum Key: String, CodingKey {
        case id, source, route, parameters, query
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(destination.route, forKey: .route)
        if !destination.parameters.isEmpty { try container.encode(destination.parameters, forKey: .parameters) }
        if !destination.query.isEmpty { try container.encode(destination.query, forKey: .query) }
        try container.encode(id.rawValue, forKey: .id)
        try container.encode(source, forKey: .source)
    }

    // One container for the entry and its destination's fields (a saved state holds one entry a
    // screen: decoding is most of restoring it).
    public init(from decoder: any Decoder) throws {
        var budget = NavigationState.DecodingBudget()
        try self.init(fields: try decoder.container(keyedBy: Key.self), budget: &budget)
    }

    /// A stack's entries under `key`, each read from its own container in place: no decoder is
    /// made an entry and no array decoded generically (at 40,000 tabs, that was a third of the
    /// time). Each list is charged to `budget` before it is read.
    static func stack<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, forKey key: K, budget: inout NavigationState.DecodingBudget
    ) throws -> [NavigationEntry] {
        var list = try container.nestedUnkeyedContainer(forKey: key)
        // The whole list when the decoder has counted it (JSONDecoder has), else one by one.
        let count = list.count
        try budget.take(entries: count ?? 0)
        var entries: [NavigationEntry] = []
        entries.reserveCapacity(count ?? 0)
        while !list.isAtEnd {
            if count == nil { try budget.take(entries: 1) }
            entries.append(try NavigationEntry(fields: try list.nestedContainer(keyedBy: Key.self), budget: &budget))
        }
        return entries
    }

    private init(fields container: KeyedDecodingContainer<Key>, budget: inout NavigationState.DecodingBudget) throws {
        let destination = Destination(
            try container.decode(String.self, forKey: .route),
            parameters: try Self.values(container, .parameters, budget: &budget),
            query: try Self.values(container, .query, budget: &budget))
        // The source as a plain string (a `RawRepresentable`'s own decoding opens a container
        // more, a third of an entry's cost).
        let source = try container.decode(String.self, forKey: .source)
        guard let known = NavigationSource(rawValue: source) else {
            throw DecodingError.dataCorruptedError(
                forKey: .source, in: container,
                debugDescription: "'\(source)' is not a source (one of \(NavigationSource.allCases.map(\.rawValue)))")
        }
        self.init(id: EntryID(try container.decode(Int.self, forKey: .id)), destination: destination, source: known)
    }

    /// An entry's parameters or query items, charged to `budget` before they are read.
    private static func values(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, budget: inout NavigationState.DecodingBudget
    ) throws -> RouteParameters {
        guard container.contains(key) else { return [:] }
        return try RouteParameters.decode(container, forKey: key) { try budget.take(values: $0) }
    }
}

/// A destination as JSON: `{"route": …, "parameters": […], "query": […], "redirects": […]}`
/// (`parameters`, `query` and `redirects` left out when empty; an entry's has no `redirects`),
/// with `"anchor": "root" | "parents" | "screens"` and, for `screens`, `"screens": […]` when it
/// has one (``Destination/anchored(_:)``; an entry's has none).
extension Destination: Codable {
    private enum Key: String, CodingKey {
        case route, parameters, query, redirects, anchor, screens
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(route, forKey: .route)
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        if !query.isEmpty { try container.encode(query, forKey: .query) }
        if !redirects.isEmpty { try container.encode(redirects, forKey: .redirects) }
        switch anchor {
        case .none: break
        case .root: try container.encode("root", forKey: .anchor)
        case .parents: try container.encode("parents", forKey: .anchor)
        case .screens(let screens):
            try container.encode("screens", forKey: .anchor)
            try container.encode(screens.map(\.asScreen), forKey: .screens)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(
            try container.decode(String.self, forKey: .route),
            parameters: try container.decodeIfPresent(RouteParameters.self, forKey: .parameters) ?? [:],
            query: try container.decodeIfPresent(RouteParameters.self, forKey: .query) ?? [:],
            redirects: try container.decodeIfPresent([Hop].self, forKey: .redirects)?.map(\.destination) ?? [])
        switch try container.decodeIfPresent(String.self, forKey: .anchor) {
        case nil: break
        case "root": self = anchored(.root)
        case "parents": self = anchored(.parents)
        case "screens": self = anchored(.screens(try container.decode([Hop].self, forKey: .screens).map(\.destination)))
        case let other?:
            throw DecodingError.dataCorruptedError(
                forKey: .anchor, in: container, debugDescription: "'\(other)' is not an anchor (one of root, parents, screens)")
        }
    }

    /// One redirect of a chain, read without a chain of its own: a hop has none, and nesting
    /// cannot make reading a destination recurse.
    private struct Hop: Decodable {
        let destination: Destination

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            destination = Destination(
                try container.decode(String.self, forKey: .route),
                parameters: try container.decodeIfPresent(RouteParameters.self, forKey: .parameters) ?? [:],
                query: try container.decodeIfPresent(RouteParameters.self, forKey: .query) ?? [:])
        }
    }
}

extension NavigationSource: Codable {}

extension RouteValue {
    /// The elements a saved state's bound counts in this value besides itself: a list's (each
    /// with its own), a path's segments, a fields value's names.
    var elementCount: Int {
        switch self {
        case .list(let values): return values.reduce(values.count) { $0 + $1.elementCount }
        case .path(let segments): return segments.count
        case .fields(let fields): return fields.count
        case .string, .int, .double, .bool, .uuid: return 0
        }
    }
}
