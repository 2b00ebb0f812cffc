import Testing

/// `navigate-to` and `set start` give query values as app code does (issue 51): a value named as
/// one of the route's query parameters is a query value, not an unknown parameter.
@Suite struct ScriptQueryValueTests {
    @Test func navigateToAndStartTakeQueryValues() async {
        let script = """
            set signed-in
            set start profile userId=1 tab=media
            navigate-to profile userId=42 tab=likes
            expect result completed
            """
        let run = await executeCommand("simulate", "-", input: script.split(separator: "\n").map(String.init))
        #expect(run.status == 0, "\(run.out)\n\(run.err)")
        #expect(run.out.contains("profile(userId: 1)?tab=media"), "\(run.out)")
        #expect(run.out.contains("profile(userId: 42)?tab=likes"), "\(run.out)")
        // A value of neither kind is still the script's mistake, with its name.
        let bad = await executeCommand("simulate", "-", input: ["set signed-in", "navigate-to profile userId=42 colour=red", "expect result completed"])
        #expect(bad.status == 1)
        #expect(bad.out.contains("failed.unknown-parameter"), "\(bad.out)")
    }
}
