import AxiomNavigation
import AxiomNavigationTesting
import AxiomRouting
import Testing

private let routes = """
    origins myapp:
    tabs home, inbox
    login login
    route home /
      transition tab(home)
    route post /posts/:id
      param id int
      parent home
      analytics "Post"
    route inbox /inbox
      transition tab(inbox)
      auth
    route conversation /inbox/:id
      param id int
      auth
      parent inbox
    route compose /compose
      transition modal(sheet)
    route login /login
      transition modal(fullScreen)
    """

@MainActor
@Suite struct TestNavigatorTests {
    /// Docs/Testing.md, "The navigator": a screen that answers, asked and answered in a test.
    @Test func aScreenThatAnswersIsAskedAndAnswered() async throws {
        let navigator = try TestNavigator(
            routes: """
                tabs home
                route home /
                  transition tab(home)
                route pickPhoto /photos/pick
                  transition modal(sheet)
                  result string
                """)
        await navigator.navigateForResult(to: Destination("pickPhoto"), named: "photo", state: """
            tabs: home*
              home: #0 home
            modal sheet: #1 pickPhoto
            result #2: #1 pickPhoto answers #0, pending
            """)
        await navigator.expectAnswer("photo", "pending")
        await navigator.answer(with: .string("IMG_0001"), expect: "completed", state: """
            tabs: home*
              home: #0 home
            """)
        await navigator.expectAnswer("photo", "completed(IMG_0001)")
        // Dismissed, and asked of a route that gives none.
        await navigator.navigateForResult(to: Destination("pickPhoto"), named: "again", state: """
            tabs: home*
              home: #0 home
            modal sheet: #3 pickPhoto
            result #4: #3 pickPhoto answers #0, pending
            """)
        await navigator.dismiss(expect: "completed", state: """
            tabs: home*
              home: #0 home
            """)
        await navigator.expectAnswer("again", "dismissed")
        await navigator.navigateForResult(to: Destination("home"), named: "none")
        await navigator.expectAnswer("none", "denied(failed.gives-no-answer)")
    }

    /// A wrong expectation of an answer is reported, not passed.
    @Test func aWrongAnswerExpectationIsReported() async throws {
        let navigator = try TestNavigator(
            routes: """
                tabs home
                route home /
                  transition tab(home)
                route pickPhoto /photos/pick
                  result string
                """)
        navigator.exhaustive = false
        await navigator.navigateForResult(to: Destination("pickPhoto"), named: "photo")
        await withKnownIssue {
            await navigator.expectAnswer("photo", "completed(IMG_0001)")
        }
        await withKnownIssue {
            await navigator.expectAnswer("unknown", "pending")
        }
    }

    @Test func theGuideExamplePasses() async throws {
        let navigator = try TestNavigator(
            routes: """
                tabs home
                route home /
                  transition tab(home)
                route post /posts/:id
                  param id int
                  parent home
                """)
        await navigator.open(
            "myapp://posts/7", expect: "completed",
            state: """
                tabs: home*
                  home: #1 home > #2 post(id: 7)
                """)
        await navigator.back(
            expect: "completed",
            state: """
                tabs: home*
                  home: #1 home
                """)
    }

    /// The UI's own changes are steps too: a back swipe, a tab tap (an auth-only one goes to the
    /// login), with their results and states checked like any step.
    @Test func uiChangesAreStepsWithTheirStates() async throws {
        let navigator = try TestNavigator(routes: routes)
        await navigator.open("myapp://posts/7", expect: "completed", state: "tabs: home*, inbox\n  home: #2 home > #3 post(id: 7)\n  inbox: #1 inbox")
        let home = try #require(navigator.state.activeStack.first)
        await navigator.uiDidChange(.popped(to: home.id), expect: "completed", state: "tabs: home*, inbox\n  home: #2 home\n  inbox: #1 inbox")
        await navigator.uiDidChange(.popped(to: home.id), expect: "duplicated")
        await navigator.uiDidChange(
            .selectedTab("inbox"), expect: "completed", state: "tabs: home, inbox*\n  home: #2 home\n  inbox: #1 inbox\nmodal fullScreen: #4 login")
        #expect(navigator.contexts[EntryID(1)] == nil)  // the inbox was never shown signed out
    }

    /// A container is a step's state like any: a deep link into its second tab, then back.
    @Test func aContainerIsInTheStatesItChecks() async throws {
        let navigator = try TestNavigator(
            routes: """
                tabs home
                container onboarding modal(fullScreen) tabs(welcome, permissions)
                route home /
                  transition tab(home)
                route welcome /onboarding/welcome
                  container onboarding
                  transition tab(welcome)
                route permissions /onboarding/permissions
                  container onboarding
                  transition tab(permissions)
                route notificationsPermission /onboarding/permissions/notifications
                  parent permissions
                """)
        await navigator.open(
            "myapp://onboarding/permissions/notifications", expect: "completed",
            state: """
                tabs: home*
                  home: #0 home
                modal fullScreen onboarding: tabs: welcome, permissions*
                  welcome: #2 welcome
                  permissions: #1 permissions > #3 notificationsPermission
                """)
        await navigator.back(
            expect: "completed",
            state: """
                tabs: home*
                  home: #0 home
                modal fullScreen onboarding: tabs: welcome, permissions*
                  welcome: #2 welcome
                  permissions: #1 permissions
                """)
        await navigator.back(expect: "completed", state: "tabs: home*\n  home: #0 home")
    }

