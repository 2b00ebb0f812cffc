import AxiomNavigation
import AxiomRouting

/// A parse error's message.
struct ScriptError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

extension Error {
    var scriptMessage: String { (self as? ScriptError)?.message ?? "\(self)" }
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
