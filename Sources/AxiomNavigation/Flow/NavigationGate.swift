import AxiomRouting

/// The one rule every change of navigation state goes through (Docs/Middleware.md, "The
/// gate"): given a proposed state — whatever door proposed it — the state that may be
/// committed. Pure: the same proposal, table and session give the same answer.
///
/// **The rule.** After the commit, the visible entry satisfies its route's policy for the
/// source that put it in the state, or the same commit presents the login over it:
///
/// - an entry whose route's `sources` do not allow its source (or whose route the table no
///   longer has) can never be shown by a sign-in: it is dropped, and the rule applies to what
///   is then visible;
/// - an auth-only entry while signed out (no session middleware counts as signed out: the
///   flow fails closed) is *guarded*. When the door may show the login and there is one (a
///   session middleware's login route, else the table's `login`), the login is presented over
///   it in the same commit: a modal when the login route's transition is one (else a
///   full-screen modal), pushed when it is `push`. Otherwise — the user just dismissed that
///   login, or there is no login to show — the guarded screens are *withheld*: taken off view
///   into ``NavigationState/withheld``, never erased; the top of the stack below them shows
///   (or, when a whole tab's stack is guarded, the first tab that may be shown is selected, its
///   stack kept as it was). Guarded screens with nothing below them and nowhere else to go are
///   withheld too, with no screen below (``NavigationState/Withheld/above`` nil): nothing
///   shows until something is navigated to or sign-in puts them back. Nothing guarded is erased.
///
/// Withheld groups whose screen below has left the state are released at the same commit; once
/// the session is signed in, the next commit puts the others back where they were.
struct NavigationGate {
    /// Whether one entry may be shown.
    enum Verdict: Equatable {
        case allowed
        /// No sign-in can allow it (its route's `sources`), or its route is gone.
        case refused(NavigationResult)
        /// It needs a sign-in.
        case guarded
    }

    /// What the gate let through.
    struct Admission {
        var state: NavigationState
        /// The guarded entry the login was presented over (resume it after sign-in).
        var guarded: NavigationEntry?
        /// What was dropped (never shown), with why.
        var dropped: [Restoration.Dropped] = []
    }

    let router: Router
    /// The session middleware (none: signed out, and no login to show — the flow fails closed).
    let sessions: [any SessionMiddleware]
    /// Who signed in last (``NavigationFlow/principal``): while signed in, the owner guarded state
    /// must have to be shown.
    var principal: Principal? = nil

    /// Whether the session is signed in (asked of the session middleware when a rule needs it).
    /// (Closures, not key paths: a key path over an existential cost a navigation ~10%.)
    var signedIn: Bool { !sessions.isEmpty && sessions.allSatisfy { $0.isSignedIn } }
    /// The login — the one notion of it: the first session middleware's login route, else the
    /// table's `login` (a fallback); none without a session middleware (nobody could sign in:
    /// the flow fails closed) or when neither names one (a guarded request is then refused).
    var login: String? {
        guard !sessions.isEmpty else { return nil }
        return sessions.lazy.compactMap { $0.loginRoute }.first ?? router.loginRoute
    }

    /// Whether going from `old` to a state whose visible entry is `shown` is the user leaving the
    /// login — the one place that says so: the login was on screen, and is no longer the screen
    /// shown. What it guarded is then withheld, not answered with the login again.
    func leavesLogin(_ old: NavigationState, showing shown: NavigationEntry?) -> Bool {
        guard let login, let visible = old.visible, visible.route == login else { return false }
        return shown?.id != visible.id
    }

    /// `known`: the entry's route when the caller has it already (a request's), saving the lookup.
    func verdict(_ entry: NavigationEntry, known: Route? = nil) -> Verdict {
        let found = known.flatMap { $0.name == entry.route ? $0 : nil } ?? router.route(named: entry.route)
        guard let route = found else { return .refused(.failed(.unknownRoute(entry.route))) }
        guard route.allows(source: entry.source.rawValue) else { return .refused(.cancelled(.untrustedSource)) }
        guard requiresSignIn(route) else { return .allowed }
        return signedIn ? .allowed : .guarded
    }

    /// The state that may be committed for `proposed`. `presentingLogin`: whether this door may
    /// answer a guarded screen with the login (not when the change was the user leaving it).
    func admit(_ proposed: NavigationState, presentingLogin: Bool) -> Admission {
        var admission = Admission(state: tidied(proposed))
        // Each turn takes an entry off view or ends: bounded by the state's size.
        var turns = admission.state.entries.count + 1
        loop: while turns > 0, let visible = admission.state.visible {
            turns -= 1
            switch verdict(visible) {
            case .allowed:
                break loop
            case .refused(let refusal):
                admission.dropped.append(
                    Restoration.Dropped(
                        entry: visible, place: admission.state.placeOfVisible, code: .notShown,
                        reason: "its route's policy never lets it be shown from \(visible.source) (\(refusal.code))"))
                admission.state.removeVisibleEntry()
            case .guarded:
                if presentingLogin, let presented = loginPresented(over: admission.state) {
                    admission.state = presented
                    admission.guarded = visible
                    break loop
                }
                withhold(&admission.state)
            }
        }
        // A screen withheld above one the rule then dropped has nowhere to go back to.
        admission.state = admission.state.droppingOrphanedWithheld()
        return admission
    }

