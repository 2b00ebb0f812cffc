import AxiomRouting
import Testing

@testable import AxiomNavigation

/// A guard (a middleware) or a loader that throws ends the request `failed` with the error it
/// threw, of its own type: the app catches its own errors, not a description of them (go_router's
/// redirect exceptions reach its `onException`; Jetpack's are the caller's own).
@MainActor
@Suite struct ThrownErrorTests {
    struct PaymentDeclined: Error, Equatable {
        let reason: String
    }

    struct Offline: Error {}

    static let table = """
        route home /
        route checkout /checkout
          load cart
        route about /about
        """

    func makeFlow() throws -> NavigationFlow {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        return NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
    }

    @Test func aGuardThatThrowsEndsTheRequestWithItsOwnError() async throws {
        let flow = try makeFlow()
        flow.loaders["cart"] = { _ in "cart" }
        flow.add(
            MiddlewareClosure { request, next in
                if request.destination?.route == "checkout" { throw PaymentDeclined(reason: "card expired") }
                return try await next(request)
            })
        let before = flow.state
        let result = await flow.navigate(to: Destination("checkout"))
        guard case .failed(let error) = result else {
            Issue.record("expected failed, got \(result)")
            return
        }
        #expect(error.code == .middleware)
        #expect(error.thrown(as: PaymentDeclined.self) == PaymentDeclined(reason: "card expired"))
        #expect(error.thrown(as: Offline.self) == nil)
        #expect(error.description.contains("card expired"))
        #expect(result.code.rawValue == "failed.middleware")
        // Nothing committed, and the flow goes on.
        #expect(flow.state == before)
        #expect(await flow.navigate(to: Destination("about")) == .completed)
    }

    @Test func aLoaderThatThrowsKeepsItsErrorAndItsName() async throws {
        let flow = try makeFlow()
        flow.loaders["cart"] = { _ in throw Offline() }
        let result = await flow.navigate(to: Destination("checkout"))
        guard case .failed(let error) = result else {
            Issue.record("expected failed, got \(result)")
            return
        }
        #expect(error.code == .loaderFailed)
        #expect(error.loader == "cart")
        #expect(error.thrown(as: Offline.self) != nil)
        #expect(error.thrown(as: PaymentDeclined.self) == nil)
        #expect(flow.state.visible?.route == "home")
    }

    @Test func failuresWithoutAThrownErrorHaveNone() async throws {
        let flow = try makeFlow()
        guard case .failed(let error) = await flow.navigate(to: Destination("nowhere")) else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .unknownRoute)
        #expect(error.thrown == nil)
    }

    @Test func equalityIsEverythingButTheThrownValue() {
        let first = NavigationError.middleware(error: PaymentDeclined(reason: "a"))
        let same = NavigationError.middleware(error: PaymentDeclined(reason: "a"))
        let other = NavigationError.middleware(error: PaymentDeclined(reason: "b"))
        #expect(first == same)
        #expect(first.hashValue == same.hashValue)
        // Another error reads differently, so the failures differ.
        #expect(first != other)
        #expect(NavigationError.middleware("x") != NavigationError.loaderFailed("x", message: "x"))
    }

    /// Docs/Middleware.md: the caller catches its own error type.
    @Test func theGuidesExampleCatchesTheAppsOwnType() async throws {
        let flow = try makeFlow()
        flow.loaders["cart"] = { _ in "cart" }
        flow.add(MiddlewareClosure { _, _ in throw PaymentDeclined(reason: "card expired") })
        var shown: [String] = []
        func showDeclined(_ reason: String) { shown.append(reason) }
        if case .failed(let error) = await flow.navigate(to: Destination("checkout")),
            let declined = error.thrown(as: PaymentDeclined.self)
        {
            showDeclined(declined.reason)
        }
        #expect(shown == ["card expired"])
    }
}
