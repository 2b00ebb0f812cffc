public import AxiomNavigation
import AxiomRouting

/// A navigation script, parsed: settings, then steps, one per line (the format is in
/// `Docs/Simulation.md`). ``parse(_:file:)`` reads one and ``run(on:tables:journal:onStart:onStep:)``
/// runs it on a simulator: what `axiom-route simulate` does, for an app's tests with the library alone.
public struct SimulationScript: Sendable {
    struct Settings: Sendable {
        var signedIn = false
        var loginTimeToLive: Duration = .seconds(300)
        /// nil: no rate limit.
        var rateLimit: RateLimit? = RateLimit()
        /// `set loader NAME fails`: the simulator's loader of that name throws.
        var failingLoaders: Set<String> = []
        /// `set max-redirects N`, `set rejects-duplicates yes|no`, `set replaces-top yes|no`,
        /// `set sign-out present-login|withhold`: the flow's configuration.
        var configuration = NavigationFlow.Configuration()
        /// `set start ROUTE [name=value …]`: the first screen, with its values.
        var start: (route: String, values: [(String, RouteValue)])? = nil

        struct RateLimit: Sendable {
            var limit = 10
            var window: Duration = .seconds(1)
            var key: RateLimitKey = .global
            var sources: Set<NavigationSource> = [.deepLink, .universalLink, .pushNotification]
        }
    }

    indirect enum Step: Sendable {
        case open(String, NavigationSource)
        /// `open-links URL URL … [SOURCE]`: a link of several screens, bottom first.
        case openLinks([String], NavigationSource)
        case navigate(String)
        /// A destination built by hand, as app code does: a route name and `name=value` pairs.
        case navigateTo(String, [(String, RouteValue)])
        /// The command of that name with a destination built by hand, whatever the route's
        /// transition says (Vue Router's `push` and `replace` per call).
        case push(String, [(String, RouteValue)])
        case replace(String, [(String, RouteValue)])
        /// Back to the topmost screen of a route (`inclusive`: below it).
        case popTo(String, [(String, RouteValue)], inclusive: Bool)
        /// `switch-stack ROUTE [NAME=VALUE …]`, `push-restoring ROUTE [NAME=VALUE …]` and
        /// `pop-to-saving ROUTE [inclusive]`: multiple back stacks (Docs/Navigation.md).
        case switchStack(String, [(String, RouteValue)])
        case pushRestoring(String, [(String, RouteValue)])
        case popToSaving(String, inclusive: Bool)
        case back, dismiss
        case tab(String)
        case resetTab(String)
        /// What the UI already did: a back swipe (the visible stack's top popped), a tab tapped,
        /// the top sheet dragged down.
        case uiBack, uiDismiss
        case uiTab(String)
        /// `sign-in` or `sign-in as NAME` (the principal).
        case signIn(Principal?)
        case signOut
        /// `expire-session`: the session ends without the flow being told (a token that expired):
        /// the authentication middleware signs out, and the flow finds out at its next check.
        case expireSession
        case advance(Duration)
        case expect(Expectation)
        /// `guard SUBJECT pass|refuse|redirect URL|wait DURATION|off`: a guard of the script's own,
        /// in the pipeline after the built-in middleware (`off` removes the subject's guards).
        /// The subject is a route, `*` (every route) or a URL (that one destination).
        case addGuard(subject: String, action: GuardAction)
        /// `leave ROUTE|* allow|refuse|ask [covered|removed]`: whether screens of the route let
        /// the user leave (their contexts are asked, as an unsaved form's is); `ask` waits for
        /// an `answer`.
        case leave(route: String, answer: LeaveRules.Answer, departure: Departure?)
        /// `answer yes|no`: the oldest screen waiting on `leave … ask` is answered.
        case answer(Bool)
        /// `save NAME`: the state, written as the app saves it (JSON), kept under a name.
        case save(String)
        /// `restore NAME [SOURCE]`: a saved state restored into the running flow.
        case restore(String, NavigationSource)
        /// `replace-table FILE`: the route table swapped for another (a file or folder, relative
        /// to the script).
        case replaceTable(String)
        /// `await`: waits for every step started with `&`, reporting each.
        case awaitAll
        /// `preview NAME STEP`: what a request step (``previewable``) would do, kept under a
        /// name; nothing changes.
        case preview(String, Step)
        /// `commit NAME`: the request a preview was made for, run for real (checked again).
        case commitPreview(String)
        /// `publish allowed|refused|ask`: the visible screen publishes whether it may be left.
        case publish(LeaveDecision)
        /// `gesture-start`, `gesture-cancel`, `gesture-end`: a back gesture's life.
        case gestureStart, gestureCancel, gestureEnd
        /// `ask-result NAME ROUTE [NAME=VALUE …]`: the visible screen opens a route that answers
        /// and awaits its answer, kept under a name (Docs/Navigation.md, "Screens that answer").
        case askResult(String, route: String, [(String, RouteValue)])
        /// `reply VALUE`: the visible screen answers its caller with VALUE, read as its route's
        /// `result` type (a list's values separated by commas).
        case reply(String)
    }

