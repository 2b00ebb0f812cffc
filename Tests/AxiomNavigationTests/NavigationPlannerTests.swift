import AxiomRouting
import Testing

@testable import AxiomNavigation

private func entry(_ id: Int, _ route: String, _ parameters: RouteParameters = [:], source: NavigationSource = .inApp) -> NavigationEntry {
    NavigationEntry(id: EntryID(id), destination: Destination(route, parameters: parameters), source: source)
}

private func apply(_ commands: [NavigationCommand], to state: NavigationState) throws -> NavigationPlan {
    var plan = NavigationPlan(state: state, events: [])
    for command in commands { plan = try NavigationPlanner.plan(command, in: plan.state).get() }
    return plan
}

@Suite struct StackCommandTests {
    let start = NavigationState(stack: [Destination("home")])

    @Test func pushAddsAnEntryWithTheNextIDAndSwapsVisibility() throws {
        let plan = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: start).get()
        #expect(plan.state.root == .stack([entry(0, "home"), entry(1, "post", ["postId": .int(7)])]))
        #expect(plan.events == [.disappear(entry(0, "home")), .appear(entry(1, "post", ["postId": .int(7)]))])
        #expect(plan.state.canGoBack)
        #expect(!start.canGoBack)
    }

    @Test func popRemovesTheTopAndReleasesIt() throws {
        let pushed = try apply([.push(Destination("a")), .push(Destination("b"))], to: start).state
        let plan = try NavigationPlanner.plan(.pop, in: pushed).get()
        #expect(plan.state.root == .stack([entry(0, "home"), entry(1, "a")]))
        #expect(plan.events == [.disappear(entry(2, "b")), .release(entry(2, "b")), .appear(entry(1, "a"))])
    }

    @Test func popAtTheRootIsAnError() {
        #expect(NavigationPlanner.plan(.pop, in: start) == .failure(.atRoot))
        #expect(NavigationPlanner.plan(.back, in: start) == .failure(.atRoot))
    }

    @Test func popToRootReleasesEverythingAboveTopFirst() throws {
        let deep = try apply([.push(Destination("a")), .push(Destination("b"))], to: start).state
        let plan = try NavigationPlanner.plan(.popToRoot, in: deep).get()
        #expect(plan.state.root == .stack([entry(0, "home")]))
        #expect(
            plan.events == [.disappear(entry(2, "b")), .release(entry(2, "b")), .release(entry(1, "a")), .appear(entry(0, "home"))])
        // At the root it does nothing, without error.
        #expect(try NavigationPlanner.plan(.popToRoot, in: start).get().events.isEmpty)
    }

    /// Pop to a named destination (Jetpack's `popUpTo`, TCA's `pop(to:)`): to its topmost
    /// entry, or below it with `inclusive`; the entries above are released, top first.
    @Test func popToANamedRouteStopsAtItsTopmostEntry() throws {
        let deep = try apply([.push(Destination("a")), .push(Destination("b")), .push(Destination("a")), .push(Destination("c"))], to: start).state
        let plan = try NavigationPlanner.plan(.popTo("a"), in: deep).get()
        #expect(plan.state.activeStack.map(\.id) == [EntryID(0), EntryID(1), EntryID(2), EntryID(3)])
        #expect(plan.events == [.disappear(entry(4, "c")), .release(entry(4, "c")), .appear(entry(3, "a"))])
        let inclusive = try NavigationPlanner.plan(.popTo("a", inclusive: true), in: deep).get()
        #expect(inclusive.state.activeStack.map(\.route) == ["home", "a", "b"])
        #expect(try NavigationPlanner.plan(.popTo("b", inclusive: true), in: deep).get().state.activeStack.map(\.route) == ["home", "a"])
        #expect(try NavigationPlanner.plan(.popTo("home"), in: deep).get().state.activeStack.map(\.route) == ["home"])
        // Already on top: nothing changes, no events.
        #expect(try NavigationPlanner.plan(.popTo("c"), in: deep).get().events.isEmpty)
        // Not on the stack, or the app's root itself inclusive: errors, and nothing changes.
        #expect(NavigationPlanner.plan(.popTo("zzz"), in: deep) == .failure(.notInStack("zzz")))
        #expect(NavigationPlanner.plan(.popTo("home", inclusive: true), in: deep) == .failure(.atRoot))
    }

    /// In a modal, pop-to acts on the modal's stack; inclusive of the modal's root dismisses it.
    @Test func popToInAModalActsOnItsStackAndDismissesAtItsRoot() throws {
        let presented = try apply([.push(Destination("a")), .present(Destination("m"), style: .sheet), .push(Destination("n"))], to: start).state
        let plan = try NavigationPlanner.plan(.popTo("m"), in: presented).get()
        #expect(plan.state.modals.map { $0.stack.map(\.route) } == [["m"]])
        let dismissed = try NavigationPlanner.plan(.popTo("m", inclusive: true), in: presented).get()
        #expect(dismissed.state.modals.isEmpty)
        #expect(dismissed.state.activeStack.map(\.route) == ["home", "a"])
        // A route under the modal is not on its stack.
        #expect(NavigationPlanner.plan(.popTo("a"), in: presented) == .failure(.notInStack("a")))
    }

    @Test func replaceSwapsTheTopForANewEntry() throws {
        let plan = try NavigationPlanner.plan(.replace(Destination("login")), in: start).get()
        #expect(plan.state.root == .stack([entry(1, "login")]))
        #expect(plan.events == [.disappear(entry(0, "home")), .release(entry(0, "home")), .appear(entry(1, "login"))])
    }

    @Test func setStackReplacesTheWholeStack() throws {
        let plan = try NavigationPlanner.plan(.setStack([Destination("x"), Destination("y")]), in: start).get()
        #expect(plan.state.root == .stack([entry(1, "x"), entry(2, "y")]))
        #expect(plan.events == [.disappear(entry(0, "home")), .release(entry(0, "home")), .appear(entry(2, "y"))])
    }

    @Test func idsAreGenerationalAndNeverReused() throws {
        let state = try apply([.push(Destination("a")), .pop, .push(Destination("a"))], to: start).state
        #expect(state.visible == entry(2, "a"))
    }
}

