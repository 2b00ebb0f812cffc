import Foundation
import TestSupport
import Testing

@testable import AxiomURLPattern

/// The web-platform-tests' URLPattern suite (`Tests/Vendored/wpt-urlpattern/urlpatterntestdata.json`,
/// 369 cases, W3C 3-clause BSD), run as WPT's own harness (`urlpattern/resources/urlpatterntests.js`)
/// runs it: the constructor throws or not, the eight component getters (expected values filled in
/// from the constructor's arguments as the harness does), `test` and `exec` with their inputs and
/// groups. The pass count is printed; the failures are `WPTConformance.knownFailures`, each with
/// its reason, and the test fails when the set changes either way.
@Suite struct WPTConformanceTests {
    static let components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]

    static func cases() throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: packageRoot() + "/Tests/Vendored/wpt-urlpattern/urlpatterntestdata.json"))
        return try #require(try JSONSerialization.jsonObject(with: Data(usvString(String(decoding: data, as: UTF8.self)).utf8)) as? [[String: Any]])
    }

    /// The file's text with each lone surrogate escape (`\uD83D` not followed by a low one) made
    /// U+FFFD — what the WebIDL conversion to `USVString` does to the harness's JavaScript strings
    /// before URLPattern sees them (a Swift `String` cannot hold a lone surrogate at all).
    static func usvString(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        func surrogate(at index: Int) -> UInt32? {
            guard index + 5 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else { return nil }
            let hex = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)]))
            guard let value = UInt32(hex, radix: 16), (0xD800...0xDFFF).contains(value) else { return nil }
            return value
        }
        var index = 0
        while index < scalars.count {
            // An escaped backslash is two characters, not the start of an escape.
            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                result.append(contentsOf: scalars[index...(index + 1)])
                index += 2
                continue
            }
            if let high = surrogate(at: index) {
                if (0xD800...0xDBFF).contains(high), let low = surrogate(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    result.append(contentsOf: scalars[index..<(index + 12)])
                    index += 12
                } else {
                    result.append(contentsOf: "\\uFFFD".unicodeScalars)
                    index += 6
                }
                continue
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    /// How one case ended: passed, failed (why), or not expressible in Swift (why).
    enum Outcome: Equatable {
        case passed
        case failed(String)
        case notExpressible(String)
    }

    static func initDictionary(_ value: [String: Any]) -> URLPatternInit {
        URLPatternInit(
            protocol: value["protocol"] as? String, username: value["username"] as? String, password: value["password"] as? String,
            hostname: value["hostname"] as? String, port: value["port"] as? String, pathname: value["pathname"] as? String,
            search: value["search"] as? String, hash: value["hash"] as? String, baseURL: value["baseURL"] as? String)
    }

    static func options(_ value: Any?) -> URLPattern.Options {
        URLPattern.Options(ignoreCase: (value as? [String: Any])?["ignoreCase"] as? Bool ?? false)
    }

    /// `new URLPattern(...entry.pattern)`; nil when the arguments are a combination the Swift API
    /// cannot take (the reason).
    static func construct(_ arguments: [Any]) -> Result<Result<URLPattern, URLPatternError>, NotExpressible> {
        func attempt(_ body: () throws(URLPatternError) -> URLPattern) -> Result<Result<URLPattern, URLPatternError>, NotExpressible> {
            do { return .success(.success(try body())) } catch { return .success(.failure(error)) }
        }
        switch arguments.count {
        case 0: return attempt { () throws(URLPatternError) in try URLPattern() }
        default: break
        }
        if let text = arguments[0] as? String {
            if arguments.count == 1 { return attempt { () throws(URLPatternError) in try URLPattern(text) } }
            if let base = arguments[1] as? String {
                return attempt { () throws(URLPatternError) in
                    try URLPattern(text, baseURL: base, options: options(arguments.count > 2 ? arguments[2] : nil))
                }
            }
            return attempt { () throws(URLPatternError) in try URLPattern(text, options: options(arguments[1])) }
        }
        if let dictionary = arguments[0] as? [String: Any] {
            if arguments.count > 1, arguments[1] is String {
                return .failure(
                    NotExpressible(
                        reason:
                            "an init dictionary with a base URL string: URLPattern(init, baseURL) does not exist in Swift (the standard throws TypeError)"
                    ))
            }
            return attempt { () throws(URLPatternError) in
                try URLPattern(initDictionary(dictionary), options: options(arguments.count > 1 ? arguments[1] : nil))
            }
        }
        return .failure(NotExpressible(reason: "a constructor argument of another type (\(type(of: arguments[0])))"))
    }

    struct NotExpressible: Error { let reason: String }

    /// The component getters' expected values, filled in as the harness does.
    static func expectedComponents(_ entry: [String: Any]) -> [String: String] {
        let pattern = entry["pattern"] as? [Any] ?? []
        let given = entry["expected_obj"] as? [String: Any] ?? [:]
        let empty = entry["exactly_empty_components"] as? [String] ?? []
        var baseURL: URLRecord? = nil
        if let first = pattern.first as? [String: Any], let base = first["baseURL"] as? String {
            baseURL = try? URLRecord(base)
        } else if pattern.count > 1, let base = pattern[1] as? String {
            baseURL = try? URLRecord(base)
        }
        let earlier: [String: [String]] = [
            "protocol": [], "hostname": ["protocol"], "port": ["protocol", "hostname"], "username": [], "password": [],
            "pathname": ["protocol", "hostname", "port"], "search": ["protocol", "hostname", "port", "pathname"],
            "hash": ["protocol", "hostname", "port", "pathname", "search"],
        ]
        var expected: [String: String] = [:]
        for component in components {
            if let value = given[component] as? String {
                expected[component] = value
                continue
            }
            let dictionary = pattern.first as? [String: Any]
            if empty.contains(component) {
                expected[component] = ""
            } else if let value = dictionary?[component] as? String, !value.isEmpty {
                expected[component] = value
            } else if let dictionary, (earlier[component] ?? []).contains(where: { dictionary[$0] != nil }) {
                expected[component] = "*"
            } else if let baseURL, component != "username", component != "password" {
                switch component {
                case "protocol": expected[component] = baseURL.scheme
                case "hostname": expected[component] = baseURL.host?.serialized ?? ""
                case "port": expected[component] = baseURL.port.map { String($0) } ?? ""
                case "pathname": expected[component] = baseURL.pathname
                case "search": expected[component] = baseURL.query ?? ""
                default: expected[component] = baseURL.fragment ?? ""
                }
            } else {
                expected[component] = "*"
            }
        }
        return expected
    }

    static func getter(_ pattern: URLPattern, _ component: String) -> String {
        switch component {
        case "protocol": return pattern.protocol
        case "username": return pattern.username
        case "password": return pattern.password
        case "hostname": return pattern.hostname
        case "port": return pattern.port
        case "pathname": return pattern.pathname
        case "search": return pattern.search
        default: return pattern.hash
        }
    }

    /// `test(...entry.inputs)` and `exec(...entry.inputs)` through the standard's API (an input
    /// that is not a URL is no match, not an error).
    static func exec(_ pattern: URLPattern, _ inputs: [Any]) -> Result<(test: Bool, exec: URLPatternResult?), NotExpressible> {
        if inputs.isEmpty { return .success((pattern.test(), pattern.exec())) }
        if let text = inputs[0] as? String {
            let base = inputs.count > 1 ? inputs[1] as? String : nil
            return .success((pattern.test(text, baseURL: base), pattern.exec(text, baseURL: base)))
        }
        if let dictionary = inputs[0] as? [String: Any] {
            if inputs.count > 1 {
                return .failure(
                    NotExpressible(
                        reason:
                            "an init dictionary and a base URL string as test's and exec's arguments: no such call in Swift (the standard throws TypeError)"
                    ))
            }
            let input = initDictionary(dictionary)
            return .success((pattern.test(input), pattern.exec(input)))
        }
        return .failure(NotExpressible(reason: "an input of another type"))
    }

    /// One case, judged as the harness judges it.
    static func run(_ entry: [String: Any]) -> Outcome {
        let constructed: Result<URLPattern, URLPatternError>
        switch construct(entry["pattern"] as? [Any] ?? []) {
        case .failure(let reason): return .notExpressible(reason.reason)
        case .success(let result): constructed = result
        }
        if entry["expected_obj"] as? String == "error" {
            if case .success(let pattern) = constructed { return .failed("the constructor did not throw (pathname '\(pattern.pathname)')") }
            return .passed
        }
        let pattern: URLPattern
        switch constructed {
        case .failure(let error): return .failed("the constructor threw: \(error)")
        case .success(let value): pattern = value
        }
        for (component, expected) in expectedComponents(entry).sorted(by: { $0.key < $1.key }) where getter(pattern, component) != expected {
            return .failed("\(component) is '\(getter(pattern, component))', expected '\(expected)'")
        }
        let inputs = entry["inputs"] as? [Any] ?? []
        let tested: Bool
        let result: URLPatternResult?
        switch exec(pattern, inputs) {
        case .failure(let reason): return .notExpressible(reason.reason)
        case .success(let value): (tested, result) = value
        }
        if tested != (result != nil) { return .failed("test() is \(tested) but exec() \(result == nil ? "is nil" : "matched")") }
        guard let expected = entry["expected_match"] as? [String: Any] else {
            return result == nil ? .passed : .failed("matched, expected no match")
        }
        guard let result else { return .failed("no match, expected a match") }
        let empty = entry["exactly_empty_components"] as? [String] ?? []
        for component in components {
            let expectedComponent = expected[component] as? [String: Any]
            let input = expectedComponent?["input"] as? String ?? ""
            var groups: [String: String?] = [:]
            if let given = expectedComponent?["groups"] as? [String: Any] {
                for (name, value) in given { groups[name] = .some(value as? String) }
            } else if expectedComponent == nil, !empty.contains(component) {
                groups["0"] = .some("")
            }
            guard let key = URLPattern.Component(rawValue: component) else { continue }
            let actual = result[key]
            if actual.input != input { return .failed("exec \(component).input is '\(actual.input)', expected '\(input)'") }
            var actualGroups: [String: String?] = [:]
            for (name, value) in actual.groups { actualGroups[name] = .some(value) }
            if actualGroups != groups { return .failed("exec \(component).groups are \(actualGroups), expected \(groups)") }
        }
        return .passed
    }

    @Test func theSuiteRunsWithItsKnownFailuresOnly() throws {
        let cases = try Self.cases()
        #expect(cases.count == 369)
        var failures: [Int: String] = [:]
        var notExpressible: [Int: String] = [:]
        for (index, entry) in cases.enumerated() {
            switch Self.run(entry) {
            case .passed: continue
            case .failed(let reason): failures[index] = reason
            case .notExpressible(let reason): notExpressible[index] = reason
            }
        }
        let passed = cases.count - failures.count - notExpressible.count
        print("WPT URLPattern: \(passed) of \(cases.count) passed, \(notExpressible.count) not expressible in Swift, \(failures.count) failed")
        for (index, reason) in failures.sorted(by: { $0.key < $1.key }) { print("  case \(index): \(reason)") }
        #expect(Set(failures.keys) == Set(WPTConformance.knownFailures.keys), "the failures changed: update WPTConformance.knownFailures")
        #expect(Set(notExpressible.keys) == WPTConformance.notExpressible)
    }
}

/// The suite's cases this implementation does not pass, by index into the data file, each with
/// the reason (Docs/Patterns.md lists the divergences). None since IDNA (cases 152–154).
enum WPTConformance {
    static let knownFailures: [Int: String] = [:]

    /// Cases Swift's types cannot call: the constructor, `test` and `exec` take an init
    /// dictionary or a string with its base URL, never an init dictionary and a base URL string
    /// (the standard throws TypeError for them).
    static let notExpressible: Set<Int> = [213, 283]
}
