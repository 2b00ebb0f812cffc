#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why route-table files could not be read.
public struct RouteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot read '\(path)': \(reason)" }
}

extension RouteSource {
    /// Reads a route-table file, or every `*.routes` file of a folder in name order.
    public static func load(from path: String) throws(RouteSourceError) -> [RouteSource] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RouteSourceError(path: path, reason: "no such file or folder")
        }
        // A folder lists; a file does not.
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [try read(path)] }
        let names = entries.filter { $0.hasSuffix(".routes") }.sorted()
        guard !names.isEmpty else { throw RouteSourceError(path: path, reason: "the folder has no '.routes' files") }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        var sources: [RouteSource] = []
        for name in names { sources.append(try read(folder + "/" + name)) }
        return sources
    }

    private static func read(_ path: String) throws(RouteSourceError) -> RouteSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RouteSourceError(path: path, reason: "the file cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw RouteSourceError(path: path, reason: "the file is not UTF-8 text")
        }
        return RouteSource(name: path, text: text)
    }

    /// Resolves `include`s by reading files relative to the including file.
    public static let fileResolver: IncludeResolver = { path, _ in
        (try? read(path))
    }

    /// Resolves `include`s among the given sources (by resolved name).
    public static func resolver(among sources: [RouteSource]) -> IncludeResolver {
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return { path, _ in byName[path] }
    }
}