@Suite struct ModalCommandTests {
    let start = NavigationState(stack: [Destination("home")])

    @Test func presentCoversTheStackWithAModalOfItsOwn() throws {
        let plan = try NavigationPlanner.plan(.present(Destination("compose"), style: .sheet), in: start).get()
        #expect(plan.state.modals == [NavigationState.Modal(style: .sheet, stack: [entry(1, "compose")])])
        #expect(plan.state.visible == entry(1, "compose"))
        #expect(plan.events == [.disappear(entry(0, "home")), .appear(entry(1, "compose"))])
    }

    @Test func pushInsideAModalUsesTheModalsStack() throws {
        let state = try apply([.present(Destination("compose"), style: .sheet), .push(Destination("picker"))], to: start).state
        #expect(state.modals.first?.stack == [entry(1, "compose"), entry(2, "picker")])
        #expect(state.root == .stack([entry(0, "home")]))
    }

    @Test func backPopsInsideTheModalThenDismissesIt() throws {
        let state = try apply([.present(Destination("compose"), style: .sheet), .push(Destination("picker"))], to: start).state
        let popped = try NavigationPlanner.plan(.back, in: state).get()
        #expect(popped.state.modals.first?.stack == [entry(1, "compose")])
        let dismissed = try NavigationPlanner.plan(.back, in: popped.state).get()
        #expect(dismissed.state.modals.isEmpty)
        #expect(dismissed.events == [.disappear(entry(1, "compose")), .release(entry(1, "compose")), .appear(entry(0, "home"))])
    }

    @Test func dismissReleasesTheModalsWholeStack() throws {
        let state = try apply([.present(Destination("compose"), style: .fullScreen), .push(Destination("picker"))], to: start).state
        let plan = try NavigationPlanner.plan(.dismiss, in: state).get()
        #expect(
            plan.events == [
                .disappear(entry(2, "picker")), .release(entry(2, "picker")), .release(entry(1, "compose")), .appear(entry(0, "home")),
            ])
        #expect(NavigationPlanner.plan(.dismiss, in: start) == .failure(.noModal))
    }

    @Test func modalsStack() throws {
        let state = try apply([.present(Destination("a"), style: .sheet), .present(Destination("b"), style: .popover)], to: start).state
        #expect(state.modals.map(\.style) == [.sheet, .popover])
        #expect(state.visible == entry(2, "b"))
        #expect(state.canGoBack)
    }
}