    /// `state`'s guarded screens tidied. Signed in: when they belong to another principal
    /// (``NavigationState/owner``) they go (``strippingGuarded(_:)``), the state then belongs to
    /// who signed in, and withheld screens go back where they were. Signed out: withheld groups
    /// whose screen below has left the state are released.
    func tidied(_ state: NavigationState) -> NavigationState {
        guard signedIn else { return state.droppingOrphanedWithheld() }
        var next = state
        if let owner = next.owner, owner != principal { next = strippingGuarded(next) }
        next.owner = principal
        return next.reinstatingWithheld()
    }

    /// Whether ``tidied(_:)`` may change `state` (a quick test for the requests' plans).
    func needsTidying(_ state: NavigationState) -> Bool {
        state.withheldGroups != nil || (state.owner != principal && signedIn)  // the cheap test first
    }

    /// Whether `entry`'s route needs a sign-in, whoever is signed in (its route gone: yes).
    func needsSignIn(_ entry: NavigationEntry) -> Bool {
        guard let route = router.route(named: entry.route) else { return true }
        return requiresSignIn(route)
    }

    /// Whether `route` is `auth` and not the login itself (the one rule ``verdict(_:known:)``
    /// and ``needsSignIn(_:)`` share).
    private func requiresSignIn(_ route: Route) -> Bool {
        route.requiresAuthentication && route.name != router.loginRoute && route.name != login
    }

    /// `state` with nothing guarded left, and no owner: every withheld group gone, each stack cut
    /// below its first screen that needs a sign-in (the screens pushed over it went there through
    /// it), and each modal holding such a screen dismissed with the modals above it. A root
    /// screen of the root's stack or of a tab that needs a sign-in and has no values (an `inbox`
    /// tab) is made anew — a new entry, so a new context — rather than leaving its tab empty. What
    /// another principal's sign-in, or a sign-out that forgets
    /// (``NavigationFlow/Configuration/forgetsGuardedStateAtSignOut``), leaves of a state; the
    /// commit releases the contexts of what went.
    func strippingGuarded(_ state: NavigationState) -> NavigationState {
        var next = state
        next.withheld = []
        next.owner = nil
        func cut(_ stack: [NavigationEntry]) -> [NavigationEntry] {
            guard let first = stack.firstIndex(where: needsSignIn) else { return stack }
            guard first == 0 else { return Array(stack[..<first]) }
            let root = stack[0]
            guard root.destination.parameters.isEmpty, root.destination.query.isEmpty else { return [] }
            return [next.makeEntry(root.destination, source: root.source)]
        }
        switch next.root {
        case .stack(let stack): next.root = .stack(cut(stack))
        case .tabs(var tabs):
            for name in tabs.order { tabs.stacks[name] = tabs.stacks[name].map(cut) }
            next.root = .tabs(tabs)
        }
        if let level = next.modals.firstIndex(where: { $0.allStacks.contains { $0.stack.contains(where: needsSignIn) } }) {
            next.modals.removeSubrange(level...)
        }
        // A saved back stack keeps what is below its first guarded screen.
        if next.savedRecords != nil {
            next.savedStacks = next.savedStacks.map { stack in Array(stack.prefix { !needsSignIn($0) }) }.filter { !$0.isEmpty }
        }
        return next
    }

    /// `state` with the login on top, or nil when there is none to present.
    func loginPresented(over state: NavigationState) -> NavigationState? {
        guard let login, let route = router.route(named: login),
            (try? Router.validate(route, parameters: [:], query: [:])) != nil
        else { return nil }
        let command: NavigationCommand
        switch route.metadata.transition {
        case .push: command = .push(Destination(login))
        case .modal(let style): command = .present(Destination(login), style: style)
        case .replace, .tab: command = .present(Destination(login), style: .fullScreen)
        }
        return try? NavigationPlanner.plan(command, in: state, source: .inApp).get().state
    }