    @Test func startsAtTheTablesTabRootsWithDeterministicIds() throws {
        let navigator = try TestNavigator(routes: routes)
        // inbox's root needs no values but is still its root: the tab starts there.
        #expect(
            navigator.state.outline == """
                tabs: home*, inbox
                  home: #0 home
                  inbox: #1 inbox
                """)
    }

    @Test func aWrongStateFailsAtTheCallersLineWithADiff() async throws {
        let navigator = try TestNavigator(routes: routes)
        let line = #line + 2
        await withKnownIssue {
            await navigator.open(
                "myapp://posts/7",
                state: """
                    tabs: home*, inbox
                      home: #2 home > #3 post(id: 8)
                      inbox: #1 inbox
                    """)
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "TestNavigatorTests.swift"
                && text.contains("state after open myapp://posts/7 does not match")
                && text.contains("−   home: #2 home > #3 post(id: 8)") && text.contains("+   home: #2 home > #3 post(id: 7)")
        }
    }

    @Test func aWrongResultFails() async throws {
        let navigator = try TestNavigator(routes: routes)
        navigator.exhaustive = false
        await withKnownIssue {
            await navigator.back(expect: "completed")
        } matching: { issue in
            String(describing: issue).contains("back: expected completed, got failed.at-root")
        }
        await navigator.back(expect: "failed.*")
        await navigator.back(expect: .exactly(.failed(.plan(.atRoot))))
    }

    @Test func aStepThatChangesTheStateWithoutSayingToWhatFailsWhenExhaustive() async throws {
        let navigator = try TestNavigator(routes: routes)
        await withKnownIssue {
            await navigator.open("myapp://compose", expect: "completed")
        } matching: { issue in
            String(describing: issue).contains("changed the state, and the step does not say to what")
        }
        // A step that changes nothing needs no state; nor does any step when not exhaustive.
        await navigator.open("myapp://nowhere", expect: "not-found")
        navigator.exhaustive = false
        await navigator.dismiss(expect: "completed")
    }

    @Test func contextsLifecycleAndAnalyticsCanBeInspected() async throws {
        let navigator = try TestNavigator(routes: routes)
        await navigator.open(
            "myapp://posts/7", expect: "completed",
            state: """
                tabs: home*, inbox
                  home: #2 home > #3 post(id: 7)
                  inbox: #1 inbox
                """)
        navigator.expectLifecycle(["appear #0 home", "disappear #0 home", "release #0 home", "appear #3 post [id: 7]"])
        // Only the visible entry has a context; home #2 gets one when it first shows.
        #expect(navigator.contexts.keys.sorted() == [EntryID(3)])
        let post = try #require(navigator.contexts[EntryID(3)] as? RecordedContext)
        #expect(post.appearances == 1)
        await navigator.back(
            expect: "completed",
            state: """
                tabs: home*, inbox
                  home: #2 home
                  inbox: #1 inbox
                """)
        navigator.expectLifecycle(["disappear #3 post [id: 7]", "release #3 post [id: 7]", "appear #2 home"])
        #expect(post.disappearances == 1)
        navigator.expectAnalytics(["completed Post", "completed back"])

        withKnownIssue {
            navigator.expectAnalytics(["completed Post"])
        } matching: { issue in
            String(describing: issue).contains("analytics does not match") && String(describing: issue).contains("+ completed back")
        }
    }

    @Test func signInResumesTheParkedDeepLinkOnce() async throws {
        let navigator = try TestNavigator(routes: routes)
        await navigator.open(
            "myapp://inbox/4", expect: "redirected",
            state: """
                tabs: home*, inbox
                  home: #0 home
                  inbox: #1 inbox
                modal fullScreen: #2 login
                """)
        await navigator.signIn(
            expect: "completed",
            state: """
                tabs: home, inbox*
                  home: #0 home
                  inbox: #3 inbox > #4 conversation(id: 4)
                """)
        #expect(await navigator.signIn() == nil)
        await withKnownIssue {
            await navigator.signIn(expect: "completed")
        } matching: { issue in
            String(describing: issue).contains("sign-in resumed nothing, expected completed")
        }
    }

    @Test func theRateLimitRunsOnTheTestClock() async throws {
        let navigator = try TestNavigator(routes: routes)
        navigator.exhaustive = false
        for id in 0..<10 { await navigator.open("myapp://posts/\(id)", source: .pushNotification, expect: "completed") }
        await navigator.open("myapp://posts/10", source: .pushNotification, expect: .exactly(.cancelled(.rateLimited(retryAfter: .seconds(1)))))
        // In-app steps are not limited by default.
        await navigator.navigate(to: Destination("post", parameters: ["id": .int(11)]), expect: "completed")
        await navigator.advance(by: .seconds(1))
        await navigator.open("myapp://posts/12", source: .pushNotification, expect: "completed")
    }
}