@Suite struct TabCommandTests {
    let start = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])

    @Test func tabsStartAtTheirRootsWithTheFirstSelected() {
        #expect(start.selectedTab == "home")
        #expect(start.visible == entry(0, "home"))
        #expect(start.entries == [entry(0, "home"), entry(1, "me")])
    }

    @Test func switchingTabsKeepsEachStack() throws {
        let state = try apply(
            [.push(Destination("post")), .selectTab("profile"), .push(Destination("settings")), .selectTab("home")], to: start
        ).state
        guard case .tabs(let tabs) = state.root else {
            Issue.record("not tabs")
            return
        }
        #expect(tabs.stacks["home"] == [entry(0, "home"), entry(2, "post")])
        #expect(tabs.stacks["profile"] == [entry(1, "me"), entry(3, "settings")])
        #expect(state.visible == entry(2, "post"))
    }

    @Test func selectingATabSwapsVisibilityWithoutReleasingAnything() throws {
        let plan = try NavigationPlanner.plan(.selectTab("profile"), in: start).get()
        #expect(plan.events == [.disappear(entry(0, "home")), .appear(entry(1, "me"))])
    }

    @Test func selectingATabDismissesModals() throws {
        let state = try apply([.present(Destination("compose"), style: .sheet), .selectTab("profile")], to: start).state
        #expect(state.modals.isEmpty)
        #expect(state.visible == entry(1, "me"))
    }

    @Test func resetTabPopsThatTabToItsRoot() throws {
        let state = try apply([.push(Destination("post")), .push(Destination("comments")), .selectTab("profile")], to: start).state
        let plan = try NavigationPlanner.plan(.resetTab("home"), in: state).get()
        guard case .tabs(let tabs) = plan.state.root else {
            Issue.record("not tabs")
            return
        }
        #expect(tabs.stacks["home"] == [entry(0, "home")])
        // The visible tab did not change: only releases.
        #expect(plan.events == [.release(entry(3, "comments")), .release(entry(2, "post"))])
    }

    @Test func unknownTabsAreErrors() {
        #expect(NavigationPlanner.plan(.selectTab("inbox"), in: start) == .failure(.unknownTab("inbox")))
        #expect(NavigationPlanner.plan(.selectTab("home"), in: NavigationState(stack: [])) == .failure(.unknownTab("home")))
    }
}

@Suite struct NavigateAndDeepLinkTests {
    let router: Router

