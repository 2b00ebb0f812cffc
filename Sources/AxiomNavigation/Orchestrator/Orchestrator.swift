public import AxiomRouting
import DequeModule

/// Owns the navigation flow and the contexts: navigation is a
/// service of the orchestrator. Contexts are created only by its factories (one per route),
/// a new instance per entry, lazily when the entry first becomes visible, and released when
/// the entry leaves the state. Lifecycle events reach them in commit order; each context
/// appears before it disappears.
///
/// ```swift
/// let orchestrator = Orchestrator(router: router, state: NavigationState(stack: [Destination("home")]),
///                                 factories: ["profile": { ProfileContext(entry: $0.entry, navigation: $0.navigation) }])
/// await orchestrator.start()                           // the first screen appears
/// await orchestrator.open(url: "myapp://profile/42")   // the app's deep-link entry point
/// ```
@MainActor
public final class Orchestrator {
    /// The navigation service.
    public let navigation: NavigationFlow
    /// The contexts, the flow's host.
    private let screens: Screens

    /// The live contexts, by entry.
    public var contexts: [EntryID: any Context] { screens.contexts }
    /// Every lifecycle event delivered, in order (for tests and diagnostics), capped like
    /// the history.
    public var deliveredEvents: [LifecycleEvent] { Array(screens.deliveredEvents) }

    public convenience init(
        router: Router, state: NavigationState, factories: [String: ContextFactory],
        configuration: NavigationFlow.Configuration = NavigationFlow.Configuration()
    ) {
        self.init(router: router, state: state, configuration: configuration) { (environment: ContextEnvironment) in factories[environment.entry.route]?(environment) }
    }

    /// An orchestrator whose contexts are made from typed routes (Docs/TypedRoutes.md): one
    /// function for every route, so a `switch` over the route type that leaves a route out
    /// does not compile.
    ///
    /// ```swift
    /// Orchestrator(router: router, state: state) { (route: AppRoute, environment) in
    ///     switch route {
    ///     case .home: HomeContext()
    ///     case .profile(let userId, let tab): ProfileContext(userId: userId, tab: tab, navigation: environment.navigation)
    ///     …
    ///     }
    /// }
    /// ```
    ///
    /// An entry whose route or values are not one of `Route`'s (a table that does not match
    /// the type) gets no context.
    public convenience init<Route: TypedRoute>(
        router: Router, state: NavigationState, configuration: NavigationFlow.Configuration = NavigationFlow.Configuration(),
        contexts: @escaping @MainActor (Route, ContextEnvironment) -> any Context
    ) {
        self.init(router: router, state: state, configuration: configuration) { environment in
            environment.entry.route(as: Route.self).map { contexts($0, environment) }
        }
    }

    /// An orchestrator whose contexts come from one function of the entry (nil: the entry gets no
    /// context) — for contexts that do not depend on the route alone, or a fallback for every
    /// route a table may add later.
    public init(
        router: Router, state: NavigationState, configuration: NavigationFlow.Configuration = NavigationFlow.Configuration(),
        makeContext make: @escaping @MainActor (ContextEnvironment) -> (any Context)?
    ) {
        // Four events a commit kept; a limit that large would overflow is as good as none.
        let (events, overflow) = max(configuration.historyLimit, 0).multipliedReportingOverflow(by: 4)
        screens = Screens(make: make, eventLimit: overflow ? Int.max : max(events, 16))
        navigation = NavigationFlow(router: router, state: state, configuration: configuration, host: screens)
    }

    private var started = false

    /// Brings the initial screen on: creates its context and delivers its `appear`. Call it
    /// once, when the UI is ready (later calls do nothing).
    ///
    /// The initial state goes through the same gate as any commit (``NavigationFlow/start()``):
    /// when its visible screen requires sign-in and the user is signed out, the login is
    /// presented over it in the same commit and the screen is shown after sign-in; without a
    /// session middleware it is not shown at all (fail closed); a screen whose `sources` do not
    /// allow the source it was restored from is dropped.
    public func start() async {
        guard !started else { return }
        started = true
        _ = await navigation.start()
    }

