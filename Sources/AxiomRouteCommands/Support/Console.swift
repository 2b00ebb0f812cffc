import AxiomURLPattern
import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    import Musl
    private let systemRead = Musl.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Where commands write. The executable writes to the process's standard streams; tests
/// run commands in process with a ``CapturedConsole`` bound through ``Console/$current``.
public struct Console: Sendable {
    public enum Stream: Sendable { case standardOutput, standardError }

    let write: @Sendable (Stream, String) -> Void
    /// The next line of standard input, or nil at its end.
    let readLine: @Sendable () -> String?
    /// Writes out what `write` has buffered.
    let flush: @Sendable () -> Void

    public init(
        write: @escaping @Sendable (Stream, String) -> Void, readLine: @escaping @Sendable () -> String? = { nil },
        flush: @escaping @Sendable () -> Void = {}
    ) {
        self.write = write
        self.readLine = readLine
        self.flush = flush
    }

    /// The console commands use; bind another with `Console.$current.withValue(…)`.
    @TaskLocal public static var current = Console.standard

    /// The process's standard output and standard error, and standard input read in bounded
    /// lines (`LineReader`).
    ///
    /// Standard output is buffered and written out whenever the command is about to wait for
    /// input, when 64 KiB have gathered, before anything goes to standard error, and when the
    /// command ends (``AxiomRoute/execute(arguments:)`` flushes). So a program that writes one
    /// line and waits still gets its answer at once — the command flushes before it waits for
    /// the next line — while a stream of lines costs one write per 64 KiB, not one per line.
    public static let standard: Console = {
        let output = Locked(OutputBuffer())
        // Written out under the lock: two flushes from two threads cannot swap their bytes.
        @Sendable func flushOutput() {
            output.withLock { buffer in
                guard !buffer.bytes.isEmpty else { return }
                FileHandle.standardOutput.write(Data(buffer.bytes))
                buffer.bytes.removeAll(keepingCapacity: true)
            }
        }
        let input = Locked(LineReader(beforeWaiting: flushOutput))
        return Console(
            write: { stream, text in
                switch stream {
                case .standardOutput:
                    let full = output.withLock { buffer in
                        buffer.bytes.append(contentsOf: text.utf8)
                        return buffer.bytes.count >= OutputBuffer.capacity
                    }
                    if full { flushOutput() }
                case .standardError:
                    flushOutput()
                    FileHandle.standardError.write(Data(text.utf8))
                }
            },
            readLine: { input.withLock { $0.next() } },
            flush: flushOutput)
    }()

    static func out(_ line: String, terminator: String = "\n") { current.write(.standardOutput, line + terminator) }
    static func err(_ line: String, terminator: String = "\n") { current.write(.standardError, line + terminator) }
    /// Writes out whatever the current console has buffered.
    public static func flush() { current.flush() }
}

/// Standard output waiting to be written.
struct OutputBuffer {
    static let capacity = 1 << 16
    var bytes: [UInt8] = []
}

/// A console that keeps what commands write, for tests, and feeds them `input` lines.
public final class CapturedConsole: Sendable {
    private let buffers = Locked<(out: String, err: String)>(("", ""))
    private let input: Locked<[String]>

    public init(input: [String] = []) {
        self.input = Locked(input)
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

/// Standard input as lines, in bounded memory: it is read in 64 KiB chunks, and a line longer
/// than ``maxLine`` bytes keeps only its first ``maxLine`` bytes (the rest is read and dropped),
/// so one endless line cannot take all the memory. No input is longer than the router's limit
/// (8 KiB) and resolves, so the cut never changes an answer: the line still fails as too long.
struct LineReader {
    static let maxLine = 1 << 20
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private let read: () -> [UInt8]
    /// Called before each read, which may wait for input (the console writes out its
    /// buffered output there).
    private let beforeWaiting: () -> Void

    init(read: @escaping () -> [UInt8] = LineReader.readStandardInput, beforeWaiting: @escaping () -> Void = {}) {
        self.read = read
        self.beforeWaiting = beforeWaiting
    }

    /// Up to 64 KiB of standard input: what one `read` returns, so a line typed (or written by
    /// a program that then waits for the answer) is handed over at once.
    static func readStandardInput() -> [UInt8] {
        FileHandle.standardInput.availableDataOrEnd(upTo: 1 << 16)
    }

    /// The next line without its `\n` (and `\r`), or nil at the end of the input.
    mutating func next() -> String? {
        var line: [UInt8] = []
        var truncated = false
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                append(buffer[start..<newline], to: &line, truncated: &truncated)
                start = newline + 1
                return Self.text(line)
            }
            append(buffer[start...], to: &line, truncated: &truncated)
            buffer.removeAll(keepingCapacity: true)
            start = 0
            guard !atEnd else { return line.isEmpty && !truncated ? nil : Self.text(line) }
            beforeWaiting()
            buffer = read()
            if buffer.isEmpty { atEnd = true }
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8], truncated: inout Bool) {
        let room = Self.maxLine - line.count
        if bytes.count > room { truncated = true }
        line += bytes.prefix(max(0, room))
    }

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
}

extension Console {
    /// The whole text of `path`, or of standard input for `-`; an unreadable file is reported
    /// (naming it as `what`) and ends the command with status 2.
    static func text(of path: String, what: String) throws -> String {
        guard path != "-" else {
            var lines: [String] = []
            while let line = current.readLine() { lines.append(line) }
            return lines.joined(separator: "\n")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            err("error: cannot read the \(what) '\(path)'")
            throw ExitStatus.badInput.exitCode
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension FileHandle {
    /// One `read(2)` of up to `count` bytes (retried when interrupted): what is there now, or
    /// an empty array at the end of the input or on an error.
    func availableDataOrEnd(upTo count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let got = bytes.withUnsafeMutableBytes { buffer in systemRead(fileDescriptor, buffer.baseAddress, count) }
            if got < 0, errno == EINTR { continue }
            return got > 0 ? Array(bytes.prefix(got)) : []
        }
    }
}
