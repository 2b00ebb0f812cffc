extension Router {
    /// Looks `path` up (and its raw `query`, as ``resolve(path:query:)`` does) and hands `body`
    /// the match as a view that borrows the path: the route and where its values lie, each
    /// value converted only when read. No allocation and no reference counting for most
    /// matches (see ``RouteMatchView``); the same answer as ``resolve(path:query:)`` always.
    ///
    /// ```swift
    /// switch router.withMatch(path: "/profile/42", { match in (match.routeName, match.int(at: 0)) }) {
    /// case .success(let (name, id)): print(name, id ?? 0)  // profile 42
    /// case .failure(let failure): print(failure)
    /// }
    /// ```
    @inlinable
    public func withMatch<Result>(
        path: String, query: String? = nil, _ body: (borrowing RouteMatchView) -> Result
    ) -> Swift.Result<Result, RouteFailure> {
        var result: Result? = nil
        let failure = borrowedLookup(path: path, query: query) { view in result = body(view) }
        if let result = result.take() { return .success(result) }
        // A lookup ends with a match or a failure: the second reason is never needed.
        return .failure(failure ?? Self.noMatch(path))
    }

    /// The failure for a lookup that gave neither (never needed: see ``withMatch(path:query:_:)``).
    @usableFromInline
    static func noMatch(_ path: String) -> RouteFailure { RouteFailure(input: path, reason: .noRoute(path: path, suggestions: [])) }

    /// The door ``withMatch(path:query:_:)`` goes through: the checks of
    /// ``resolve(path:query:fragment:)``, then the lookup every other door shares.
    @usableFromInline
    func borrowedLookup(path: String, query: String?, _ body: (borrowing RouteMatchView) -> Void) -> RouteFailure? {
        lookup(path: path, query: query, fragment: nil) { view, _ in body(view) }
    }
}
