import AxiomNavigationTesting
import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomNavigation

/// Saved state: the versioned JSON format, restoration against a table that changed, and
/// restoring into a running flow under the usual policy (Docs/Persistence.md).
@MainActor
@Suite struct PersistenceTests {
    static let table = """
        origins myapp:
        tabs home, inbox
        login login
        route home /
          transition tab(home)
        route inbox /inbox
          transition tab(inbox)
          auth
        route post /posts/:postId
          param postId int
          query sort enum(top, new) = top
          parent home
        route place /places/:latitude/:longitude
          param latitude double
          param longitude double
        route story /stories/:storyId
          param storyId uuid
          transition modal(fullScreen)
        route files /files/:rest+
          param rest path
        route compose /compose
          query draft bool optional
          transition modal(sheet)
        route password /settings/password
          sources inApp
        route login /login
          transition modal(fullScreen)
        """

    /// Tabs with stacks, an empty tab, and two modals with stacks of their own, holding values
    /// of every type.
    static func richState() throws -> NavigationState {
        let story = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        var state = NavigationState(tabs: ["home": Destination("home"), "inbox": nil])
        for command: NavigationCommand in [
            .push(Destination("post", parameters: ["postId": .int(7)], query: ["sort": .string("new")])),
            .push(Destination("place", parameters: ["latitude": .double(52.5), "longitude": .double(-0.125)])),
            .present(Destination("story", parameters: ["storyId": .uuid(story)]), style: .fullScreen),
            .push(Destination("files", parameters: ["rest": .path(["a b", "ü/x"])])),
            .present(Destination("compose", query: ["draft": .bool(true)]), style: .sheet),
        ] {
            state = try NavigationPlanner.plan(command, in: state).get().state
        }
        return state
    }

