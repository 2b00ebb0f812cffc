import AxiomNavigation
import AxiomRouting

/// A parsed `axiom-route simulate` script: settings, then steps, one per line. The format is
/// in `Docs/Simulation.md`.
struct SimulationScript: Sendable {
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

    enum Step: Sendable {
        case open(String, NavigationSource)
        case navigate(String)
        /// A destination built by hand, as app code does: a route name and `name=value` pairs.
        case navigateTo(String, [(String, RouteValue)])
        /// The command of that name with a destination built by hand, whatever the route's
        /// transition says (Vue Router's `push` and `replace` per call).
        case push(String, [(String, RouteValue)])
        case replace(String, [(String, RouteValue)])
        /// Back to the topmost screen of a route (`inclusive`: below it).
        case popTo(String, inclusive: Bool)
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

    /// A problem in the script, at a line.
    struct Problem: Error, Sendable, CustomStringConvertible {
        let file: String
        let line: Int
        let message: String
        var description: String { "\(file):\(line): error: \(message)" }
    }

    struct Problems: Error {
        let list: [Problem]
    }

    static let stepNames = [
        "open", "navigate", "navigate-to", "push", "replace", "pop-to", "back", "dismiss", "tab", "reset-tab", "ui-back", "ui-tab", "ui-dismiss",
        "sign-in", "sign-out", "expire-session", "advance", "expect", "guard", "leave", "answer", "save", "restore", "replace-table", "await",
    ]
    /// The steps a trailing `&` may start in the background: those that ask the flow.
    static let backgroundable = [
        "open", "navigate", "navigate-to", "push", "replace", "pop-to", "back", "dismiss", "tab", "reset-tab", "sign-in", "restore",
    ]
    static let expectationNames = [
        "result", "visible", "stack", "tab", "modals", "signed-in", "parked", "contexts", "can-go-back", "guard-calls", "leave-asked",
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
    static func parse(_ text: String, file: String) -> Result<SimulationScript, Problems> {
        var script = SimulationScript()
        var problems: [Problem] = []
        for (index, raw) in text.sourceLines.enumerated() {
            let line = Self.withoutComment(raw)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let keyword = words.first else { continue }
            do {
                if keyword == "set" {
                    guard script.steps.isEmpty else { throw ScriptError("settings come before the first step") }
                    try script.settings.apply(Array(words.dropFirst()))
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
                problems.append(Problem(file: file, line: index + 1, message: error.message))
            }
        }
        // A restore names a state an earlier step saved.
        var savedNames: Set<String> = []
        for line in script.steps {
            switch line.step {
            case .save(let name): savedNames.insert(name)
            case .restore(let name, _) where !savedNames.contains(name):
                problems.append(
                    Problem(file: file, line: line.number, message: "no earlier step saves a state as '\(name)' (add 'save \(name)' before it)"))
            default: break
            }
        }
        if problems.isEmpty, script.steps.isEmpty { problems.append(Problem(file: file, line: 1, message: "the script has no steps")) }
        return problems.isEmpty ? .success(script) : .failure(Problems(list: problems))
    }
}

/// A parse error's message.
struct ScriptError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Error {
    fileprivate var message: String { (self as? ScriptError)?.message ?? "\(self)" }
}

extension SimulationScript.Settings {
    /// `set rate-limit N per DURATION [by global|route|source] [for SOURCE,...]`, `set rate-limit off`,
    /// `set login-ttl DURATION`, `set signed-in`, `set loader NAME fails`.
    mutating func apply(_ words: [String]) throws(ScriptError) {
        guard let name = words.first else { throw ScriptError("'set' needs a setting: \(SimulationScript.settingNames.joined(separator: ", "))") }
        let rest = Array(words.dropFirst())
        switch name {
        case "signed-in":
            guard rest.isEmpty else { throw ScriptError("'set signed-in' takes nothing after it") }
            signedIn = true
        case "loader":
            guard rest.count == 2, rest[1] == "fails" else { throw ScriptError("expected 'set loader NAME fails'") }
            failingLoaders.insert(rest[0])
        case "max-redirects":
            guard rest.count == 1, let limit = Int(rest[0]) else {
                throw ScriptError("'set max-redirects' needs a number, e.g. 'set max-redirects 3'")
            }
            configuration.maxRedirects = limit
        case "rejects-duplicates", "replaces-top":
            guard rest.count == 1, let flag = ["yes": true, "no": false][rest[0]] else { throw ScriptError("'set \(name)' takes yes or no") }
            if name == "rejects-duplicates" { configuration.rejectsDuplicates = flag } else { configuration.replacesTopWithNewValues = flag }
        case "sign-out":
            switch rest {
            case ["present-login"]: configuration.signOut = .presentLogin
            case ["withhold"]: configuration.signOut = .withhold
            default: throw ScriptError("'set sign-out' takes present-login or withhold")
            }
        case "start":
            guard let route = rest.first else { throw ScriptError("'set start' needs a route name, e.g. 'set start post postId=7'") }
            start = (route, try SimulationScript.Step.values(Array(rest.dropFirst())))
        case "login-ttl":
            guard rest.count == 1 else { throw ScriptError("'set login-ttl' needs a duration, e.g. 'set login-ttl 5m'") }
            loginTimeToLive = try parseDuration(rest[0])
        case "rate-limit":
            if rest == ["off"] {
                rateLimit = nil
                return
            }
            guard rest.count >= 3, rest[1] == "per", let limit = Int(rest[0]), limit >= 0 else {
                throw ScriptError("expected 'set rate-limit N per DURATION [by global|route|source] [for SOURCE, ...]' or 'set rate-limit off'")
            }
            var value = RateLimit(limit: limit, window: try parseDuration(rest[2]))
            var index = 3
            while index < rest.count {
                switch rest[index] {
                case "by" where index + 1 < rest.count:
                    guard let key = RateLimitKey(rawValue: rest[index + 1]) else {
                        throw ScriptError("unknown rate-limit key '\(rest[index + 1])' (global, route or source)")
                    }
                    value.key = key
                    index += 2
                case "for" where index + 1 < rest.count:
                    let names = rest[(index + 1)...].joined(separator: " ").split(separator: ",").map { $0.trimmingSpaces }
                    value.sources = Set(try names.map { name throws(ScriptError) in try parseSource(name) })
                    index = rest.count
                default:
                    throw ScriptError("unexpected '\(rest[index])' in 'set rate-limit' (expected 'by KEY' or 'for SOURCES')")
                }
            }
            rateLimit = value
        default:
            throw ScriptError("unknown setting '\(name)' (\(SimulationScript.settingNames.joined(separator: ", ")))")
        }
    }
}

extension SimulationScript.Step {
    /// A value as written in `navigate-to`: `7` an int, `1.5` a double, `true`/`false` a bool,
    /// anything else a string.
    static func literal(_ text: String) -> RouteValue {
        if let value = ParameterType.int.convert(text) { return value }
        if let value = ParameterType.double.convert(text) { return value }
        if let value = ParameterType.bool.convert(text) { return value }
        return .string(text)
    }

    /// `name=value` pairs, each value a ``literal(_:)``.
    static func values(_ pairs: [String]) throws(ScriptError) -> [(String, RouteValue)] {
        var values: [(String, RouteValue)] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ScriptError("'\(pair)' is not 'name=value' (e.g. 'postId=7')")
            }
            values.append((String(pair[..<equals]), literal(String(pair[pair.index(after: equals)...]))))
        }
        return values
    }

