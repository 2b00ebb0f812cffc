@_spi(Lookup) import AxiomURLPattern

/// A match that borrows the path it was found in: the route's rank and where its values lie
/// in the caller's bytes. Made by ``Router/withMatch(path:query:_:)`` for the length of its
/// closure only — it is non-copyable and handed to the closure borrowed, so it cannot be kept,
/// copied or returned — and a value is converted only when it is read.
///
/// A lookup through a view allocates nothing and counts no references for a route whose match
/// is its path's values and nothing else (most routes: no query read, not an alias or a
/// redirect, nothing of the host or fragment checked) when each value is a plain string, a
/// decimal int or a catch-all path without escapes. Every other match is made as
/// ``Router/resolve(path:query:)`` makes it and the view reads from that: the answers are the
/// same either way (a differential test holds them together).
///
/// ```swift
/// let id = router.withMatch(path: "/profile/42") { match in
///     match.routeName == "profile" ? match.int(at: 0) : nil
/// }
/// // id: .success(Optional(42))
/// ```
public struct RouteMatchView: ~Copyable {
    /// The router, not retained: the view lives inside a call on it.
    private let router: Unmanaged<Router>
    /// The route's place in ``Router/entries``.
    public let rank: Int
    /// Where the route's values are and of which types (a borrowed view only).
    private let layout: RouteLayout
    /// The canonical path's bytes, valid while the view lives.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The groups of the match, when the values are read from them (not retained: lent to the
    /// lookup for the length of the view).
    private let scratch: Unmanaged<MatchScratch>?
    /// The match made in full, when this match is more than its path's values: on the stack
    /// of the lookup that made it, valid while the view lives. (A pointer, so the view is a
    /// plain value that needs no destroying.)
    private let made: UnsafePointer<RouteMatch>?

    /// A borrowed match of the plain route at `rank` (see `RouteLayout.isPlain`).
    init(router: Router, rank: Int, layout: RouteLayout, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch?) {
        self.router = Unmanaged.passUnretained(router)
        self.rank = rank
        self.layout = layout
        self.bytes = bytes
        self.scratch = scratch.map { Unmanaged.passUnretained($0) }
        self.made = nil
    }

    /// A view of a match made in full (`made` outlives the view).
    init(router: Router, made: UnsafePointer<RouteMatch>) {
        self.router = Unmanaged.passUnretained(router)
        self.rank = made.pointee.route.rank
        self.layout = RouteLayout(bits: 0)
        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
        self.scratch = nil
        self.made = made
    }

    /// Whether the view borrows the path (no ``RouteMatch`` was made for it).
    public var isBorrowed: Bool { made == nil }

    /// The route matched (after aliases and redirects: the route the URL lands on).
    public var route: Route { made?.pointee.route ?? router._withUnsafeGuaranteedRef { $0.entries[rank] } }

    /// The route's name.
    public var routeName: String { route.name }

    /// How many path values the match has.
    public var count: Int {
        if let made { return made.pointee.parameters.count }
        // A borrowed view's route has its parameters packed in its layout (`isPlain`).
        return layout.parameterCount ?? 0
    }

    /// The name of value `index` (`0..<count`).
    public func name(at index: Int) -> String {
        if let made { return made.pointee.parameters[index].name }
        return router._withUnsafeGuaranteedRef { $0.entries[rank].parameterList[index].name }
    }

    /// Value `index` (`0..<count`), converted now.
    public func value(at index: Int) -> RouteValue {
        if let made { return made.pointee.parameters[index].value }
        return RouteLayout.value(rawBytes(at: index), code: layout.typeCode(index))
    }

    /// The value named `name`, converted now; nil when the match has none.
    public subscript(name: String) -> RouteValue? {
        for index in 0..<count where self.name(at: index) == name { return value(at: index) }
        return nil
    }

    /// Value `index` when it is an int: read from the path's bytes, no string made.
    public func int(at index: Int) -> Int? {
        if made == nil, layout.typeCode(index) == RouteLayout.intType { return PathBytes.decimalInt(rawBytes(at: index)) }
        guard case .int(let number) = value(at: index) else { return nil }
        return number
    }

    /// Value `index` when it is a string.
    public func string(at index: Int) -> String? {
        guard case .string(let text) = value(at: index) else { return nil }
        return text
    }

    /// Whether value `index` is a string equal to `text`: compared in the path's bytes, no
    /// string made.
    public func value(at index: Int, equals text: String) -> Bool {
        guard made == nil, layout.typeCode(index) == RouteLayout.stringType else {
            return string(at: index) == text
        }
        let raw = rawBytes(at: index)
        return Router.withUTF8(of: text) { $0.elementsEqual(raw) }
    }

    /// The path values as a collection, made now.
    public var parameters: RouteParameters {
        if let made { return made.pointee.parameters }
        return RouteParameters(route: route, values: values())
    }

    /// The match as ``Router/resolve(path:query:)`` gives it (made now, for keeping).
    public func match() -> RouteMatch {
        match(path: made?.pointee.path ?? String(decoding: bytes, as: UTF8.self))
    }

    /// The match made for keeping, with `path` (the path it was found in: its UTF-8 are the
    /// view's bytes) as its path. Values that are whole segments stay in `path`, converted
    /// when read (see ``RouteParameters``): the match allocates nothing more.
    func match(path: String) -> RouteMatch {
        match(kept: KeptPath(path))
    }

    /// ``match(path:)`` with the path kept where it lies (a URL's path, in the URL).
    func match(kept path: KeptPath) -> RouteMatch {
        guard let made else {
            let route = router._withUnsafeGuaranteedRef { $0.entries[rank] }
            // (Every caller passes the path whose bytes the view holds; a path of another
            // length would be a caller's mistake, and gets its values made now instead.)
            if layout.segmentMask != 0, let count = layout.parameterCount, count > 0, path.count == bytes.count {
                return RouteMatch(plain: route, parameters: RouteParameters(route: route, path: path, layout: layout), path: path)
            }
            return RouteMatch(plain: route, values: values(), path: path)
        }
        return made.pointee
    }

    /// Every value of a borrowed match, converted now: whole segments in one walk along the path.
    private func values() -> [RouteValue] {
        guard let count = layout.parameterCount, count > 0 else { return [] }
        guard layout.segmentMask == 0 else { return layout.segmentValues(count, in: bytes) }
        var values: [RouteValue] = []
        values.reserveCapacity(count)
        for index in 0..<count { values.append(value(at: index)) }
        return values
    }

    /// The bytes of value `index` in the path (a borrowed view only).
    private func rawBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard layout.segmentMask == 0 else { return layout.segment(at: index, in: bytes) }
        let range = scratch?._withUnsafeGuaranteedRef { $0.range(ofGroup: index + 1) } ?? 0..<0
        return UnsafeBufferPointer(rebasing: bytes[range])
    }
}