    /// What `expect preview NAME …` checks of a preview.
    enum PreviewExpectation: Sendable {
        /// `status current|stale|retired`.
        case status(NavigationPreview.Status)
        /// `shows ROUTE|none`: the screen the preview's commit would show.
        case shows(String?)
        /// `result CODE`: how the request would end.
        case result(String)
        /// `resumes ROUTE|none`: what a sign-in would resume to.
        case resumes(String?)
    }

    /// What a script's guard does with a request for its route.
    enum GuardAction: Sendable, Equatable {
        case pass
        case refuse
        case redirect(String)
        case wait(Duration)
        case off
    }

    enum Expectation: Sendable {
        case result(String)
        case visible(String?)
        case stack([String])
        case tab(String)
        case modals(Int)
        case signedIn(Bool)
        case parked(String?)
        case contexts(Int)
        case canGoBack(Bool)
        /// How many requests for a route the script's guards were asked about.
        case guardCalls(Int, subject: String?)
        /// How many times screens (of a route, or of any) were asked whether they may be left.
        case leaveAsked(Int, route: String?)
        /// `expect preview NAME …`: what a `preview` step said, or says now (its status).
        case preview(String, PreviewExpectation)
        /// `expect back-decision allowed|refused|ask`: what going back would meet now.
        case backDecision(LeaveDecision)
        /// `expect answer NAME OUTCOME`: what an `ask-result` got — `pending`, `completed(VALUE)`,
        /// `dismissed`, `cancelled(REASON)`, `denied(CODE)`.
        case answer(String, String)
    }

    struct Line: Sendable {
        let number: Int
        let text: String
        let step: Step
        /// Started with a trailing `&`: it runs on while the next steps do, until `await`.
        var background = false
    }

    var settings = Settings()
    var steps: [Line] = []
    /// The file the script was read from (as the caller named it), for problems.
    var file = ""
    /// The line of `set start`, for problems.
    var startLine = 1

    /// A problem in the script, at a line.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What kind of problem: compare with the static members.
        public struct Code: StableCode {
            public let rawValue: String
            package init(rawValue: String) { self.rawValue = rawValue }
            /// A line that is not a setting or step as `Docs/Simulation.md` writes them.
            public static let invalidLine = Code(rawValue: "invalid-script-line")
            /// A `restore` of a name no earlier step saves, or a script without steps.
            public static let invalidScript = Code(rawValue: "invalid-script")
            /// `set start` names a route, or values, the table refuses.
            public static let invalidStart = Code(rawValue: "invalid-start")
        }

