import AxiomRouting
import Testing

@testable import AxiomNavigation

/// The gate decides at the commit, after every await (issue 51, "Checked at the commit"): a
/// request that waits on a leave question while the user signs out never commits an auth-only
/// screen with no login — through `open`, `selectTab` and `restore` alike — and a session that
/// signs out without telling the flow is caught by the commit's own check.
@MainActor
@Suite struct SignOutDuringAwaitTests {
    static let table = """
        origins myapp:
        tabs home, me
        login login
        route home /
          transition tab(home)
        route post /post/:id
          param id int
          parent home
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route me /me
          transition tab(me)
          auth
        route login /login
          transition modal(fullScreen)
        """

    let orchestrator: Orchestrator
    let auth: AuthenticationMiddleware<ContinuousClock>
    let editors: LeaveGuardTests.EditorLog

    init() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let editors = LeaveGuardTests.EditorLog()
        self.editors = editors
        orchestrator = Orchestrator(
            router: router, state: NavigationState(tabs: ["home": Destination("home"), "me": Destination("me")], selected: "home"),
            factories: [
                "post": { environment in
                    let context = EditorContext()
                    context.refusesCovering = false
                    editors.made[environment.entry.id] = context
                    return context
                }
            ])
        auth = AuthenticationMiddleware(loginRoute: "login", signedIn: true, clock: ContinuousClock())
        orchestrator.navigation.add(auth)
    }

    var flow: NavigationFlow { orchestrator.navigation }

    /// Signed in on `post`, whose context asks before it is covered; returns that context,
    /// answering nothing until the test resumes it.
    func onPostAskingBeforeLeaving() async throws -> EditorContext {
        await orchestrator.start()
        #expect(await flow.open(url: "myapp://post/7", source: .inApp) == .completed)
        let editor = try #require(editors.made.values.first)
        editor.hasUnsavedChanges = false  // the answer will be yes, whether covered or removed
        editor.holdsAnswers = true
        return editor
    }

    /// What an observer may never read: an auth-only screen visible while signed out.
    func visibleIsAllowed() -> Bool {
        guard let visible = flow.state.visible, let route = flow.router.route(named: visible.route) else { return true }
        return !route.metadata.requiresAuthentication || flow.isSignedIn == true
    }

    /// Runs `request` until the editor's question is open, signs out (`signOut` does it), answers
    /// yes, and returns the request's result.
    func signOutWhileAsked(
        _ editor: EditorContext, signOut: () -> Void, _ request: @escaping @MainActor () async -> NavigationResult
    ) async -> NavigationResult {
        let task = Task { await request() }
        while editor.pending.isEmpty { await Task.yield() }
        signOut()
        #expect(visibleIsAllowed())
        for answer in editor.pending { answer.resume() }
        editor.pending.removeAll()
        editor.holdsAnswers = false
        let result = await task.value
        await flow.lifecycleSettled()
        return result
    }

    @Test func aLinkAwaitingALeaveQuestionAcrossSignOutIsSupersededAndShowsNothingGuarded() async throws {
        let editor = try await onPostAskingBeforeLeaving()
        let result = await signOutWhileAsked(editor, signOut: { flow.signOut() }) {
            await flow.open(url: "myapp://profile/42")
        }
        #expect(result == .cancelled(.superseded))
        #expect(flow.state.visible?.route == "post")
        #expect(!flow.state.entries.contains { $0.route == "profile" })
        #expect(visibleIsAllowed())
    }

    @Test func aTabSelectedAcrossSignOutIsNotShown() async throws {
        let editor = try await onPostAskingBeforeLeaving()
        let result = await signOutWhileAsked(editor, signOut: { flow.signOut() }) { await flow.selectTab("me") }
        #expect(result == .cancelled(.superseded))
        #expect(flow.state.selectedTab == "home")
        #expect(visibleIsAllowed())
    }

    @Test func aRestoreAcrossSignOutIsNotShown() async throws {
        let editor = try await onPostAskingBeforeLeaving()
        var saved = NavigationState(stack: [Destination("home")])
        saved = try NavigationPlanner.plan(.push(Destination("profile", parameters: ["userId": .int(42)])), in: saved, source: .inApp).get().state
        let result = await signOutWhileAsked(editor, signOut: { flow.signOut() }) { await flow.restore(saved).result }
        #expect(result == .cancelled(.superseded))
        #expect(flow.state.visible?.route == "post")
        #expect(visibleIsAllowed())
    }

    /// The session signs out behind the flow's back (the middleware told directly, as an app's
    /// token expiry might): nothing supersedes the request, so only the commit's own check after
    /// the await stands between it and the profile — the login goes up instead, the link parked.
    @Test func aSessionThatSignsOutWithoutTellingTheFlowIsCaughtAtTheCommit() async throws {
        let editor = try await onPostAskingBeforeLeaving()
        let result = await signOutWhileAsked(editor, signOut: { auth.signOut() }) {
            await flow.open(url: "myapp://profile/42")
        }
        #expect(result.code == .redirected)
        #expect(flow.state.visible?.route == "login")
        #expect(!flow.state.entries.contains { $0.route == "profile" })
        #expect(visibleIsAllowed())
        #expect(flow.parkedRequest?.destination?.route == "profile")
        // Sign-in resumes it exactly once.
        #expect(await flow.signIn()?.code == .completed)
        #expect(flow.state.visible?.route == "profile")
    }
}
