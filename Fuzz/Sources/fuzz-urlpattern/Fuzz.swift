import AxiomRouting
@_spi(Fuzzing) import AxiomURLPattern
import FuzzSupport

/// The first line is a URLPattern constructor string, the rest an input URL (and, after a
/// second line break, a base URL). Oracles: construction and matching never crash and end in
/// bounded time; `test` agrees with `exec`; a pattern that constructs never fails to compile
/// when matched; a pattern's own string constructs again; construction's one-pass readers
/// answer as the standard's tokenizer, parser and state machine do (`FastPathCheck`).
@main struct Main {
    static func main() {
        runFuzzer { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let source = parts[0]
            let input = parts.count > 1 ? parts[1] : ""
            let base = parts.count > 2 ? parts[2] : nil
            // A tenth of the default match limit: a match that spends it costs what PCRE2's
            // limit allows (Docs/Performance.md, "Bounded cost"); the time check is for
            // everything else, which must not grow with the input.
            if let problem = FastPathCheck.disagreement(source) { oracleFailed(problem) }
            let options = URLPattern.Options(limits: MatchLimits(matchLimit: 100_000))
            guard let pattern = try? URLPattern(source, baseURL: base, options: options) else { return }
            let tested = (try? pattern.testOrThrow(input)) ?? false
            let executed: URLPatternResult?
            do throws(URLPatternMatchError) {
                executed = try pattern.execOrThrow(input)
            } catch {
                // A pattern that constructed compiles at its first match: PCRE2 never refuses it then.
                if error.code == .regexpFailed { oracleFailed("\(error) for \(source.debugDescription) on \(input.debugDescription)") }
                executed = nil
            }
            if tested != (executed != nil) {
                oracleFailed("test says \(tested), exec says \(executed != nil) for \(source.debugDescription) on \(input.debugDescription)")
            }
            _ = pattern.pathname
            _ = pattern.hostname
        }
    }
}