    /// Takes the guarded top of the active stack off view without erasing it (see the type's
    /// rule): what was visible is then withheld, and something else (or nothing) shows.
    func withhold(_ state: inout NavigationState) {
        let stack = state.activeStack
        let guardedCount = stack.reversed().prefix { verdict($0) == .guarded }.count
        if guardedCount < stack.count {
            let base = stack[stack.count - guardedCount - 1]
            let entries = state.takingWithheld(above: Array(stack.suffix(guardedCount)))
            state.withheld.append(NavigationState.Withheld(above: base.id, entries: entries))
            state.dropLastOfActiveStack(guardedCount)
            return
        }
        // The whole stack is guarded: another tab of the same bar, else a modal (a container
        // too) goes aside whole, above the screen under it.
        if let top = state.modals.indices.last {
            if var tabs = state.modals[top].tabs, let other = firstShowable(tabs, except: tabs.selected) {
                tabs.selected = other
                state.modals[top].content = .tabs(tabs)
                return
            }
            var modal = state.modals[top]
            var below = state
            below.modals.removeLast()
            // What was withheld above the modal's top goes aside with it; over an empty stack
            // (the modal was all there was to see), the group has nothing below it.
            modal.stack = below.takingWithheld(above: modal.stack)
            var tab: String?
            if below.visible == nil, case .tabs(let tabs) = below.root { tab = tabs.selected }
            below.withheld.append(NavigationState.Withheld(above: below.visible?.id, tab: tab, modal: modal))
            state = below
            return
        }
        switch state.root {
        case .tabs(var tabs):
            if let other = firstShowable(tabs, except: tabs.selected) {
                tabs.selected = other
                state.root = .tabs(tabs)
                return
            }
            // No tab may be shown: the selected tab's whole stack is withheld, the tab left empty.
            let entries = state.takingWithheld(above: stack)
            state.withheld.append(NavigationState.Withheld(above: nil, tab: tabs.selected, entries: entries))
            tabs.stacks[tabs.selected] = []
            state.root = .tabs(tabs)
        case .stack:
            let entries = state.takingWithheld(above: stack)
            state.withheld.append(NavigationState.Withheld(above: nil, entries: entries))
            state.root = .stack([])
        }
    }

    /// `state` with the guarded tops of every stack not on screen withheld — what sign-out does
    /// to the screens not on top, one rule whatever the root: the background tabs (the root's,
    /// and a container's), the root's stack under a sheet, and each lower sheet's stack. A stack
    /// shown later (a tab switched to, a sheet dismissed) shows its last screen that may be shown,
    /// and sign-in puts the rest back. A lower sheet all of whose screens are guarded goes aside
    /// whole, over the screen under it. A root stack or tab all of whose screens are guarded is
    /// kept as it is: revealing it goes through the gate like any change.
    func withholdingCovered(_ state: NavigationState) -> NavigationState {
        var next = state
        var groups: [NavigationState.Withheld] = []
        /// Withholds the guarded top of `stack` (not all of it), recording the group.
        func withholdTop(_ stack: inout [NavigationEntry]) {
            let guardedCount = stack.reversed().prefix { verdict($0) == .guarded }.count
            guard guardedCount > 0, guardedCount < stack.count else { return }
            groups.append(NavigationState.Withheld(above: stack[stack.count - guardedCount - 1].id, entries: Array(stack.suffix(guardedCount))))
            stack.removeLast(guardedCount)
        }
        /// Withholds the guarded tops of `content`'s stacks, all (`covered`) or the background tabs'.
        func withholdTops(_ content: inout NavigationState.Root, covered: Bool) {
            switch content {
            case .stack(var stack):
                guard covered else { return }
                withholdTop(&stack)
                content = .stack(stack)
            case .tabs(var tabs):
                for name in tabs.order where covered || name != tabs.selected {
                    guard var stack = tabs.stacks[name] else { continue }
                    withholdTop(&stack)
                    tabs.stacks[name] = stack
                }
                content = .tabs(tabs)
            }
        }
        withholdTops(&next.root, covered: !next.modals.isEmpty)
        // Modals top down, so that removing a lower one leaves the levels still to visit in place.
        for level in next.modals.indices.reversed() {
            let top = level == next.modals.count - 1
            if !top, next.modals[level].allStacks.allSatisfy({ $0.stack.allSatisfy { verdict($0) == .guarded } }) {
                // A lower sheet with nothing that may be shown: aside whole, over what is under it.
                let modal = next.modals.remove(at: level)
                let below = level == 0 ? next.rootActiveTop : next.modals[level - 1].stack.last
                groups.append(NavigationState.Withheld(above: below?.id, tab: below == nil ? next.selectedTab : nil, modal: modal))
                continue
            }
            withholdTops(&next.modals[level].content, covered: !top)
        }
        next.withheld += groups
        return next
    }

    /// The first tab other than `except` whose top may be shown.
    private func firstShowable(_ tabs: NavigationState.Tabs, except: String) -> String? {
        tabs.order.first { name in
            guard name != except, let top = tabs.stacks[name]?.last else { return false }
            return verdict(top) == .allowed
        }
    }
}

extension NavigationState {
    /// Where the visible entry is, as ``Restoration/Dropped/place`` says it.
    var placeOfVisible: String {
        if let top = modals.indices.last {
            if let tabs = modals[top].tabs { return "modal \(top) tab \(tabs.selected)" }
            return "modal \(top)"
        }
        if case .tabs(let tabs) = root { return "tab \(tabs.selected)" }
        return "root"
    }
}
