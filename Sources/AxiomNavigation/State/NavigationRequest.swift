public import AxiomRouting

/// Where a navigation request comes from.
public enum NavigationSource: String, Sendable, Hashable, CaseIterable {
    case inApp, deepLink, universalLink, pushNotification
}

/// A request's number: 0, 1, 2 … in the order the flow received them. The highest is the
/// latest, and the latest wins.
public struct RequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: RequestID, rhs: RequestID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "request \(rawValue)" }
}

/// One navigation on its way through the middleware pipeline.
public struct NavigationRequest: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// Go to a route the way its transition says.
        case navigate(Destination)
        /// Build a deep link's whole target (tab, parent chain, modals dismissed).
        case deepLink(Destination)
        /// A plain command (back, dismiss, tabs).
        case command(NavigationCommand)
        /// Shows the state as it is: the initial state committed through the gate by
        /// ``NavigationFlow/start()``, and the request parked when the gate presents the login
        /// over a screen (resumed after sign-in, it takes the login down).
        case start
        /// Replaces the whole state with a restored one (``NavigationFlow/restore(_:source:)``):
        /// checked against the table already, shown under the usual policy.
        case restore(NavigationState)
        /// The route table swapped (``NavigationFlow/replaceTable(with:)``): recorded in the
        /// history, never run through the pipeline.
        case replaceTable
        /// What the UI already did on screen (``NavigationFlow/uiDidChange(_:)``): recorded in the
        /// history and told to middleware's `didFinish`, never run through the pipeline.
        case ui(UIChange)
        /// The user signed out: what the state shows is checked again (Docs/Middleware.md,
        /// "Sign-out"); recorded in the history, never run through the pipeline.
        case signOut
        /// The user signed in: screens withheld until then go back where they were; recorded in
        /// the history, never run through the pipeline.
        case signIn
        /// A caller took a screen's answer that had ended before it awaited it (the result leaves
        /// the state; nothing on screen changes).
        case takeResult(ResultID)

        /// A short name: the route for navigations and deep links (`profile`), the command
        /// for commands (`back`, `select-tab(inbox)`), `start`.
        public var summary: String {
            switch self {
            case .navigate(let destination), .deepLink(let destination): return destination.route
            case .command(let command):
                switch command {
                case .selectTab(let tab), .resetTab(let tab): return "\(command.name)(\(tab))"
                default: return command.name
                }
            case .start: return "start"
            case .restore: return "restore"
            case .replaceTable: return "replace-table"
            case .ui(let change): return change.summary
            case .signOut: return "sign-out"
            case .signIn: return "sign-in"
            case .takeResult(let id): return "take-result(\(id.rawValue))"
            }
        }

        /// Whether a screen the action takes away was left by choice — the user's or the app's
        /// navigation, the UI's own gesture — so an answer it did not give ends `dismissed`; the
        /// session's and the table's doors (sign-in, sign-out, a swap, a restore, the start) end it
        /// `cancelled(screen-removed)`.
        var endsByChoice: Bool {
            switch self {
            case .navigate, .deepLink, .command, .ui, .takeResult: return true
            case .start, .restore, .replaceTable, .signOut, .signIn: return false
            }
        }

        /// Whether the action shows a whole state as it is (the policy then holds for its
        /// visible entry even when that entry's id was on screen before).
        var showsWholeState: Bool {
            switch self {
            case .start, .restore: return true
            default: return false
            }
        }

        /// Whether the action is a deep link (a URL opened).
        var isDeepLink: Bool {
            if case .deepLink = self { true } else { false }
        }

        /// Whether the action replaces the whole state with a saved one.
        var isRestore: Bool {
            if case .restore = self { true } else { false }
        }

        /// Whether the action takes the visible screen away to show what is under it.
        var goesBack: Bool {
            switch self {
            case .command(.back), .command(.pop), .command(.popToRoot), .command(.popTo), .command(.popToDestination), .command(.dismiss),
                .command(.answer), .command(.popToSaving):
                return true
            default: return false
            }
        }

        /// The action with every destination's query defaults filled in (``Destination``'s
        /// `withQueryDefaults(of:)`): an entry made in code is the entry a URL would make.
        func withQueryDefaults(_ router: Router) -> Action {
            func fill(_ destination: Destination) -> Destination {
                router.route(named: destination.route).map { destination.withQueryDefaults(of: $0) } ?? destination
            }
            switch self {
            case .navigate(let destination): return .navigate(fill(destination))
            case .command(.push(let destination)): return .command(.push(fill(destination)))
            case .command(.replace(let destination)): return .command(.replace(fill(destination)))
            case .command(.present(let destination, let style)): return .command(.present(fill(destination), style: style))
            case .command(.setStack(let destinations)): return .command(.setStack(destinations.map(fill)))
            case .command(.popToDestination(let destination, let inclusive)): return .command(.popToDestination(fill(destination), inclusive: inclusive))
            case .command(.pushRestoring(let destination)): return .command(.pushRestoring(fill(destination)))
            case .command(.switchStack(let destination)): return .command(.switchStack(to: fill(destination)))
            default: return self
            }
        }

        /// The destinations the action names (for the checks every destination passes).
        var destinations: [Destination] {
            switch self {
            case .navigate(let destination), .deepLink(let destination):
                return !destination.hasAnchor ? [destination] : destination.anchorScreens + [destination]
            case .command(.push(let destination)), .command(.replace(let destination)), .command(.present(let destination, _)):
                return [destination]
            case .command(.setStack(let destinations)): return destinations
            case .command(.popToDestination(let destination, _)), .command(.pushRestoring(let destination)), .command(.switchStack(let destination)):
                return [destination]
            case .command, .start, .restore, .replaceTable, .ui, .signOut, .signIn, .takeResult: return []
            }
        }
    }

    public let id: RequestID
    public let action: Action
    public let source: NavigationSource
    /// The route being navigated to (nil for plain commands).
    public let route: Route?
    /// The URL a deep link came from.
    public let url: String?
    /// Destinations redirected away from, in order.
    public let redirects: [Destination]
    /// Whether this is a request parked while signed out and sent again by
    /// ``NavigationFlow/signIn(as:)``.
    public let isResumed: Bool
    /// How many times this navigation's pipeline started again for a redirect (a middleware's,
    /// a guard's, the policy's to the login): 0 on its first pass. One navigation is one
    /// navigation however many hops it takes: the rate limit counts only its first pass.
    public let hop: Int

    init(
        id: RequestID, action: Action, source: NavigationSource, route: Route?, url: String?, redirects: [Destination], isResumed: Bool = false,
        hop: Int = 0
    ) {
        self.hop = hop
        self.id = id
        self.action = action
        self.source = source
        self.route = route
        self.url = url
        self.redirects = redirects
        self.isResumed = isResumed
    }

    /// The destination, for navigations and deep links.
    public var destination: Destination? {
        switch action {
        case .navigate(let destination), .deepLink(let destination): return destination
        case .command, .start, .restore, .replaceTable, .ui, .signOut, .signIn, .takeResult: return nil
        }
    }

    /// The destination this request goes to: a navigation's, a deep link's, or a command's
    /// that names one (`push`, `replace`, `present`); nil for the other commands.
    public var target: Destination? {
        if let destination { return destination }
        guard case .command(let command) = action else { return nil }
        switch command {
        case .push(let destination), .replace(let destination), .present(let destination, _): return destination
        default: return nil
        }
    }

    /// The same request sent to `destination` instead (a redirect), remembering this one: a
    /// deep link stays a deep link, and — `keepingCommand`, for a middleware's or a guard's
    /// redirect — a `push`, `replace` or `present` the same command (a guard's redirect of
    /// `replace old` replaces); anything else navigates (the login the policy sends a user to is
    /// shown the way its own transition says).
    public func redirected(to destination: Destination, route: Route, keepingCommand: Bool = true) -> NavigationRequest {
        let action: Action
        switch self.action {
        case .deepLink: action = .deepLink(destination)
        // A redirect that says how much back stack to build builds it, whatever command it redirected.
        case _ where destination.hasAnchor: action = .navigate(destination)
        case .command(.push) where keepingCommand: action = .command(.push(destination))
        case .command(.replace) where keepingCommand: action = .command(.replace(destination))
        case .command(.present(_, let style)) where keepingCommand: action = .command(.present(destination, style: style))
        default: action = .navigate(destination)
        }
        return NavigationRequest(
            // The chain: this request's, this destination, and the table's redirects the new
            // destination came through (a middleware redirecting to a resolved link): one limit
            // counts them all.
            id: id, action: action, source: source, route: route, url: url,
            redirects: redirects + (self.target.map { [$0] } ?? []) + destination.redirects,
            isResumed: isResumed, hop: hop + 1)
    }
}

