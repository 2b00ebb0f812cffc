import AxiomRouting

/// Previews (``NavigationPreview``): what a request would do, decided by the same plan and the
/// same gate as the request itself, with nothing done. The rule that keeps one honest is that it
/// is never committed as made: ``commit(_:)`` runs the request again, and a sign-in, sign-out or
/// swap retires it (``status(of:)``).
extension NavigationFlow {
    /// What opening `url` as a link from `source` would do (``open(url:source:)``), without doing it.
    public func preview(url: String, source: NavigationSource = .deepLink) -> NavigationPreview {
        let request = NavigationPreview.Request.open(url: url, source: source)
        switch router.resolve(url) {
        case .failure(let failure):
            return NavigationPreview(request: request, result: .notFound(failure), state: nil, events: [], resumes: nil, key: previewKey)
        case .success(let match):
            let destination = Destination(match)
            return preview(
                request, .deepLink(destination.withoutRedirects), source: source, route: match.route, url: url, redirects: destination.redirects)
        }
    }

    /// What opening a link of several screens would do (``open(urls:source:)``), without doing it.
    public func preview(urls: [String], source: NavigationSource = .deepLink) -> NavigationPreview {
        let request = NavigationPreview.Request.openLinks(urls: urls, source: source)
        switch linkedStack(urls) {
        case .failure(let ended):
            return NavigationPreview(request: request, result: ended.result, state: nil, events: [], resumes: nil, key: previewKey)
        case .success(let link):
            return preview(
                request, .deepLink(link.destination.withoutRedirects), source: source, route: link.route, url: urls.last,
                redirects: link.destination.redirects)
        }
    }

    /// What navigating to `destination` would do (`navigate(to:source:)`), without doing it.
    public func preview(_ destination: Destination, source: NavigationSource = .inApp) -> NavigationPreview {
        let request = NavigationPreview.Request.navigate(destination, source: source)
        guard let route = router.route(named: destination.route) else {
            return NavigationPreview(
                request: request, result: .failed(.unknownRoute(destination.route)), state: nil, events: [], resumes: nil, key: previewKey)
        }
        return preview(
            request, .navigate(destination.withQueryDefaults(of: route).withoutRedirects), source: source, route: route, url: nil,
            redirects: destination.redirects)
    }

    /// What performing `command` would do (``perform(_:source:)``), without doing it.
    public func preview(_ command: NavigationCommand, source: NavigationSource = .inApp) -> NavigationPreview {
        preview(
            .perform(command, source: source), NavigationRequest.Action.command(command).withQueryDefaults(router), source: source, route: nil,
            url: nil)
    }

    /// `request` previewed again (say, to refresh a preview no longer ``NavigationPreview/Status/current``).
    public func preview(_ request: NavigationPreview.Request) -> NavigationPreview {
        switch request {
        case .open(let url, let source): return preview(url: url, source: source)
        case .openLinks(let urls, let source): return preview(urls: urls, source: source)
        case .navigate(let destination, let source): return preview(destination, source: source)
        case .perform(let command, let source): return preview(command, source: source)
        }
    }

    /// Whether `preview` may still be shown: `retired` once a sign-in, a sign-out or a table swap
    /// has happened since it was made, or the session has ended behind the flow's back (its
    /// middleware signed out), or it was made by another flow — never show a retired preview;
    /// `stale` when only the state has changed since; `current` when nothing has.
    public func status(of preview: NavigationPreview) -> NavigationPreview.Status {
        let now = previewKey
        let key = preview.key
        guard key.flow == now.flow, key.sessionChanges == now.sessionChanges, key.signedIn == now.signedIn, key.principal == now.principal
        else { return .retired }
        return key.commits == now.commits ? .current : .stale
    }

    /// Goes ahead with the request `preview` was made for, as a new request through the whole
    /// pipeline and the gate of now (its plan is not reused: a session or table that changed
    /// since decides). Journaled as that request.
    @discardableResult
    public func commit(_ preview: NavigationPreview) async -> NavigationResult {
        switch preview.request {
        case .open(let url, let source): return await open(url: url, source: source)
        case .openLinks(let urls, let source): return await open(urls: urls, source: source)
        case .navigate(let destination, let source): return await navigate(to: destination, source: source)
        case .perform(let command, let source): return await perform(command, source: source)
        }
    }

    var previewKey: NavigationPreview.Key {
        NavigationPreview.Key(
            flow: ObjectIdentifier(self), sessionChanges: sessionChanges, signedIn: gate.signedIn, principal: principal, commits: commits)
    }

    /// The request's run without its middleware and with nothing written: the checks made before
    /// anything runs, the plan, the gate's decision (``NavigationGate/decide(_:proposing:over:)``,
    /// which parks nothing), and the policy's redirect to the login followed as the run follows it.
    private func preview(
        _ asked: NavigationPreview.Request, _ action: NavigationRequest.Action, source: NavigationSource, route: Route?, url: String?,
        redirects: [Destination] = []
    ) -> NavigationPreview {
        // Numbered as the request would be; the number is not taken.
        var request = NavigationRequest(id: RequestID(nextRequest), action: action, source: source, route: route, url: url, redirects: redirects)
        var resumes: Destination? = nil
        // As the run says: a request sent on (a command to the login too) ends `redirected`.
        var wasRedirected = !redirects.isEmpty
        func ended(_ result: NavigationResult) -> NavigationPreview {
            NavigationPreview(request: asked, result: result, state: nil, events: [], resumes: resumes, key: previewKey)
        }
        while true {
            if let end = endedBeforeRunning(request) { return ended(end.result) }
            let plan: NavigationPlan
            switch self.plan(for: request) {
            case .failure(let end): return ended(end.result)
            case .success(let planned): plan = planned
            }
            switch gate.decide(request, proposing: plan.state, over: state) {
            case .success(let admission):
                let result: NavigationResult =
                    if wasRedirected, let final = request.target { .redirected(chain: request.redirects, final: final) } else { .completed }
                // The results as the commit would leave them (nothing is delivered).
                var shown = admission.state
                _ = shown.settleResults(endsByChoice: action.endsByChoice, waiting: isAwaited)
                return NavigationPreview(request: asked, result: result, state: shown, events: plan.events, resumes: resumes, key: previewKey)
            case .failure(let refusal):
                if refusal.parks, resumes == nil { resumes = request.target }
                guard case .redirected(_, let final) = refusal.result else { return ended(refusal.result) }
                switch following(request, to: final) {
                case .failure(let end): return ended(end.result)
                case .success(let next):
                    request = next
                    wasRedirected = true
                }
            }
        }
    }
}
