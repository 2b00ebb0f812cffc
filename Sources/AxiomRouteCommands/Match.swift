import ArgumentParser
import AxiomRouting
import Foundation

/// `axiom-route match PATTERN URL`: one URL against one URLPattern.
struct Match: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Match a URL against a URLPattern and print each component's groups.",
        discussion: """
            PATTERN is a URLPattern constructor string, e.g. 'app://profile/:userId' or \
            'https://example.com/settings/*'. Exit status: 0 match, 1 no match, 2 invalid \
            pattern or URL.
            """
    )

    @Argument(help: "The pattern, a URLPattern constructor string.")
    var pattern: String

    @Argument(help: "The URL to match.")
    var url: String

    @Option(name: .customLong("base"), help: "A base URL for a relative pattern and URL.")
    var baseURL: String?

    @Flag(help: "Match pathname, search and hash case-insensitively.")
    var ignoreCase = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let compiled: URLPattern
        do {
            compiled = try URLPattern(pattern, baseURL: baseURL, options: .init(ignoreCase: ignoreCase))
        } catch {
            report(error)
            throw ExitStatus.badInput.exitCode
        }
        let result: URLPatternResult?
        do {
            result = try compiled.execOrThrow(url, baseURL: baseURL)
        } catch {
            report(error)
            throw ExitStatus.badInput.exitCode
        }
        switch format {
        case .text: printText(result, compiled)
        case .json: Console.out(MatchReport(result: result, pattern: compiled).json)
        }
        if result == nil { throw ExitStatus.noMatch.exitCode }
    }

    private func report(_ error: URLPatternError) {
        switch format {
        case .text:
            Console.err("error: \(error)")
            if error.position != nil { Console.err(indent(error.annotatedPattern)) }
        case .json:
            Console.out(
                ErrorReport(code: error.code.rawValue, message: error.description, component: error.component?.rawValue, position: error.position)
                    .json)
        }
    }

    private func report(_ error: URLPatternMatchError) {
        switch format {
        case .text: Console.err("error: \(error)")
        case .json: Console.out(ErrorReport(code: error.code.rawValue, message: error.description, component: nil, position: nil).json)
        }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    private func printText(_ result: URLPatternResult?, _ compiled: URLPattern) {
        guard let result else {
            Console.out("no match: \(url)")
            return
        }
        Console.out("match: \(url)")
        let shown = URLPattern.Component.allCases.filter { compiled[$0] != "*" }
        let wildcards = URLPattern.Component.allCases.filter { compiled[$0] == "*" }
        let nameWidth = shown.map(\.rawValue.count).max() ?? 0
        let inputWidth = shown.map { result[$0].input.count }.max() ?? 0
        for component in shown {
            let name = component.rawValue.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let input = result[component].input.padding(toLength: inputWidth, withPad: " ", startingAt: 0)
            let pattern = compiled[component].isEmpty ? "\"\"" : compiled[component]
            Console.out("  \(name)  \(input)  pattern \(pattern)")
            for (group, value) in result[component].groups {
                Console.out("    \(group) = \(value.map { $0.isEmpty ? "\"\"" : $0 } ?? "(did not participate)")")
            }
        }
        if !wildcards.isEmpty {
            Console.out("  (\(wildcards.map(\.rawValue).joined(separator: ", ")): any)")
        }
    }
}

/// The JSON document `match --format json` prints (documented in `Docs/CommandLine.md`).
struct MatchReport: Encodable {
    struct Group: Encodable {
        var name: String
        var value: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)  // null when the group did not participate
        }

        enum CodingKeys: String, CodingKey { case name, value }
    }

    struct Component: Encodable {
        var pattern: String
        var input: String?
        var groups: [Group]?
    }

    var matched: Bool
    var components: [String: Component]
    var hasRegExpGroups: Bool

    init(result: URLPatternResult?, pattern: URLPattern) {
        matched = result != nil
        hasRegExpGroups = pattern.hasRegExpGroups
        var components: [String: Component] = [:]
        for component in URLPattern.Component.allCases {
            components[component.rawValue] = Component(
                pattern: pattern[component], input: result?[component].input,
                groups: result.map { $0[component].groups.map { Group(name: $0.name, value: $0.value) } })
        }
        self.components = components
    }
}

struct ErrorReport: Encodable {
    struct Detail: Encodable {
        var code: String
        var message: String
        var component: String?
        var position: Int?
    }

    var error: Detail

    init(code: String, message: String, component: String?, position: Int?) {
        error = Detail(code: code, message: message, component: component, position: position)
    }
}
