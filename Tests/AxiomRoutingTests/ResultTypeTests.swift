import Testing

@testable import AxiomRouting

/// `result TYPE` under a route: the type of the answer its screen gives (Docs/Navigation.md,
/// "Screens that answer"), parsed, checked, kept by a snapshot, and used to check answers.
@Suite struct ResultTypeTests {
    func compile(_ text: String) -> RouteTableCompilation {
        Router.compile([RouteSource(name: "r.routes", text: text)])
    }

    @Test func theTypeIsTheRoutesAndTheSnapshotKeepsIt() throws {
        let router = try Router(source: RouteSource(name: "r.routes", text: "route pick /pick\n  result [enum(a, b)]\nroute plain /p\n"))
        #expect(router.route(named: "pick")?.metadata.result == .list(.enumeration(["a", "b"])))
        #expect(router.route(named: "plain")?.metadata.result == nil)
        let loaded = try Router(snapshot: RouterSnapshot.encode(router))
        #expect(loaded.route(named: "pick")?.metadata.result == .list(.enumeration(["a", "b"])))
        #expect(loaded.route(named: "plain")?.metadata.result == nil)
    }

    @Test func typesNoAnswerIsHeldInAreRefusedWithTheirPlace() {
        for type in ["path", "rest", "url(https)"] {
            let diagnostics = compile("route pick /pick\n  result \(type)\n").diagnostics
            #expect(diagnostics.map(\.code) == [.unknownType], "\(type)")
            #expect(diagnostics.first?.location.line == 2 && diagnostics.first?.location.column == 10, "\(type)")
            #expect(diagnostics.first?.message.contains("a screen's result is string, int") == true, "\(type)")
        }
        #expect(compile("route pick /pick\n  result string\n  result int\n").diagnostics.map(\.code) == [.duplicateProperty])
        #expect(compile("route pick /pick\n  result\n").diagnostics.hasErrors)
        #expect(compile("route pick /pick\n  result integer\n").diagnostics.map(\.code) == [.unknownType])
    }

    @Test func anAnswerIsCheckedAgainstTheType() {
        #expect(ParameterType.string.answer(.string("x")) == .string("x"))
        #expect(ParameterType.string.answer(.int(1)) == nil)
        #expect(ParameterType.enumeration(["a", "b"]).answer(.string("b")) == .string("b"))
        #expect(ParameterType.enumeration(["a", "b"]).answer(.string("c")) == nil)
        #expect(ParameterType.list(.int).answer(.list([.int(1), .int(2)])) == .list([.int(1), .int(2)]))
        #expect(ParameterType.list(.int).answer(.list([.int(1), .string("2")])) == nil)
        // A list of strings written as a path is the same answer, held as a list.
        #expect(ParameterType.list(.string).answer(.path(["a", "b"])) == .list([.string("a"), .string("b")]))
        #expect(ParameterType.list(.int).answer(.path(["1"])) == nil)
    }
}