/// How a navigation ended. Returned, never thrown; ``code`` is stable.
public enum NavigationResult: Sendable, Hashable {
    case completed
    /// Completed at `final` after redirects away from `chain`.
    case redirected(chain: [Destination], final: Destination)
    case cancelled(CancellationReason)
    /// The destination is already on screen with the same values.
    case duplicated
    case notFound(RouteFailure)
    case failed(NavigationError)

    /// A result's code: `completed`, `redirected`, `duplicated`, `not-found`, and
    /// `cancelled.` or `failed.` followed by the reason's or error's code
    /// (`cancelled.superseded`, `failed.missing-parameter`).
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        public static let completed = Code(rawValue: "completed")
        public static let redirected = Code(rawValue: "redirected")
        public static let duplicated = Code(rawValue: "duplicated")
        public static let notFound = Code(rawValue: "not-found")
        public static func cancelled(_ reason: CancellationReason.Code) -> Code { Code(rawValue: "cancelled." + reason.rawValue) }
        public static func failed(_ error: NavigationError.Code) -> Code { Code(rawValue: "failed." + error.rawValue) }
    }

    public var code: Code {
        switch self {
        case .completed: return .completed
        case .redirected: return .redirected
        case .cancelled(let reason): return .cancelled(reason.code)
        case .duplicated: return .duplicated
        case .notFound: return .notFound
        case .failed(let error): return .failed(error.code)
        }
    }

    /// Whether the state changed.
    public var committed: Bool {
        switch self {
        case .completed, .redirected: return true
        default: return false
        }
    }
}