    static func encode(_ state: NavigationState) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> NavigationState {
        try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8))
    }

    // MARK: The format

    @Test func aStateWithTabsStacksAndModalsRoundTripsEqualWithItsIDs() throws {
        let state = try Self.richState()
        #expect(state.modals.count == 2)
        let json = try Self.encode(state)
        let decoded = try Self.decode(json)
        #expect(decoded == state)
        #expect(decoded.entries.map(\.id) == state.entries.map(\.id))
        #expect(decoded.nextID == state.nextID)
        #expect(json.contains(#""version":1"#))
        #expect(json.contains(#"{"name":"postId","value":{"int":7}}"#))
        #expect(json.contains(#"{"name":"rest","value":{"path":["a b","ü\/x"]}}"#))
        // Encoding the decoded state gives the same bytes.
        #expect(try Self.encode(decoded) == json)
    }

    @Test func doublesJSONHasNoNumberForRoundTripAsStrings() throws {
        let state = NavigationState(stack: [
            Destination("place", parameters: ["latitude": .double(.infinity), "longitude": .double(-.infinity)])
        ])
        let decoded = try Self.decode(try Self.encode(state))
        #expect(decoded == state)
        let nan = try Self.decode(try Self.encode(NavigationState(stack: [Destination("place", parameters: ["latitude": .double(.nan)])])))
        guard case .double(let value)? = nan.visible?.destination.parameters["latitude"] else {
            Issue.record("not a double")
            return
        }
        #expect(value.isNaN)
    }

    /// Docs/Persistence.md, "The format": the example is a state, and restores whole against
    /// this table.
    @Test func theGuidesExampleIsAState() throws {
        let page = try String(contentsOfFile: packageRoot() + "/Docs/Persistence.md", encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## The format").dropFirst().first)
        let json = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let state = try Self.decode(json)
        #expect(state.visible?.route == "compose")
        #expect(state.visible?.destination.query["draft"] == .bool(true))
        #expect(state.entries.map(\.id.rawValue) == [0, 2, 4])
        let restoration = state.restored(against: try Router(source: RouteSource(name: "t.routes", text: Self.table)))
        #expect(restoration.dropped.isEmpty)
        #expect(restoration.state == state)
    }

    @Test func anotherVersionIsATypedError() throws {
        let json = try Self.encode(Self.richState()).replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
        #expect {
            try Self.decode(json)
        } throws: { error in
            (error as? StateFormatError)?.code == .unsupportedVersion
        }
    }

    @Test(arguments: [
        // Two entries with one id.
        #"{"version":1,"nextID":2,"root":{"stack":[{"id":0,"route":"home","source":"inApp"},{"id":0,"route":"post","source":"inApp"}]},"modals":[]}"#,
        // An id new entries would take.
        #"{"version":1,"nextID":1,"root":{"stack":[{"id":0,"route":"home","source":"inApp"},{"id":1,"route":"post","source":"inApp"}]},"modals":[]}"#,
        #"{"version":1,"nextID":1,"root":{"stack":[{"id":-1,"route":"home","source":"inApp"}]},"modals":[]}"#,
        // A selected tab that is not a tab; a stack for a tab that is not listed; a tab twice.
        #"{"version":1,"nextID":1,"root":{"tabs":{"order":["home"],"selected":"inbox","stacks":{}}},"modals":[]}"#,
        #"{"version":1,"nextID":1,"root":{"tabs":{"order":["home"],"selected":"home","stacks":{"inbox":[]}}},"modals":[]}"#,
        #"{"version":1,"nextID":1,"root":{"tabs":{"order":["home","home"],"selected":"home","stacks":{}}},"modals":[]}"#,
        // No room for new entries, or none at all.
        #"{"version":1,"nextID":9223372036854775807,"root":{"stack":[]},"modals":[]}"#,
        #"{"version":1,"nextID":-3,"root":{"stack":[]},"modals":[]}"#,
        // An empty modal.
        #"{"version":1,"nextID":1,"root":{"stack":[]},"modals":[{"style":"sheet","stack":[]}]}"#,
    ])
    func aStateThatCannotBeIsATypedError(json: String) {
        #expect {
            try Self.decode(json)
        } throws: { error in
            (error as? StateFormatError)?.code == .invalidState
        }
    }

    @Test(arguments: [
        #"{"int":"7"}"#, #"{"int":7,"string":"7"}"#, #"{}"#, #"{"uuid":"not-a-uuid"}"#, #"{"double":"lots"}"#, #"{"colour":"red"}"#,
    ])
    func aValueThatIsNotOneIsADecodingError(value: String) {
        let json =
            #"{"version":1,"nextID":1,"root":{"stack":[{"id":0,"route":"post","source":"inApp","parameters":[{"name":"postId","value":"#
            + value + "}]}]},\"modals\":[]}"
        #expect(throws: DecodingError.self) { try Self.decode(json) }
    }

    @Test func aSourceThatIsNotOneIsADecodingErrorNamingIt() {
        let json = #"{"version":1,"nextID":1,"root":{"stack":[{"id":0,"route":"home","source":"satellite"}]},"modals":[]}"#
        #expect {
            try Self.decode(json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.debugDescription.contains("'satellite' is not a source")
                && context.codingPath.last?.stringValue == "source"
        }
    }

    @Test func aValueKeepsItsType() throws {
        // A string "7" stays a string: the format names each value's type.
        let state = NavigationState(stack: [Destination("post", parameters: ["postId": .string("7")])])
        #expect(try Self.decode(try Self.encode(state)).visible?.destination.parameters["postId"] == .string("7"))
    }

    // MARK: Restoring against the table

    @Test func aSavedStateRestoresToTheLongestValidPrefixWithAReport() throws {
        // The app's next version: `place` is gone, `post` takes a uuid, the inbox tab is now
        // `messages`.
        let next = try Router(
            source: RouteSource(
                name: "next.routes",
                text: Self.table.replacingOccurrences(of: "tabs home, inbox", with: "tabs home, messages")
                    .replacingOccurrences(
                        of: "route place /places/:latitude/:longitude\n  param latitude double\n  param longitude double\n", with: ""
                    )
                    .replacingOccurrences(of: "  transition tab(inbox)\n", with: "")
                    .replacingOccurrences(of: "route login", with: "route messages /messages\n  transition tab(messages)\nroute login")))
        let saved = try Self.richState()
        let restoration = saved.restored(against: next)
        // home, post, place in the home tab: post still fits (an int is still an int), place is
        // gone; the modals were presented over place, so they go too.
        #expect(restoration.state.activeStack.map(\.route) == ["home", "post"])
        #expect(restoration.state.modals.isEmpty)
        guard case .tabs(let tabs) = restoration.state.root else {
            Issue.record("not tabs")
            return
        }
        #expect(tabs.order == ["home"])
        #expect(tabs.selected == "home")
        #expect(
            restoration.dropped.map { "\($0.place) \($0.entry?.route ?? "-") \($0.code)" } == [
                "tab home place unknown-route", "tab inbox - unknown-tab", "modal 0 story above-dropped-entry",
                "modal 0 files above-dropped-entry", "modal 1 compose above-dropped-entry",
            ])
        #expect(restoration.dropped[0].reason.contains("unknown route 'place'"))
        // Ids and nextID are kept.
        #expect(restoration.state.entries.map(\.id) == saved.entries.prefix(2).map(\.id))
        #expect(restoration.state.nextID == saved.nextID)
    }

    @Test func valuesThatNoLongerFitDropTheirEntryAndWhatIsAbove() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let saved = NavigationState(stack: [
            Destination("home"), Destination("post", parameters: ["postId": .string("seven")]), Destination("compose"),
        ])
        let restoration = saved.restored(against: router)
        #expect(restoration.state.activeStack.map(\.route) == ["home"])
        #expect(restoration.dropped.map(\.code) == [.wrongType, .aboveDroppedEntry])
        #expect(restoration.dropped.map { $0.entry?.route } == ["post", "compose"])
        let missing = NavigationState(stack: [Destination("post")]).restored(against: router)
        #expect(missing.dropped.map(\.code) == [.missingParameter])
        #expect(missing.state.entries.isEmpty)
        let unknown = NavigationState(stack: [Destination("post", parameters: ["postId": .int(1), "page": .int(2)])]).restored(against: router)
        #expect(unknown.dropped.map(\.code) == [.unknownParameter])
    }

    @Test func aModalWhoseStackLostAnEntryTakesTheModalsAboveItAlong() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var saved = NavigationState(stack: [Destination("home")])
        saved = try NavigationPlanner.plan(.present(Destination("compose"), style: .sheet), in: saved).get().state
        saved = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .string("x")])), in: saved).get().state
        saved = try NavigationPlanner.plan(.present(Destination("login"), style: .fullScreen), in: saved).get().state
        let restoration = saved.restored(against: router)
        #expect(restoration.state.modals.map { $0.stack.map(\.route) } == [["compose"]])
        #expect(restoration.dropped.map { "\($0.place) \($0.code)" } == ["modal 0 wrong-type", "modal 1 above-dropped-entry"])
    }

    @Test func noEntryIsTrustedMoreThanTheSourceItWasRestoredFrom() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let saved = NavigationState(stack: [Destination("home"), Destination("password")])
        #expect(saved.restored(against: router).state.entries.map(\.source) == [.inApp, .inApp])
        #expect(saved.restored(against: router, source: .deepLink).state.entries.map(\.source) == [.deepLink, .deepLink])
    }

    // MARK: Restoring into a flow

    @Test func restoringShowsTheVisibleEntryWithOnlyItsContext() async throws {
        let navigator = try TestNavigator(routes: Self.table, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        await navigator.navigate(to: Destination("post", parameters: ["postId": .int(1)]), expect: "completed")
        let before = navigator.flow.state
        let saved = try Self.decode(try Self.encode(Self.richState()))
        let restored = await navigator.flow.restore(saved)
        #expect(restored.result == .completed)
        #expect(restored.dropped.isEmpty)
        #expect(navigator.flow.state == saved)
        // Exactly the visible entry has a context: the old ones are released, though the saved
        // state reuses their ids for other screens.
        let visible = try #require(saved.visible)
        #expect(Array(navigator.orchestrator.contexts.keys) == [visible.id])
        let events = navigator.orchestrator.deliveredEvents.suffix(before.entries.count + 2).map(\.description)
        #expect(events.first == "disappear #2 post [postId: 1]")
        #expect(events.last == "appear #\(saved.nextID - 1) compose")
        #expect(navigator.flow.history.last?.from == before.visible)
        #expect(navigator.flow.history.last?.to == saved.visible)
        #expect(navigator.flow.history.last?.action == .restore(saved))
    }

    @Test func restoringAnAuthOnlyScreenWhileSignedOutGoesThroughLogin() async throws {
        let navigator = try TestNavigator(routes: Self.table)
        navigator.exhaustive = false
        await navigator.start()
        var saved = NavigationState(tabs: ["home": Destination("home"), "inbox": Destination("inbox")], selected: "inbox")
        saved.nextID = 2
        let restored = await navigator.flow.restore(saved)
        #expect(restored.result.code == .redirected)
        #expect(navigator.flow.state.visible?.route == "login")
        #expect(navigator.flow.state.selectedTab == "home")
        await navigator.signIn(expect: "completed")
        #expect(navigator.flow.state == saved)
        #expect(navigator.orchestrator.contexts.keys.sorted() == [EntryID(1)])
    }

    @Test func aRestoredScreenItsSourceMayNotOpenIsRefused() async throws {
        let navigator = try TestNavigator(routes: Self.table, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        let before = navigator.flow.state
        let saved = NavigationState(stack: [Destination("home"), Destination("password")])
        let restored = await navigator.flow.restore(saved, source: .deepLink)
        #expect(restored.result == .cancelled(.untrustedSource))
        #expect(navigator.flow.state == before)
        // From the app's own storage it is shown.
        #expect(await navigator.flow.restore(saved).result == .completed)
        #expect(navigator.flow.state.visible?.route == "password")
    }

    @Test func atLaunchTheRestoredStateIsTheOrchestratorsInitialState() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let saved = try Self.decode(try Self.encode(Self.richState()))
        let restoration = saved.restored(against: router)
        let navigator = TestNavigator(router: router, state: restoration.state)
        navigator.exhaustive = false
        await navigator.start()
        #expect(navigator.flow.state == saved)
        #expect(navigator.orchestrator.contexts.keys.sorted() == [saved.visible?.id].compactMap { $0 })
    }
}
