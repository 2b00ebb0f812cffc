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
/// The running target's bound, in milliseconds (set once, before libFuzzer starts).
nonisolated(unsafe) private var slowMilliseconds: Double = 100

/// CPU time of the calling thread, in seconds: what an input costs, whatever else the machine
/// is doing (wall-clock time on a loaded 2-core machine counts the other processes' turns).
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Inputs that take more CPU time than this are reported (`SLOW INPUT`) unless a target sets
/// its own: the bound the issue asks for, measured under AddressSanitizer (slower than a
/// release build).
public let slowInputLimit: Duration = .milliseconds(100)

/// Runs libFuzzer with the process's arguments over `body`, which gets each input; every input
/// is timed, one slower than `slowLimit` is printed, and the slowest is printed at exit.
public func runFuzzer(slowLimit: Duration = slowInputLimit, _ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
    target = body
    slowMilliseconds = Double(slowLimit.components.seconds) * 1000 + Double(slowLimit.components.attoseconds) / 1e15
    // FUZZ_SLOW_MS overrides the bound, to list the slowest inputs of a corpus (`-runs=0`).
    if let override = ProcessInfo.processInfo.environment["FUZZ_SLOW_MS"].flatMap(Double.init) { slowMilliseconds = override }
    atexit {
        report(String(format: "slowest input: %.2f ms (%d bytes)", slowest.milliseconds, slowest.size))
    }
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
        let start = threadCPUTime()
        target?(input)
        let milliseconds = (threadCPUTime() - start) * 1000
        if milliseconds > slowest.milliseconds { slowest = (milliseconds, size) }
        if milliseconds > slowMilliseconds {
            report(
                String(format: "SLOW INPUT: %.1f ms, %d bytes: ", milliseconds, size)
                    + String(decoding: input.prefix(200), as: UTF8.self).debugDescription)
            // Kept for replay (`fuzz-TARGET FILE`), beside libFuzzer's own findings.
            let file = (ProcessInfo.processInfo.environment["FUZZ_FINDINGS"] ?? ".") + "/slow-\(size)-\(Int(milliseconds))ms"
            _ = FileManager.default.createFile(atPath: file, contents: Data(input))
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
