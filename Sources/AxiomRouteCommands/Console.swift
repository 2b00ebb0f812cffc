import Foundation
import Synchronization

/// Where commands write. The executable writes to the process's standard streams; tests
/// run commands in process with a ``CapturedConsole`` bound through ``Console/$current``.
public struct Console: Sendable {
    public enum Stream: Sendable { case standardOutput, standardError }

    let write: @Sendable (Stream, String) -> Void

    public init(write: @escaping @Sendable (Stream, String) -> Void) {
        self.write = write
    }

    /// The console commands use; bind another with `Console.$current.withValue(…)`.
    @TaskLocal public static var current = Console.standard

    /// The process's standard output and standard error.
    public static let standard = Console { stream, text in
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }

    static func out(_ line: String, terminator: String = "\n") { current.write(.standardOutput, line + terminator) }
    static func err(_ line: String, terminator: String = "\n") { current.write(.standardError, line + terminator) }
}

/// A console that keeps what commands write, for tests.
public final class CapturedConsole: Sendable {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))

    public init() {}

    public var console: Console {
        Console { [self] stream, text in
            self.buffers.withLock {
                switch stream {
                case .standardOutput: $0.out += text
                case .standardError: $0.err += text
                }
            }
        }
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { buffers.withLock { $0.out } }
    /// Everything written to standard error so far.
    public var standardError: String { buffers.withLock { $0.err } }
}