        public let code: Code
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(file):\(line): error: \(message)" }
    }

    /// Every problem the script has (parsing reports them all, not just the first).
    public struct Problems: Error, Sendable, CustomStringConvertible {
        /// The first problem's code (each problem in ``list`` has its own).
        public var code: Problem.Code { list.first?.code ?? .invalidScript }
        public let list: [Problem]
        public var description: String { list.map(\.description).joined(separator: "\n") }
    }

    static let stepNames = [
        "open", "open-links", "navigate", "navigate-to", "push", "replace", "pop-to", "pop-to-saving", "push-restoring", "switch-stack", "back", "dismiss", "tab", "reset-tab", "ui-back", "ui-tab", "ui-dismiss",
        "sign-in", "sign-out", "expire-session", "advance", "expect", "guard", "leave", "answer", "save", "restore", "replace-table", "await",
        "preview", "commit", "publish", "gesture-start", "gesture-cancel", "gesture-end", "ask-result", "reply",
    ]
    /// The steps a `preview` may preview: those that make a request.
    static let previewable = ["open", "open-links", "navigate", "navigate-to", "push", "replace", "pop-to", "pop-to-saving", "push-restoring", "switch-stack", "back", "dismiss", "tab", "reset-tab"]
    /// The steps a trailing `&` may start in the background: those that ask the flow.
    static let backgroundable = [
        "open", "open-links", "navigate", "navigate-to", "push", "replace", "pop-to", "pop-to-saving", "push-restoring", "switch-stack", "back", "dismiss", "tab", "reset-tab", "sign-in", "restore", "commit",
    ]
    static let expectationNames = [
        "result", "visible", "stack", "tab", "modals", "signed-in", "parked", "contexts", "can-go-back", "guard-calls", "leave-asked",
        "preview", "back-decision", "answer",
    ]
    static let settingNames = [
        "rate-limit", "login-ttl", "signed-in", "loader", "max-redirects", "rejects-duplicates", "replaces-top", "sign-out", "start",
    ]

    /// A line without its comment: `#` at the line's start or after a space or tab starts one;
    /// inside a word it is the word's (a URL's fragment: `open https://matrix.to/#/@alice:matrix.org`).
    static func withoutComment(_ line: Substring) -> String {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" { return String(line[..<index]) }
            previous = line[index]
        }
        return String(line)
    }

    /// Parses the whole script; every problem is reported, not just the first.
    public static func parse(_ text: String, file: String) -> Result<SimulationScript, Problems> {
        var script = SimulationScript()
        script.file = file
        var problems: [Problem] = []
        for (index, raw) in text.sourceLines.enumerated() {
            let line = Self.withoutComment(raw)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = words.first else { continue }
            do {
                if keyword == "set" {
                    guard script.steps.isEmpty else { throw ScriptError("settings come before the first step") }
                    try script.settings.apply(Array(words.dropFirst()))
                    if words.count > 1, words[1] == "start" { script.startLine = index + 1 }
                } else {
                    var arguments = Array(words.dropFirst())
                    let background = arguments.last == "&"
                    if background {
                        guard backgroundable.contains(keyword) else {
                            throw ScriptError("'&' starts a step that asks the flow (\(backgroundable.joined(separator: ", "))), not '\(keyword)'")
                        }
                        arguments.removeLast()
                    }
                    let step = try Step(keyword, arguments)
                    script.steps.append(Line(number: index + 1, text: words.joined(separator: " "), step: step, background: background))
                }
            } catch {
                problems.append(Problem(code: .invalidLine, file: file, line: index + 1, message: error.scriptMessage))
            }
        }
        // A restore names a state an earlier step saved; a commit or an expectation, a preview.
        var savedNames: Set<String> = []
        var previewNames: Set<String> = []
        for line in script.steps {
            switch line.step {
            case .save(let name): savedNames.insert(name)
            case .preview(let name, _): previewNames.insert(name)
            case .commitPreview(let name) where !previewNames.contains(name), .expect(.preview(let name, _)) where !previewNames.contains(name):
                problems.append(
                    Problem(
                        code: .invalidScript, file: file, line: line.number,
                        message: "no earlier step makes a preview named '\(name)' (add 'preview \(name) open URL' before it)"))
            case .restore(let name, _) where !savedNames.contains(name):
                problems.append(
                    Problem(code: .invalidScript, file: file, line: line.number, message: "no earlier step saves a state as '\(name)' (add 'save \(name)' before it)"))
            default: break
            }
        }
        if problems.isEmpty, script.steps.isEmpty { problems.append(Problem(code: .invalidScript, file: file, line: 1, message: "the script has no steps")) }
        return problems.isEmpty ? .success(script) : .failure(Problems(list: problems))
    }
}