    init() throws {
        router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    origins myapp:
                    tabs home, profile
                    route home /
                      transition tab(home)
                    route post /posts/:postId
                      param postId int
                      parent home
                    route comments /posts/:postId/comments
                      param postId int
                      parent post
                    route me /me
                      transition tab(profile)
                    route compose /compose
                      transition modal(sheet)
                      parent home
                    route login /login
                      transition replace
                    """))
    }

    private func route(_ name: String) throws -> Route { try #require(router.route(named: name)) }

    @Test func theRoutesTransitionPicksTheCommand() throws {
        let start = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        let pushed = try NavigationPlanner.navigate(to: Destination("post", parameters: ["postId": .int(1)]), route: route("post"), in: start).get()
        #expect(pushed.state.activeStack.map(\.route) == ["home", "post"])
        let presented = try NavigationPlanner.navigate(to: Destination("compose"), route: route("compose"), in: start).get()
        #expect(presented.state.modals.first?.style == .sheet)
        let replaced = try NavigationPlanner.navigate(to: Destination("login"), route: route("login"), in: start).get()
        #expect(replaced.state.activeStack.map(\.route) == ["login"])
        let tabbed = try NavigationPlanner.navigate(to: Destination("me"), route: route("me"), in: pushed.state).get()
        #expect(tabbed.state.selectedTab == "profile")
        #expect(tabbed.state.activeStack.map(\.route) == ["me"])
    }

    /// Issue 4's scenario, for the planner: from a state with a modal open, a deep link into
    /// a tab's third-level route builds the whole target at once; back walks to the tab root.
    @Test func deepLinkBuildsTheTabsBackStackAndDismissesModals() throws {
        var start = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")], selected: "profile")
        start = try NavigationPlanner.plan(.present(Destination("compose"), style: .sheet), in: start).get().state
        let match = try router.resolve("myapp://posts/7/comments").get()
        let plan = try NavigationPlanner.deepLink(to: Destination(match), router: router, in: start).get()

        let comments = entry(5, "comments", ["postId": .int(7)], source: .deepLink)
        #expect(plan.state.modals.isEmpty)
        #expect(plan.state.selectedTab == "home")
        guard case .tabs(let tabs) = plan.state.root else {
            Issue.record("not tabs")
            return
        }
        #expect(tabs.stacks["home"] == [entry(3, "home", source: .deepLink), entry(4, "post", ["postId": .int(7)], source: .deepLink), comments])
        #expect(tabs.stacks["profile"] == [entry(1, "me")])
        // Only the target appears; the synthetic parents do not until back reaches them.
        #expect(
            plan.events == [
                .disappear(entry(2, "compose")), .release(entry(2, "compose")), .release(entry(0, "home")), .appear(comments),
            ])

        let back1 = try NavigationPlanner.plan(.back, in: plan.state).get()
        #expect(back1.state.visible == entry(4, "post", ["postId": .int(7)], source: .deepLink))
        let back2 = try NavigationPlanner.plan(.back, in: back1.state).get()
        #expect(back2.state.visible == entry(3, "home", source: .deepLink))
        #expect(!back2.state.canGoBack)
    }

    @Test func modalRoutesArePresentedOverTheirParents() throws {
        let start = NavigationState(stack: [])
        let plan = try NavigationPlanner.deepLink(to: Destination("compose"), router: router, in: start).get()
        #expect(plan.state.root == .stack([entry(0, "home", source: .deepLink)]))
        #expect(plan.state.modals == [NavigationState.Modal(style: .sheet, stack: [entry(1, "compose", source: .deepLink)])])
    }

    @Test func parentsThatNeedValuesTheLinkLacksAreLeftOut() throws {
        let table = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route album /albums/:albumId
                    route photo /photos/:photoId
                      parent album
                    """))
        let plan = try NavigationPlanner.deepLink(
            to: Destination("photo", parameters: ["photoId": .string("p")]), router: table, in: NavigationState()
        ).get()
        #expect(plan.state.activeStack.map(\.route) == ["photo"])
    }

    @Test func unknownRoutesAreErrors() {
        #expect(NavigationPlanner.deepLink(to: Destination("nope"), router: router, in: NavigationState()) == .failure(.unknownRoute("nope")))
    }
}

/// The lifecycle's releases are found stack by stack (without visiting what every stack keeps);
/// they must be exactly the entries the plain definition gives — every entry of the old state
/// not in the new one, top first — whatever the commands.
@Suite struct ReleasedEntriesTests {
    @Test func releasesAgreeWithThePlainDefinitionOverRandomCommands() throws {
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    tabs home, profile
                    route home /
                      transition tab(home)
                    route post /posts/:postId
                      param postId int
                      parent home
                    route me /me
                      transition tab(profile)
                    route sheet /sheet
                      transition modal(sheet)
                      parent post
                    """))
        var state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let post = { Destination("post", parameters: ["postId": .int(next(5))]) }
        for _ in 0..<3_000 {
            let commands: [NavigationCommand] = [
                .push(post()), .push(post()), .pop, .popToRoot, .replace(post()), .present(Destination("sheet"), style: .sheet),
                .dismiss, .selectTab(next(2) == 0 ? "home" : "profile"), .resetTab(next(2) == 0 ? "home" : "profile"),
                .setStack((0..<next(4)).map { _ in post() }), .back,
            ]
            let planned: Result<NavigationPlan, PlanError>
            switch next(13) {
            case 11: planned = NavigationPlanner.deepLink(to: Destination("sheet"), router: router, in: state)
            case 12: planned = NavigationPlanner.deepLink(to: post(), router: router, in: state)
            case let index: planned = NavigationPlanner.plan(commands[index], in: state)
            }
            guard case .success(let plan) = planned else { continue }
            let remaining = Set(plan.state.entries.map(\.id))
            let expected = state.entries.reversed().filter { !remaining.contains($0.id) }
            let released = plan.events.compactMap { event -> NavigationEntry? in
                if case .release(let entry) = event { return entry }
                return nil
            }
            #expect(released == expected, "\(state.outline)\n→\n\(plan.state.outline)")
            if released != expected { return }
            state = plan.state
        }
    }
}
