import AxiomRouting
import Testing

@testable import AxiomNavigation

/// An app's own host, given to the flow at `init` (the seam the `Orchestrator` also uses).
@MainActor
private final class RecordingHost: NavigationHost {
    var delivered: [String] = []
    var asked: [String] = []
    /// The entry whose screen refuses to be left, if any.
    var guarded: (entry: EntryID, context: any LeaveGuardingContext)?

    func flow(_ flow: NavigationFlow, deliver events: [LifecycleEvent]) async -> Duration {
        delivered += events.map(\.description)
        return .zero
    }

    func flow(_ flow: NavigationFlow, leaveQuestionsFrom old: NavigationState, to new: NavigationState) -> [LeaveQuestion] {
        asked.append("\(old.visible?.route ?? "-") -> \(new.visible?.route ?? "-")")
        guard let guarded, old.visible?.id == guarded.entry else { return [] }
        return [LeaveQuestion(context: guarded.context, departure: new.entries.contains { $0.id == guarded.entry } ? .covered : .removed)]
    }
}

@MainActor
private final class Refusing: LeaveGuardingContext {
    var departures: [Departure] = []
    func onAppear() async {}
    func onDisappear() async {}
    func shouldLeave(_ departure: Departure) async -> Bool {
        departures.append(departure)
        return false
    }
}

@MainActor
@Suite struct NavigationHostTests {
    let router: Router

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute post /posts/:postId\n  param postId int\n"))
    }

    @Test func theHostIsToldEachCommitsEventsInOrder() async {
        let host = RecordingHost()
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]), host: host)
        #expect(await flow.navigate(to: Destination("post", parameters: ["postId": .int(7)])) == .completed)
        #expect(await flow.back() == .completed)
        #expect(
            host.delivered == [
                "disappear #0 home", "appear #1 post [postId: 7]",
                "disappear #1 post [postId: 7]", "release #1 post [postId: 7]", "appear #0 home",
            ])
        // Both commits take an entry off the screen (covered, then removed), so both ask.
        #expect(host.asked == ["home -> post", "post -> home"])
    }

    @Test func aHostsLeaveQuestionCanRefuseACommit() async throws {
        let host = RecordingHost()
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]), host: host)
        #expect(await flow.navigate(to: Destination("post", parameters: ["postId": .int(7)])) == .completed)
        let refusing = Refusing()
        host.guarded = (try #require(flow.state.visible).id, refusing)
        let before = flow.state
        #expect(await flow.back() == .cancelled(.guardRejected))
        #expect(flow.state == before)
        #expect(refusing.departures == [.removed])
    }

    @Test func withoutAHostTheFlowOnlyKeepsTheState() async {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        #expect(flow.host == nil)
        #expect(await flow.navigate(to: Destination("post", parameters: ["postId": .int(7)])) == .completed)
        #expect(flow.state.visible?.route == "post")
    }
}
