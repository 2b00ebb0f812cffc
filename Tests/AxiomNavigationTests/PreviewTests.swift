import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Previews (Docs/Navigation.md, "Previews"): what a request would do, with nothing done, and
/// never shown once the session or table it was made under has changed.
@MainActor
@Suite struct PreviewTests {
    /// Everything a preview must leave alone, read the way an app or a test reads it.
    struct Observed: Equatable {
        let state: NavigationState
        let history: [HistoryRecord]
        let nextRequest: Int
        let commits: Int
        let parked: RequestID?
        let contexts: Set<EntryID>
        let lifecycle: Int
        let analytics: Int
        let journal: Int

        @MainActor init(_ navigator: TestNavigator) {
            let flow = navigator.flow
            state = flow.state
            history = Array(flow.history)
            nextRequest = flow.nextRequest
            commits = flow.commits
            parked = flow.parkedRequest?.id
            contexts = Set(navigator.contexts.keys)
            lifecycle = navigator.lifecycle.count
            analytics = navigator.analytics.events.count
            journal = flow.journal?.records.count ?? -1
        }
    }

    /// `GateTests`' app with a screen that loads its data.
    static let table = GateTests.table + "\nroute feed /feed\n  load feedData\n  parent home\n"

    static func navigator(signedIn: Bool) throws -> TestNavigator {
        let navigator = try TestNavigator(
            routes: table,
            options: .init(signedIn: signedIn, rateLimit: .init(limit: 2, appliesTo: [.inApp, .deepLink, .universalLink, .pushNotification])))
        navigator.exhaustive = false
        navigator.flow.journal = NavigationJournal()
        return navigator
    }

