import AxiomRouting
import Foundation
import FuzzSupport

/// Arbitrary bytes as a route-table snapshot's binary form, sealed with its checksum here so the
/// fuzzer reaches the reader itself (a checksum it had to guess would stop nearly every input at
/// the door). Oracles: loading ends in a router or a `RouterSnapshotError`, in bounded time; a
/// router that loads answers lookups, `explain` and reverse routing without trapping, and
/// written again it loads to the same text (nothing read is lost or invented).
///
/// `fuzz-snapshot --write-seed DIR` writes the default table's snapshot (unsealed) into DIR, the
/// seed `Fuzz/run` starts from.
@main struct Main {
    static func main() {
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--write-seed"), flag + 1 < arguments.count {
            do {
                let sources = try RouteSource.load(from: repositoryRoot + "/Routes")
                let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
                guard let bytes = Data(base64Encoded: RouterSnapshot.encode(router)) else { fatalError("the snapshot is not base64") }
                try FileManager.default.createDirectory(atPath: arguments[flag + 1], withIntermediateDirectories: true)
                try bytes.dropLast(8).write(to: URL(fileURLWithPath: arguments[flag + 1] + "/default"))
            } catch {
                fatalError("the seed was not written: \(error)")  // the fuzzer's own set-up, not input
            }
            exit(0)
        }
        runFuzzer { bytes in check(Array(bytes)) }
    }
}

/// FNV-1a, 64 bits: the snapshot's checksum.
func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
    }
    return hash
}

func check(_ body: [UInt8]) {
    let checksum = fnv1a(body)
    let sealed = body + (0..<8).map { UInt8(truncatingIfNeeded: checksum >> UInt64(8 * $0)) }
    let text = Data(sealed).base64EncodedString()
    let router: Router
    do {
        router = try Router(snapshot: text)
    } catch {
        _ = error.description
        return
    }
    for path in ["/", "/profile/42", "/posts/7/comments?sort=new", "/a/b/c", "/%FF", String(repeating: "/x", count: 40)] {
        _ = router.resolve(path: path)
        _ = router.resolve("myapp:/" + path)
        _ = router.explain("myapp:/" + path).candidates.count
    }
    for route in router.routes.prefix(50) { _ = try? router.url(for: route.name) }
    let again = RouterSnapshot.encode(router)
    do {
        let reloaded = try Router(snapshot: again)
        guard RouterSnapshot.encode(reloaded) == again else { oracleFailed("a loaded snapshot, written and loaded again, differs") }
    } catch {
        oracleFailed("a snapshot written from a loaded router does not load: \(error)")
    }
}
