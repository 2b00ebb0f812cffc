import Foundation
import Synchronization

/// Where commands write. The executable writes to the process's standard streams; tests
/// run commands in process with a ``CapturedConsole`` bound through ``Console/$current``.
public struct Console: Sendable {
    public enum Stream: Sendable { case standardOutput, standardError }

    let write: @Sendable (Stream, String) -> Void
    /// The next line of standard input, or nil at its end.
    let readLine: @Sendable () -> String?

    public init(write: @escaping @Sendable (Stream, String) -> Void, readLine: @escaping @Sendable () -> String? = { nil }) {
        self.write = write
        self.readLine = readLine
    }

    /// The console commands use; bind another with `Console.$current.withValue(…)`.
    @TaskLocal public static var current = Console.standard

    /// The process's standard output and standard error.
    public static let standard = Console(
        write: { stream, text in
            let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data(text.utf8))
        },
        readLine: { Swift.readLine() })

    static func out(_ line: String, terminator: String = "\n") { current.write(.standardOutput, line + terminator) }
    static func err(_ line: String, terminator: String = "\n") { current.write(.standardError, line + terminator) }
}

/// A console that keeps what commands write, for tests, and feeds them `input` lines.
public final class CapturedConsole: Sendable {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))
    private let input: Mutex<[String]>

    public init(input: [String] = []) {
        self.input = Mutex(input)
    }

    public var console: Console {
        Console(
            write: { [self] stream, text in
                self.buffers.withLock {
                    switch stream {
                    case .standardOutput: $0.out += text
                    case .standardError: $0.err += text
                    }
                }
            },
            readLine: { [self] in
                self.input.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            })
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { buffers.withLock { $0.out } }
    /// Everything written to standard error so far.
    public var standardError: String { buffers.withLock { $0.err } }
}