    /// Docs/Navigation.md, "Previews".
    @Test func theGuidesExampleRuns() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.start()
        let flow = navigator.flow
        let peek = flow.preview(url: "myapp://inbox/3")   // signed in: shows the conversation
        print(peek.visible?.route ?? "nothing")            // conversation; nothing changed
        flow.signOut()
        print(flow.status(of: peek))                       // retired: do not show it
        let result = await flow.commit(peek)               // checked again: the login, the link parked
        #expect(peek.visible?.route == "conversation")
        #expect(flow.status(of: peek) == .retired)
        #expect(result.code == .redirected && flow.state.visible?.route == "login" && flow.parkedRequest?.target?.route == "conversation")
    }

    @Test func aPreviewChangesNothingAnAppOrTestCanRead() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.start()
        let loads = Counter()
        navigator.flow.loaders["feedData"] = { _ in
            await loads.add()
            return 1
        }
        let before = Observed(navigator)
        // Every kind: a link to a screen that loads, one allowed, one refused, one unknown; a
        // navigation; a command; then signed out, a link to an auth-only screen (the login first).
        var previews = [
            navigator.flow.preview(url: "myapp://feed"), navigator.flow.preview(url: "myapp://about"),
            navigator.flow.preview(url: "myapp://me/password"), navigator.flow.preview(url: "myapp://nowhere"),
            navigator.flow.preview(Destination("compose")), navigator.flow.preview(.selectTab("me")),
        ]
        for _ in 0..<5 { _ = navigator.flow.preview(url: "myapp://about") }
        await navigator.flow.lifecycleSettled()
        #expect(Observed(navigator) == before)
        navigator.authentication.signOut()  // behind the flow's back: nothing to commit
        let signedOut = Observed(navigator)
        previews.append(navigator.flow.preview(url: "myapp://profile/42"))
        #expect(Observed(navigator) == signedOut)
        #expect(await loads.value == 0)
        #expect(previews[0].visible?.route == "feed")
        #expect(previews.map(\.result.code.rawValue) == [
            "completed", "completed", "cancelled.untrusted-source", "not-found", "completed", "completed", "redirected",
        ])
        // The rate limit (2 a second) counted none of the eleven previews: two real requests pass.
        #expect(await navigator.flow.open(url: "myapp://about") == .completed)
        #expect(await navigator.flow.perform(.selectTab("me")) == .completed)
    }

    @Test func aPreviewIsThePlanTheRequestCommitsWhenNothingChangedBetween() async throws {
        for signedIn in [false, true] {
            for url in ["myapp://profile/42/followers", "myapp://about", "myapp://inbox/3", "myapp://me/settings/privacy", "myapp://me/password"] {
                let navigator = try Self.navigator(signedIn: signedIn)
                await navigator.start()
                let preview = navigator.flow.preview(url: url)
                #expect(navigator.flow.status(of: preview) == .current)
                let result = await navigator.flow.commit(preview)
                #expect(result == preview.result, "\(url) signed in \(signedIn)")
                if let planned = preview.state {
                    #expect(navigator.state == planned, "\(url) signed in \(signedIn)")
                }
                #expect(navigator.flow.parkedRequest?.target == preview.resumes, "\(url) signed in \(signedIn)")
            }
        }
    }

    /// Found by the model fuzzer: a command with no destination that the policy sends to the login
    /// (back onto an auth-only screen after sign-out) ends `redirected`, and so does its preview.
    @Test func aBackOntoAnAuthOnlyScreenPreviewsTheRedirectToTheLogin() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.start()
        await navigator.open("myapp://me/settings/privacy", expect: "completed")
        _ = await navigator.flow.perform(.push(Destination("about")))
        navigator.signOut()
        #expect(navigator.state.activeStack.map(\.route) == ["me", "settings", "privacy", "about"])
        let preview = navigator.flow.preview(.back)
        #expect(preview.result == .redirected(chain: [], final: Destination("login")))
        #expect(preview.visible?.route == "login")
        #expect(await navigator.flow.commit(preview) == preview.result)
        #expect(navigator.state == preview.state)
    }

    @Test func aLinkToAnAuthOnlyScreenPreviewsTheLoginAndWhatSignInResumesTo() async throws {
        let navigator = try Self.navigator(signedIn: false)
        await navigator.start()
        let preview = navigator.flow.preview(url: "myapp://profile/42")
        #expect(preview.visible?.route == "login")
        #expect(preview.resumes == Destination("profile", parameters: ["userId": .int(42)]))
        #expect(preview.result == .redirected(chain: [Destination("profile", parameters: ["userId": .int(42)])], final: Destination("login")))
        #expect(navigator.flow.parkedRequest == nil)
        // The in-app-only screen from a link: refused, nothing would be committed.
        let refused = navigator.flow.preview(url: "myapp://me/password")
        #expect(refused.result == .cancelled(.untrustedSource) && refused.state == nil && refused.events.isEmpty)
        // From the app it may be shown: parents below, as the link's plan builds them.
        let inApp = navigator.flow.preview(url: "myapp://me/password", source: .inApp)
        #expect(inApp.state?.activeStack.map(\.route) == ["me", "changePassword"])
        #expect(inApp.events.last.map { if case .appear(let entry) = $0 { entry.route } else { "" } } == "changePassword")
    }

    /// TanStack Router's preloads ran auth checks for real and showed an auth-only page after
    /// logout: a preview made signed in is retired by the sign-out, and going ahead re-checks.
    @Test func aPreviewMadeSignedInIsRetiredBySignOutAndItsCommitGoesToTheLogin() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.start()
        let preview = navigator.flow.preview(url: "myapp://inbox/3")
        #expect(preview.visible?.route == "conversation")
        navigator.signOut()
        #expect(navigator.flow.status(of: preview) == .retired)
        let result = await navigator.flow.commit(preview)
        #expect(result.code == .redirected && navigator.state.visible?.route == "login")
    }

    @Test func everyChangeOfSessionOrTableRetiresAPreviewAndACommitOnlyMakesItStale() async throws {
        let navigator = try Self.navigator(signedIn: false)
        await navigator.start()
        // A commit: stale, not retired.
        var preview = navigator.flow.preview(url: "myapp://about")
        _ = await navigator.flow.perform(.selectTab("me"))
        #expect(navigator.flow.status(of: preview) == .stale)
        // A sign-in (as anyone), then a sign-in of another principal after a sign-out.
        preview = navigator.flow.preview(url: "myapp://about")
        await navigator.flow.signIn(as: "alice")
        #expect(navigator.flow.status(of: preview) == .retired)
        preview = navigator.flow.preview(url: "myapp://profile/1")
        #expect(preview.visible?.route == "profile")
        navigator.signOut()
        await navigator.flow.signIn(as: "bob")
        #expect(navigator.flow.status(of: preview) == .retired)
        // The session ending behind the flow's back (its middleware told, the flow not).
        preview = navigator.flow.preview(url: "myapp://profile/1")
        #expect(navigator.flow.status(of: preview) == .current)
        navigator.authentication.signOut()
        #expect(navigator.flow.status(of: preview) == .retired)
        // A table swap, even to an equal table.
        await navigator.flow.signIn(as: "bob")
        preview = navigator.flow.preview(url: "myapp://about")
        _ = await navigator.flow.replaceTable(with: try Router(source: RouteSource(name: "same.routes", text: GateTests.table)))
        #expect(navigator.flow.status(of: preview) == .retired)
        // Another flow's preview is never current here.
        let other = try Self.navigator(signedIn: true)
        #expect(other.flow.status(of: navigator.flow.preview(url: "myapp://about")) == .retired)
    }

    @Test func aPreviewDoesNotSupersedeARequestInFlight() async throws {
        let navigator = try Self.navigator(signedIn: true)
        await navigator.start()
        let gate = AsyncGate()
        navigator.flow.add(
            MiddlewareClosure { request, next in
                if request.target?.route == "about" { await gate.wait() }
                return try await next(request)
            })
        let running = Task { @MainActor in await navigator.flow.open(url: "myapp://about") }
        for _ in 0..<20 { await Task.yield() }
        _ = navigator.flow.preview(url: "myapp://me/settings")
        await gate.open()
        #expect(await running.value == .completed)
        #expect(navigator.state.visible?.route == "about")
    }
}

actor Counter {
    private(set) var value = 0
    func add() { value += 1 }
}

/// A one-shot latch the test opens.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
