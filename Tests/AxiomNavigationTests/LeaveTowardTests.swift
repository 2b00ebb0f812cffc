import AxiomRouting
import Testing

@testable import AxiomNavigation

/// A leave rule that sees where the user is going (TanStack Router's blocker decides by the next
/// location): an unsaved form lets the user go to its own preview and keeps them from anything else.
@MainActor
@Suite struct LeaveTowardTests {
    /// Docs/Middleware.md, "Leave guards", as written.
    class EditForm: LeaveGuardingContext {
        var hasUnsavedChanges = true
        func onAppear() async {}
        func onDisappear() async {}
        func shouldLeave(_ departure: Departure, toward destination: NavigationEntry?) async -> Bool {
            destination?.route == "preview" || !hasUnsavedChanges
        }
    }

    /// The guide's form, recording what it was asked.
    final class Form: EditForm {
        var asked: [(Departure, String?)] = []
        override func shouldLeave(_ departure: Departure, toward destination: NavigationEntry?) async -> Bool {
            asked.append((departure, destination?.route))
            return await super.shouldLeave(departure, toward: destination)
        }
    }

    /// A guard written before destinations were given: asked as it always was.
    final class OldGuard: LeaveGuardingContext {
        var asked = 0
        func onAppear() async {}
        func onDisappear() async {}
        func shouldLeave(_ departure: Departure) async -> Bool {
            asked += 1
            return false
        }
    }

    static let table = """
        route home /
        route form /form
        route preview /form/preview
          transition modal(sheet)
        route help /help
        route old /old
        """

    @Test func theGuardDecidesByWhereTheUserIsGoing() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var forms: [Form] = []
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]),
            factories: [
                "form": { _ in
                    let form = Form()
                    forms.append(form)
                    return form
                }
            ])
        await orchestrator.start()
        let flow = orchestrator.navigation
        #expect(await flow.navigate(to: Destination("form")) == .completed)
        let form = try #require(forms.first)
        let before = flow.state
        #expect(await flow.navigate(to: Destination("help")) == .cancelled(.guardRejected))
        #expect(flow.state == before)
        #expect(await flow.back() == .cancelled(.guardRejected))
        #expect(await flow.navigate(to: Destination("preview")) == .completed)
        #expect(flow.state.visible?.route == "preview")
        #expect(form.asked.map(\.1) == ["help", "home", "preview"])
        #expect(form.asked.map(\.0) == [.covered, .removed, .covered])
    }

    @Test func aGuardWithoutTheDestinationIsAskedAsBefore() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        var guards: [OldGuard] = []
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]),
            factories: [
                "old": { _ in
                    let old = OldGuard()
                    guards.append(old)
                    return old
                }
            ])
        await orchestrator.start()
        #expect(await orchestrator.navigation.navigate(to: Destination("old")) == .completed)
        #expect(await orchestrator.navigation.navigate(to: Destination("help")) == .cancelled(.guardRejected))
        #expect(guards.first?.asked == 1)
    }
}