/// Why a navigation was cancelled: nothing changed.
public enum CancellationReason: Sendable, Hashable {
    /// A newer request arrived before this one committed.
    case superseded
    /// The task running the request was cancelled.
    case taskCancelled
    /// A rate limit was reached; a navigation may succeed again after `retryAfter`.
    case rateLimited(retryAfter: Duration)
    /// A guard (authentication, permissions, a context with unsaved changes) said no.
    case guardRejected
    /// The source of the request is not trusted for this destination.
    case untrustedSource
    /// A middleware ended the request without a more specific reason.
    case middleware
    /// The UI changed the screen itself before this request committed (a back swipe, a tab
    /// tap, a sheet dragged down: ``NavigationFlow/uiDidChange(_:)``): the request was planned
    /// for a screen that is gone.
    case uiChanged

    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        public static let superseded = Code(rawValue: "superseded")
        public static let taskCancelled = Code(rawValue: "task-cancelled")
        public static let rateLimited = Code(rawValue: "rate-limited")
        public static let guardRejected = Code(rawValue: "guard-rejected")
        public static let untrustedSource = Code(rawValue: "untrusted-source")
        public static let middleware = Code(rawValue: "middleware")
        public static let uiChanged = Code(rawValue: "ui-changed")
    }

    /// The stable code: `superseded`, `task-cancelled`, `rate-limited`, `guard-rejected`,
    /// `untrusted-source`, `middleware`, `ui-changed`.
    public var code: Code {
        switch self {
        case .superseded: return .superseded
        case .taskCancelled: return .taskCancelled
        case .rateLimited: return .rateLimited
        case .guardRejected: return .guardRejected
        case .untrustedSource: return .untrustedSource
        case .middleware: return .middleware
        case .uiChanged: return .uiChanged
        }
    }
}

