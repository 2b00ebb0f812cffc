import AxiomNavigation
import AxiomRouting

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
        case "open-links":
            // A last word with no `:` is the source (a URL has one).
            var urls = arguments
            var source = NavigationSource.deepLink
            if let last = urls.last, urls.count > 1, !last.contains(":") {
                source = try parseSource(last)
                urls.removeLast()
            }
            guard !urls.isEmpty else {
                throw ScriptError("'open-links' needs the URLs of the screens, bottom first, and optionally a source, e.g. 'open-links myapp://inbox myapp://threads/9'")
            }
            self = .openLinks(urls, source)
        case "navigate": self = .navigate(try one("a URL naming the destination, e.g. 'navigate myapp://posts/7'"))
        case "navigate-to", "push", "replace":
            guard let route = arguments.first else { throw ScriptError("'\(keyword)' needs a route name, e.g. '\(keyword) post postId=7'") }
            let values = try Self.values(Array(arguments.dropFirst()))
            self = keyword == "push" ? .push(route, values) : keyword == "replace" ? .replace(route, values) : .navigateTo(route, values)
        case "pop-to":
            // `pop-to ROUTE [NAME=VALUE …] [inclusive]`: with values, the screen of the route with them.
            let inclusive = arguments.count > 1 && arguments.last == "inclusive"
            let pairs = Array(arguments.dropFirst().dropLast(inclusive ? 1 : 0))
            guard let route = arguments.first, !pairs.contains("inclusive") else {
                throw ScriptError("'pop-to' needs a route name, optionally its values and 'inclusive', e.g. 'pop-to profile userId=7 inclusive'")
            }
            self = .popTo(route, try Self.values(pairs), inclusive: inclusive)
        case "switch-stack", "push-restoring":
            guard let route = arguments.first else { throw ScriptError("'\(keyword)' needs a route name, e.g. '\(keyword) profile userId=7'") }
            let values = try Self.values(Array(arguments.dropFirst()))
            self = keyword == "switch-stack" ? .switchStack(route, values) : .pushRestoring(route, values)
        case "pop-to-saving":
            guard let route = arguments.first, arguments.count <= 2, arguments.count == 1 || arguments[1] == "inclusive" else {
                throw ScriptError("'pop-to-saving' needs a route name and optionally 'inclusive', e.g. 'pop-to-saving home'")
            }
            self = .popToSaving(route, inclusive: arguments.count == 2)
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
        case "preview":
            let usage = "'preview' needs a name and a step that makes a request (\(SimulationScript.previewable.joined(separator: ", "))), e.g. 'preview p open myapp://posts/7'"
            guard arguments.count >= 2, SimulationScript.previewable.contains(arguments[1]) else { throw ScriptError(usage) }
            self = .preview(arguments[0], try Self(arguments[1], Array(arguments.dropFirst(2))))
        case "commit": self = .commitPreview(try one("the name a 'preview' step gave, e.g. 'commit p'"))
        case "publish":
            let text = try one("allowed, refused or ask, e.g. 'publish refused'")
            guard let decision = LeaveDecision(rawValue: text) else { throw ScriptError("'publish' takes allowed, refused or ask, not '\(text)'") }
            self = .publish(decision)
        case "ask-result":
            guard arguments.count >= 2 else {
                throw ScriptError("'ask-result' needs a name and a route that answers, and optionally its values, e.g. 'ask-result photo pickPhoto'")
            }
            self = .askResult(arguments[0], route: arguments[1], try Self.values(Array(arguments.dropFirst(2))))
        case "reply": self = .reply(try one("the answer, e.g. 'reply IMG_0001' (a list's values separated by commas)"))
        case "gesture-start", "gesture-cancel", "gesture-end":
            try none()
            self = keyword == "gesture-start" ? .gestureStart : keyword == "gesture-cancel" ? .gestureCancel : .gestureEnd
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
        case "preview":
            let usage = "'expect preview' needs a preview's name and status current|stale|retired, shows ROUTE|none, result CODE or resumes ROUTE|none"
            guard rest.count == 3 else { throw ScriptError(usage) }
            let value = rest[2]
            switch rest[1] {
            case "status":
                guard let status = NavigationPreview.Status(rawValue: value) else { throw ScriptError(usage) }
                self = .preview(rest[0], .status(status))
            case "shows": self = .preview(rest[0], .shows(value == "none" ? nil : value))
            case "result": self = .preview(rest[0], .result(value))
            case "resumes": self = .preview(rest[0], .resumes(value == "none" ? nil : value))
            default: throw ScriptError(usage)
            }
        case "back-decision":
            let text = try one()
            guard let decision = LeaveDecision(rawValue: text) else { throw ScriptError("'expect back-decision' takes allowed, refused or ask, not '\(text)'") }
            self = .backDecision(decision)
        case "answer":
            guard rest.count == 2 else {
                throw ScriptError(
                    "'expect answer' needs an 'ask-result' name and pending, completed(VALUE), dismissed, cancelled(REASON) or denied(CODE), e.g. 'expect answer photo completed(IMG_0001)'"
                )
            }
            self = .answer(rest[0], rest[1])
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
