import Foundation

/// Draws DOT as SVG with Graphviz's `dot` (Debian's `graphviz` package, Homebrew's on macOS),
/// found on the `PATH`. Used by `routes --format svg`.
enum Graphviz {
    /// An error that stops the command with its message (exit 2).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `dot`'s path on the `PATH`, if it is installed.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The SVG `dot -Tsvg` draws for `source`.
    static func svg(_ source: String) throws -> String {
        guard let executable else {
            throw Failure(description: "error: Graphviz's 'dot' is not on the PATH: install Graphviz (apt-get install graphviz), or use --format dot")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written from another thread while this one reads: a large drawing would otherwise
        // fill a pipe and stop both sides.
        let writer = input.fileHandleForWriting
        let bytes = Data(source.utf8)
        DispatchQueue.global().async {
            writer.write(bytes)
            try? writer.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "error: Graphviz's 'dot' failed: " + String(decoding: message, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
