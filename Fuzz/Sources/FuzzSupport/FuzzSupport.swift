import CFuzzer
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The body of the running fuzz target. Set once in `main` before libFuzzer starts and only
/// read after, by libFuzzer's one fuzzing thread: never written concurrently.
nonisolated(unsafe) private var target: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil
/// The slowest input so far (milliseconds, bytes), written only by that same thread.
nonisolated(unsafe) private var slowest: (milliseconds: Double, size: Int) = (0, 0)

/// Inputs slower than this are reported (`SLOW INPUT`): the bound the issue asks for.
public let slowInputLimit: Duration = .milliseconds(100)

/// Runs libFuzzer with the process's arguments over `body`, which gets each input; every input
/// is timed, one slower than ``slowInputLimit`` is printed, and the slowest is printed at exit.
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    target = body
    atexit {
        report(String(format: "slowest input: %.2f ms (%d bytes)", slowest.milliseconds, slowest.size))
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
        let clock = ContinuousClock()
        let start = clock.now
        target?(input)
        let elapsed = clock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        if milliseconds > slowest.milliseconds { slowest = (milliseconds, size) }
        if elapsed > slowInputLimit {
            report(String(format: "SLOW INPUT: %.1f ms, %d bytes: ", milliseconds, size) + String(decoding: input.prefix(200), as: UTF8.self).debugDescription)
        }
        return 0
    }
    exit(status)
}

/// An oracle failed: print what and stop the run (libFuzzer saves the input that did it).
public func oracleFailed(_ message: String) -> Never {
    report("ORACLE FAILED: \(message)")
    abort()
}

/// A line on standard error, unbuffered (it must be out before an abort).
func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The repository's root folder (the one above `Fuzz/`).
public let repositoryRoot: String = {
    var path = #filePath
    for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path
}()
