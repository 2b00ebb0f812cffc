import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Pop to an entry named by its route *and values* — Jetpack Navigation's `popBackStack(route)` /
/// `popUpTo` with arguments (`NavControllerRouteTest`: popping to `profile/2` with three profiles
/// on the stack, inclusive or not, to one that is not there, with a default argument left out),
/// translated to `NavigationCommand.popToDestination`.
@MainActor
@Suite struct PopToDestinationTests {
    static func router() throws -> Router {
        let text = """
            origins myapp:
            route home /
            route profile /profile/:id
              param id int
              query tab enum(posts, likes) = posts
              parent home
            route settings /settings
              parent home
            """
        return try Router(source: RouteSource(name: "p.routes", text: text))
    }

    /// home > profile 1 > profile 2 > settings > profile 3 > settings.
    func flow() async throws -> NavigationFlow {
        let flow = NavigationFlow(router: try Self.router(), state: NavigationState(stack: [Destination("home")]))
        for step in [
            Destination("profile", parameters: ["id": .int(1)]), Destination("profile", parameters: ["id": .int(2)]), Destination("settings"),
            Destination("profile", parameters: ["id": .int(3)]), Destination("settings"),
        ] {
            _ = await flow.perform(.push(step))
        }
        return flow
    }

    func routes(_ flow: NavigationFlow) -> [String] {
        flow.state.activeStack.map { entry in entry.destination.parameters["id"].map { "\(entry.route) \($0)" } ?? entry.route }
    }

    @Test func popsToTheEntryWithThoseValuesNotTheTopmostOfItsRoute() async throws {
        let flow = try await flow()
        #expect(await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(2)]))) == .completed)
        #expect(routes(flow) == ["home", "profile 1", "profile 2"])
    }

    @Test func inclusivePopsThatEntryToo() async throws {
        let flow = try await flow()
        #expect(await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(2)]), inclusive: true)) == .completed)
        #expect(routes(flow) == ["home", "profile 1"])
    }

    @Test func valuesNoEntryHasEndNotInStackAndChangeNothing() async throws {
        let flow = try await flow()
        let before = flow.state
        let result = await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(9)])))
        #expect(result.code == .failed(.notInStack))
        #expect(flow.state == before)
        // A destination its route refuses is a typed failure before anything runs.
        #expect(await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .string("x")]))).code == .failed(.wrongType))
    }

    @Test func aQueryDefaultLeftOutStillNamesTheEntry() async throws {
        // The entries carry `tab = posts`; the command leaves it out, as Jetpack's default arguments.
        let flow = try await flow()
        #expect(flow.state.activeStack[2].destination.query["tab"] == .string("posts"))
        #expect(await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(1)]))) == .completed)
        #expect(routes(flow) == ["home", "profile 1"])
        // Another value of it names no entry.
        let other = await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(1)], query: ["tab": .string("likes")])))
        #expect(other.code == .failed(.notInStack))
    }

    @Test func theCommandIsJournaledAndReplayedWithItsValues() async throws {
        let flow = try await flow()
        var lines: [String] = []
        flow.journal = NavigationJournal(write: { lines.append($0) })
        _ = await flow.perform(.popToDestination(Destination("profile", parameters: ["id": .int(2)]), inclusive: true))
        #expect(lines.last?.contains("\"popToDestination\"") == true)
        let records = try NavigationJournal.records(fromJSONLines: lines.joined(separator: "\n"))
        guard case .command(let command, _) = records.last?.step else {
            Issue.record("the last record is not a command")
            return
        }
        // As the app asked it (replay fills the defaults in again, as the flow did).
        #expect(command == .popToDestination(Destination("profile", parameters: ["id": .int(2)]), inclusive: true))
        #expect(records.last?.result == "completed")
    }
}
