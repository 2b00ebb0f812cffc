import AxiomRouteCommands
import Foundation
import Testing

/// Runs `axiom-route` in process and returns its exit status and output.
func runCommand(_ arguments: String..., input: [String] = []) -> (status: Int32, out: String, err: String) {
    let captured = CapturedConsole(input: input)
    let status = Console.$current.withValue(captured.console) {
        AxiomRoute.run(arguments: arguments)
    }
    return (status, captured.standardOutput, captured.standardError)
}

@Suite struct MatchCommandTests {
    @Test func seedsProfileExamplePrintsTheGroupAndExitsZero() {
        let run = runCommand("match", "app://profile/:userId", "app://profile/42")
        #expect(run.status == 0)
        #expect(run.out.contains("    userId = 42\n"))
        #expect(run.out.contains("pathname  /42"))
        #expect(run.err.isEmpty)
    }

    @Test func seedsSettingsExamplePrintsTheWildcardGroup() {
        let run = runCommand("match", "https://example.com/settings/*", "https://example.com/settings/privacy/ads")
        #expect(run.status == 0)
        #expect(run.out.contains("    0 = privacy/ads\n"))
    }

    @Test func noMatchExitsOne() {
        let run = runCommand("match", "app://profile/:userId", "app://settings/42")
        #expect(run.status == 1)
        #expect(run.out == "no match: app://settings/42\n")
    }

    @Test func invalidPatternExitsTwoWithThePositionMarked() {
        let run = runCommand("match", "https://example.com/:id/:id", "https://example.com/1/2")
        #expect(run.status == 2)
        #expect(run.err.contains("invalid pathname pattern '/:id/:id' at offset 5: duplicate group name 'id'"))
        #expect(run.err.contains("  /:id/:id\n       ^\n"))
        #expect(run.out.isEmpty)
    }

    @Test func invalidURLExitsTwo() {
        let run = runCommand("match", "https://example.com/*", "not a url")
        #expect(run.status == 2)
        #expect(run.err.contains("invalid URL: missing scheme"))
    }

    @Test func baseURLResolvesARelativePatternAndURL() {
        let run = runCommand("match", "/books/:id", "/books/7", "--base", "https://example.com")
        #expect(run.status == 0)
        #expect(run.out.contains("    id = 7\n"))
    }

    @Test func ignoreCaseFlagMatchesThePathCaseInsensitively() {
        #expect(runCommand("match", "https://example.com/Books", "https://example.com/books").status == 1)
        #expect(runCommand("match", "https://example.com/Books", "https://example.com/books", "--ignore-case").status == 0)
    }

    @Test func jsonOutputHasEveryComponentWithOrderedGroups() throws {
        let run = runCommand("match", "https://example.com/:a/:b?", "https://example.com/x", "--format", "json")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["matched"] as? Bool == true)
        let components = try #require(object["components"] as? [String: [String: Any]])
        #expect(Set(components.keys) == ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"])
        let pathname = try #require(components["pathname"])
        #expect(pathname["input"] as? String == "/x")
        #expect(pathname["pattern"] as? String == "/:a/:b?")
        let groups = try #require(pathname["groups"] as? [[String: Any]])
        #expect(groups.map { $0["name"] as? String } == ["a", "b"])
        #expect(groups[0]["value"] as? String == "x")
        #expect(groups[1]["value"] is NSNull)
    }

    @Test func jsonNoMatchHasPatternsButNoInputsOrGroups() throws {
        let run = runCommand("match", "app://profile/:userId", "app://settings/1", "--format", "json")
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["matched"] as? Bool == false)
        let pathname = try #require((object["components"] as? [String: [String: Any]])?["pathname"])
        #expect(pathname["pattern"] as? String == "/:userId")
        #expect(pathname["input"] == nil)
        #expect(pathname["groups"] == nil)
    }

    @Test func helpExitsZeroAndListsTheCommand() {
        let run = runCommand("--help")
        #expect(run.status == 0)
        #expect(run.out.contains("match"))
        #expect(runCommand("match", "--help").out.contains("--ignore-case"))
    }

    @Test func jsonErrorsAreObjectsWithACode() throws {
        let run = runCommand("match", "https://example.com/(foo", "https://example.com/x", "--format", "json")
        #expect(run.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? String == "invalid-regexp-group")
        #expect(error["component"] as? String == "pathname")
        #expect(error["position"] as? Int == 1)
    }

    @Test func badUsageExitsTwo() {
        let run = runCommand("match", "only-one-argument")
        #expect(run.status == 2)
        #expect(run.err.contains("Missing expected argument"))
        #expect(runCommand("match", "a://b", "a://b", "--format", "yaml").status == 2)
    }
}