    /// A handle for navigating without holding the flow.
    public var handle: NavigationHandle { NavigationHandle(flow: navigation) }

    /// The app's entry point for deep links, universal links and notifications.
    @discardableResult
    public func open(url: String, source: NavigationSource = .deepLink) async -> NavigationResult {
        await navigation.open(url: url, source: source)
    }
}

/// The orchestrator's contexts: created by the factories (one per route) when an entry first
/// becomes visible, told of its lifecycle, released when it leaves the state. The flow's host.
@MainActor
private final class Screens: NavigationHost {
    /// Makes the context of an entry (nil: the entry has none).
    let make: @MainActor (ContextEnvironment) -> (any Context)?
    let eventLimit: Int
    var contexts: [EntryID: any Context] = [:]
    /// The live contexts that may refuse to be left (a subset of ``contexts``).
    var leaveGuards: [EntryID: any LeaveGuardingContext] = [:]
    /// The last `eventLimit` events delivered, oldest first: a ring, so that recording one at
    /// the cap does not move the others (an `Array`'s `removeFirst` did, a third of a
    /// navigation's instructions).
    var deliveredEvents: Deque<LifecycleEvent> = []

    init(make: @escaping @MainActor (ContextEnvironment) -> (any Context)?, eventLimit: Int) {
        self.make = make
        self.eventLimit = eventLimit
    }

    public func flow(_ flow: NavigationFlow, guardsLeaving entry: EntryID) -> Bool { leaveGuards[entry] != nil }

    /// The live leave-guarding contexts a transition would cover or remove, top (newest)
    /// first. Only live leave-guarding contexts are looked at: without any, nothing is done.
    /// A context whose entry is no longer in `old` is not asked: the UI already took its screen
    /// away (its release is on its way), and its "no" is about nothing on screen.
    func flow(_ flow: NavigationFlow, leaveQuestionsFrom old: NavigationState, to new: NavigationState) -> [LeaveQuestion] {
        guard !leaveGuards.isEmpty else { return [] }
        let covered = old.visible?.id != new.visible?.id ? old.visible?.id : nil
        let oldEntries = Set(old.entries.map(\.id))
        let newEntries = new.entries
        var questions: [(EntryID, LeaveQuestion)] = []
        for (id, guarding) in leaveGuards where oldEntries.contains(id) {
            if !newEntries.contains(where: { $0.id == id }) {
                questions.append((id, LeaveQuestion(context: guarding, departure: .removed, destination: new.visible)))
            } else if id == covered {
                questions.append((id, LeaveQuestion(context: guarding, departure: .covered, destination: new.visible)))
            }
        }
        return questions.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// Delivers one commit's events in order; returns the time spent creating contexts.
    func flow(_ flow: NavigationFlow, deliver events: [LifecycleEvent]) async -> Duration {
        let clock = ContinuousClock()
        var creation: Duration = .zero
        for event in events {
            record(event)
            switch event {
            case .appear(let entry):
                if contexts[entry.id] == nil {
                    let started = clock.now
                    if let context = make(
                        ContextEnvironment(entry: entry, navigation: NavigationHandle(flow: flow, entry: entry), loaded: flow.loaded[entry.id] ?? .empty))
                    {
                        contexts[entry.id] = context
                        if let guarding = context as? any LeaveGuardingContext {
                            leaveGuards[entry.id] = guarding
                            // Its screen's decision is `ask` from now: a UI following it is told.
                            flow.leaveDecisionsChanged &+= 1
                        }
                    }
                    creation += clock.now - started
                }
                await contexts[entry.id]?.onAppear()
            case .disappear(let entry):
                await contexts[entry.id]?.onDisappear()
            case .release(let entry):
                contexts[entry.id] = nil
                leaveGuards[entry.id] = nil
            }
        }
        return creation
    }

    private func record(_ event: LifecycleEvent) {
        deliveredEvents.append(event)
        while deliveredEvents.count > eventLimit { deliveredEvents.removeFirst() }
    }
}
