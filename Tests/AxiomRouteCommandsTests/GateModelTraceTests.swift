import Foundation
import Testing

/// The gate's model and the code agree (Docs/Middleware.md, "The model"): every sample trace of
/// Verification/gate.pml (a random run of the model, with what the model says the state is after
/// each step), and every counterexample class SPIN finds in the model's planted faults, run as a
/// `simulate` script on the real flow over Verification/gate.routes, holds every expectation.
/// (`Verification/check` keeps the traces the model's own.)
@Suite struct GateModelTraceTests {
    static let folder: String = {
        var path = #filePath
        while let slash = path.lastIndex(of: "/") {
            path = String(path[..<slash])
            if path.hasSuffix("/Tests") { return String(path.dropLast("/Tests".count)) + "/Verification" }
        }
        return "Verification"
    }()

    static func scripts(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".sim") }.sorted().map { folder + "/" + $0 }
    }

    @Test func theModelsTracesAndCounterexamplesAreThere() {
        #expect(Self.scripts("traces").count >= 126)
        #expect(Self.scripts("counterexamples").count >= 4)
    }

    @Test(arguments: scripts("traces") + scripts("counterexamples"))
    func theRealFlowDoesWhatTheModelSays(script: String) async throws {
        let run = await executeCommand("simulate", "--routes", Self.folder + "/gate.routes", Self.folder + "/" + script)
        #expect(run.status == 0, "\(script):\n\(run.out.split(separator: "\n").filter { $0.contains("FAILED") || $0.contains("expected") }.joined(separator: "\n"))\n\(run.err)")
        // Each script checks the state after every step: a run that held nothing proves nothing.
        let held = run.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(held.hasPrefix("passed:") && !held.contains(" 0 expectations"), "\(script): \(held)")
    }
}