    init(_ keyword: String, _ arguments: [String]) throws(ScriptError) {
        func none() throws(ScriptError) {
            guard arguments.isEmpty else { throw ScriptError("'\(keyword)' takes no arguments") }
        }
        func one(_ what: String) throws(ScriptError) -> String {
            guard arguments.count == 1 else { throw ScriptError("'\(keyword)' needs \(what)") }
            return arguments[0]
        }
        switch keyword {
        case "open":
            guard (1...2).contains(arguments.count) else {
                throw ScriptError("'open' needs a URL and optionally a source, e.g. 'open myapp://posts/7 pushNotification'")
            }
            self = .open(arguments[0], arguments.count == 2 ? try parseSource(arguments[1]) : .deepLink)
        case "navigate": self = .navigate(try one("a URL naming the destination, e.g. 'navigate myapp://posts/7'"))
        case "navigate-to", "push", "replace":
            guard let route = arguments.first else { throw ScriptError("'\(keyword)' needs a route name, e.g. '\(keyword) post postId=7'") }
            let values = try Self.values(Array(arguments.dropFirst()))
            self = keyword == "push" ? .push(route, values) : keyword == "replace" ? .replace(route, values) : .navigateTo(route, values)
        case "pop-to":
            guard (1...2).contains(arguments.count), arguments.count == 1 || arguments[1] == "inclusive" else {
                throw ScriptError("'pop-to' needs a route name and optionally 'inclusive', e.g. 'pop-to home inclusive'")
            }
            self = .popTo(arguments[0], inclusive: arguments.count == 2)
        case "back":
            try none()
            self = .back
        case "dismiss":
            try none()
            self = .dismiss
        case "tab": self = .tab(try one("a tab name"))
        case "reset-tab": self = .resetTab(try one("a tab name"))
        case "ui-back":
            try none()
            self = .uiBack
        case "ui-tab": self = .uiTab(try one("a tab name"))
        case "ui-dismiss":
            try none()
            self = .uiDismiss
        case "sign-in":
            switch arguments.count {
            case 0: self = .signIn(nil)
            case 2 where arguments[0] == "as": self = .signIn(Principal(arguments[1]))
            default: throw ScriptError("'sign-in' takes nothing, or 'as NAME' naming who signs in, e.g. 'sign-in as alice'")
            }
        case "sign-out":
            try none()
            self = .signOut
        case "expire-session":
            try none()
            self = .expireSession
        case "advance": self = .advance(try parseDuration(try one("a duration, e.g. 'advance 1s'")))
        case "expect": self = .expect(try SimulationScript.Expectation(arguments))
        case "guard":
            let usage =
                "'guard' needs a route (or *, or a URL) and what it does: pass, refuse, redirect URL, wait DURATION or off, e.g. 'guard compose redirect myapp://login'"
            guard arguments.count >= 2 else { throw ScriptError(usage) }
            let action: SimulationScript.GuardAction
            switch (arguments[1], arguments.count) {
            case ("pass", 2): action = .pass
            case ("refuse", 2): action = .refuse
            case ("off", 2): action = .off
            case ("redirect", 3): action = .redirect(arguments[2])
            case ("wait", 3): action = .wait(try parseDuration(arguments[2]))
            default: throw ScriptError(usage)
            }
            self = .addGuard(subject: arguments[0], action: action)
        case "leave":
            let usage = "'leave' needs a route (or *), allow, refuse or ask, and optionally covered or removed, e.g. 'leave compose ask removed'"
            let answers: [String: LeaveRules.Answer] = ["allow": .allow, "refuse": .refuse, "ask": .ask]
            guard (2...3).contains(arguments.count), let answer = answers[arguments[1]] else { throw ScriptError(usage) }
            var departure: Departure? = nil
            if arguments.count == 3 {
                switch arguments[2] {
                case "covered": departure = .covered
                case "removed": departure = .removed
                default: throw ScriptError(usage)
                }
            }
            self = .leave(route: arguments[0], answer: answer, departure: departure)
        case "answer":
            switch try one("yes or no, e.g. 'answer yes'") {
            case "yes": self = .answer(true)
            case "no": self = .answer(false)
            case let other: throw ScriptError("'answer' takes yes or no, not '\(other)'")
            }
        case "save": self = .save(try one("a name for the saved state, e.g. 'save before'"))
        case "restore":
            guard (1...2).contains(arguments.count) else {
                throw ScriptError("'restore' needs the name a 'save' step gave and optionally a source, e.g. 'restore before deepLink'")
            }
            self = .restore(arguments[0], arguments.count == 2 ? try parseSource(arguments[1]) : .inApp)
        case "replace-table": self = .replaceTable(try one("a route table file or folder, relative to the script"))
        case "await":
            try none()
            self = .awaitAll
        default:
            throw ScriptError("unknown step '\(keyword)' (\(SimulationScript.stepNames.joined(separator: ", ")))")
        }
    }
}

extension SimulationScript.Expectation {
    init(_ words: [String]) throws(ScriptError) {
        guard let what = words.first else {
            throw ScriptError("'expect' needs what to check: \(SimulationScript.expectationNames.joined(separator: ", "))")
        }
        let rest = Array(words.dropFirst())
        func one() throws(ScriptError) -> String {
            guard rest.count == 1 else { throw ScriptError("'expect \(what)' needs one value") }
            return rest[0]
        }
        func flag() throws(ScriptError) -> Bool {
            switch try one() {
            case "yes", "true": return true
            case "no", "false": return false
            case let other: throw ScriptError("'expect \(what)' takes yes or no, not '\(other)'")
            }
        }
        func count() throws(ScriptError) -> Int {
            let text = try one()
            guard let value = Int(text), value >= 0 else { throw ScriptError("'expect \(what)' takes a count, not '\(text)'") }
            return value
        }
        switch what {
        case "result": self = .result(try one())
        case "visible":
            let route = try one()
            self = .visible(route == "none" ? nil : route)
        case "stack":
            let routes = rest.joined(separator: " ").split(separator: ">").map { $0.trimmingSpaces }
            guard !routes.isEmpty, !routes.contains("") else {
                throw ScriptError("'expect stack' needs routes bottom first, e.g. 'expect stack home > post'")
            }
            self = .stack(routes)
        case "tab": self = .tab(try one())
        case "modals": self = .modals(try count())
        case "signed-in": self = .signedIn(try flag())
        case "parked":
            let route = try one()
            self = .parked(route == "none" ? nil : route)
        case "contexts": self = .contexts(try count())
        case "can-go-back": self = .canGoBack(try flag())
        case "guard-calls":
            guard (1...2).contains(rest.count), let value = Int(rest[0]), value >= 0 else {
                throw ScriptError("'expect guard-calls' takes a count and optionally a guard's subject, e.g. 'expect guard-calls 1 compose'")
            }
            self = .guardCalls(value, subject: rest.count == 2 ? rest[1] : nil)
        case "leave-asked":
            guard (1...2).contains(rest.count), let value = Int(rest[0]), value >= 0 else {
                throw ScriptError("'expect leave-asked' takes a count and optionally a route, e.g. 'expect leave-asked 1 compose'")
            }
            self = .leaveAsked(value, route: rest.count == 2 ? rest[1] : nil)
        default:
            throw ScriptError("unknown expectation '\(what)' (\(SimulationScript.expectationNames.joined(separator: ", ")))")
        }
    }
}

/// `250ms`, `1s`, `1.5s`, `5m`, `1h`.
func parseDuration(_ text: String) throws(ScriptError) -> Duration {
    let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    for (unit, seconds) in units where text.hasSuffix(unit) {
        let number = text.dropLast(unit.count)
        guard let value = Double(number), value >= 0, value.isFinite, value * seconds < 1e9 else { break }
        return .milliseconds(Int64((value * seconds * 1000).rounded()))
    }
    throw ScriptError("'\(text)' is not a duration (e.g. 250ms, 1s, 1.5s, 5m, 1h)")
}

func parseSource(_ text: String) throws(ScriptError) -> NavigationSource {
    guard let source = NavigationSource(rawValue: text) else {
        throw ScriptError("unknown source '\(text)' (\(NavigationSource.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    return source
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