/// Why a navigation failed.
///
/// Compare ``code`` with the static members (`error.code == .redirectLoop`); new kinds of
/// error add members and break no `switch`. The error of the plan or of the destination that
/// caused it is kept (``plan``, ``destination``), and so is the error a middleware or a loader
/// threw, of its own type (``thrown``, ``thrown(as:)``):
///
/// ```swift
/// if case .failed(let error) = await flow.navigate(to: Destination("checkout")),
///     let declined = error.thrown(as: PaymentDeclined.self) {
///     showDeclined(declined.reason)
/// }
/// ```
///
/// Two errors are equal when everything but ``thrown`` is (an `any Error` has no equality);
/// its description is part of ``description``.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A redirect back to a destination already visited.
        public static let redirectLoop = Code(rawValue: "redirect-loop")
        /// More redirects than the limit (``NavigationFlow/Configuration/maxRedirects``), none
        /// of them a repeat.
        public static let tooManyRedirects = Code(rawValue: "too-many-redirects")
        /// A middleware threw.
        public static let middleware = Code(rawValue: "middleware")
        /// A destination (or redirect) to a route the router does not know.
        public static let unknownRoute = Code(rawValue: "unknown-route")
        /// The command does not apply to the state: the plan's codes (``PlanError/Code``).
        public static let atRoot = Code(rawValue: PlanError.Code.atRoot.rawValue)
        public static let noModal = Code(rawValue: PlanError.Code.noModal.rawValue)
        public static let unknownTab = Code(rawValue: PlanError.Code.unknownTab.rawValue)
        public static let notInStack = Code(rawValue: PlanError.Code.notInStack.rawValue)
        /// A destination whose values do not fit its route: the destination's codes
        /// (`RouteURLError.Code` in AxiomRouting).
        public static let missingParameter = Code(rawValue: RouteURLError.Code.missingParameter.rawValue)
        public static let wrongType = Code(rawValue: RouteURLError.Code.wrongType.rawValue)
        public static let unknownParameter = Code(rawValue: RouteURLError.Code.unknownParameter.rawValue)
        /// A loader the route declares (`load NAME`) threw: nothing was committed.
        public static let loaderFailed = Code(rawValue: "loader-failed")
        /// The route declares a loader the app did not register on the flow.
        public static let loaderNotRegistered = Code(rawValue: "loader-not-registered")
        /// The UI reported a change the state cannot take: an entry, tab or modal the flow does
        /// not have (the UI is behind), or a path the UI set that is not a shorter one.
        public static let uiChangeNotApplicable = Code(rawValue: "ui-change-not-applicable")
        /// A request for an answer (``NavigationFlow/navigateForResult(to:source:caller:)``) to a
        /// route whose table declares none (`result TYPE`).
        public static let givesNoAnswer = Code(rawValue: "gives-no-answer")
        /// An answer not of the route's `result` type, or a typed key of another route.
        public static let wrongAnswerType = Code(rawValue: "wrong-answer-type")
        /// ``NavigationFlow/open(urls:source:)`` with more URLs than it takes.
        public static let tooManyScreens = Code(rawValue: "too-many-screens")
        /// ``NavigationFlow/open(urls:source:)`` with no URL.
        public static let noScreens = Code(rawValue: "no-screens")
        /// ``NavigationCommand/answer(_:with:)`` for an entry no caller awaits.
        public static let noPendingResult = Code(rawValue: PlanError.Code.noPendingResult.rawValue)
    }

    public let code: Code
    /// The whole chain, for ``Code/redirectLoop`` and ``Code/tooManyRedirects``.
    public let chain: [Destination]
    /// Why the command did not apply, when that is the failure.
    public let plan: PlanError?
    /// Why the destination does not fit its route, when that is the failure.
    public let destination: RouteURLError?
    /// The loader that failed or is missing, for ``Code/loaderFailed`` and ``Code/loaderNotRegistered``.
    public let loader: String?
    /// The error a middleware or a loader threw, as it threw it (``Code/middleware``,
    /// ``Code/loaderFailed``); nil for every other failure.
    public let thrown: (any Error)?
    public let description: String

    private init(
        _ code: Code, chain: [Destination] = [], plan: PlanError? = nil, destination: RouteURLError? = nil, loader: String? = nil,
        thrown: (any Error)? = nil, description: String
    ) {
        self.code = code
        self.chain = chain
        self.plan = plan
        self.destination = destination
        self.loader = loader
        self.thrown = thrown
        self.description = description
    }

    /// The thrown error as the app's own type `E`, when a middleware or loader threw one.
    public func thrown<E: Error>(as type: E.Type = E.self) -> E? { thrown as? E }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.chain == rhs.chain && lhs.plan == rhs.plan && lhs.destination == rhs.destination
            && lhs.loader == rhs.loader && lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(description)
    }

    /// A loader threw (its error, described); nothing was committed.
    public static func loaderFailed(_ name: String, message: String) -> Self {
        Self(.loaderFailed, loader: name, description: "loader '\(name)' failed: \(message)")
    }

    /// A loader threw `error`; nothing was committed. The error is kept (``thrown``).
    public static func loaderFailed(_ name: String, error: any Error) -> Self {
        Self(.loaderFailed, loader: name, thrown: error, description: "loader '\(name)' failed: \(String(describing: error))")
    }

    /// The route declares a loader the flow has none of (``NavigationFlow/loaders``).
    public static func loaderNotRegistered(_ name: String, route: String) -> Self {
        Self(
            .loaderNotRegistered, loader: name,
            description: "route '\(route)' loads '\(name)', but no loader of that name is registered (flow.loaders[\"\(name)\"] = { … })")
    }

    /// A redirect back to a destination already visited; the whole chain.
    public static func redirectLoop(_ chain: [Destination]) -> Self {
        Self(.redirectLoop, chain: chain, description: "redirect loop: " + chain.map(\.route).joined(separator: " → "))
    }

    /// More redirects than the limit, none a repeat; the whole chain.
    public static func tooManyRedirects(_ chain: [Destination], limit: Int) -> Self {
        Self(
            .tooManyRedirects, chain: chain,
            description: "more than \(limit) redirect\(limit == 1 ? "" : "s") (maxRedirects): " + chain.map(\.route).joined(separator: " → "))
    }

    /// A middleware threw; its error, described.
    public static func middleware(_ message: String) -> Self {
        Self(.middleware, description: "a middleware failed: \(message)")
    }

    /// A middleware (or a guard it runs) threw `error`; the error is kept (``thrown``).
    public static func middleware(error: any Error) -> Self {
        Self(.middleware, thrown: error, description: "a middleware failed: \(String(describing: error))")
    }

    /// The command does not apply to the state (`back` at the root).
    public static func plan(_ error: PlanError) -> Self {
        Self(Code(rawValue: error.code.rawValue), plan: error, description: error.description)
    }

    /// The UI reported a change the state cannot take (``Code/uiChangeNotApplicable``).
    public static func uiChangeNotApplicable(_ reason: String) -> Self {
        Self(.uiChangeNotApplicable, description: "the UI reported a change the navigation state cannot take: \(reason)")
    }

    /// A destination (or redirect) to a route the router does not know.
    public static func unknownRoute(_ name: String) -> Self {
        Self(.unknownRoute, description: "unknown route '\(name)'")
    }

    /// ``NavigationFlow/open(urls:source:)`` with no URL at all.
    public static let noScreens = Self(.noScreens, description: "a link of several screens names none; give at least one URL")

    /// ``NavigationFlow/open(urls:source:)`` with more URLs than it takes.
    public static func tooManyScreens(_ count: Int, limit: Int) -> Self {
        Self(.tooManyScreens, description: "a link of \(count) screens; at most \(limit) are taken (NavigationFlow.maxLinkedScreens)")
    }

    /// A request for an answer to a route that gives none (no `result TYPE` in the table).
    public static func givesNoAnswer(_ route: String) -> Self {
        Self(.givesNoAnswer, description: "route '\(route)' gives no answer; declare its type in the table ('result string' under the route)")
    }

    /// A typed answer of another route (`key`), or a key of another route than `route`.
    public static func wrongAnswerType(route: String, key: String) -> Self {
        Self(.wrongAnswerType, description: "the answer of route '\(route)' was asked for with the key of route '\(key)'; use \(route)'s key")
    }

    /// An answer a typed key's Swift type does not hold (the generated type is not the table's).
    public static func answerNotOfTheKeysType(_ value: RouteValue, route: String, type: String) -> Self {
        Self(
            .wrongAnswerType,
            description: "route '\(route)' answered '\(value)', which is not of type \(type) (was the typed-route type generated from this table?)")
    }

    /// An answer that is not of the route's `result` type.
    public static func invalidAnswer(_ value: RouteValue, route: String, type: ParameterType) -> Self {
        Self(.wrongAnswerType, description: "'\(value)' is not an answer of route '\(route)', which answers \(type)")
    }

    /// A destination whose values do not fit its route: a required parameter missing, a value
    /// of another type, or a parameter the route does not declare. The error names the
    /// parameter; its code is the destination error's (`failed.missing-parameter`,
    /// `failed.wrong-type`, `failed.unknown-parameter`).
    public static func invalidDestination(_ error: RouteURLError) -> Self {
        Self(Code(rawValue: error.code.rawValue), destination: error, description: error.description)
    }
}
