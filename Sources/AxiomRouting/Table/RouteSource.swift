/// The text of one route-table file and the name diagnostics use for it.
public struct RouteSource: Sendable, Hashable {
    /// As shown in diagnostics (`Routes/app.routes`); includes are resolved relative to it.
    public let name: String
    public let text: String
    /// What makes two sources the same file (a file's path with its symbolic links resolved);
    /// the name when nil. A file included twice, under any spelling, is read once.
    public let identity: String?

    public init(name: String, text: String, identity: String? = nil) {
        self.name = name
        self.text = text
        self.identity = identity
    }
}

/// Finds the file an `include` names, relative to the including file; nil when it does not
/// exist, or a ``RouteSourceError`` that says why it cannot be used.
/// ``RouteSource/fileResolver(roots:allowingOutside:)`` reads the file system.
public typealias IncludeResolver = @Sendable (_ path: String, _ includingFile: String) throws(RouteSourceError) -> RouteSource?

extension RouteSource {
    /// Joins `path` to the folder of `file` (`Routes/app.routes` + `more.routes` →
    /// `Routes/more.routes`), resolving `.` and `..`.
    static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return path }
        var components = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != "..", !last.isEmpty { components.removeLast() } else { components.append("..") }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}

/// Reads sources and their includes into one syntax tree, reporting missing, unreadable and
/// cyclic includes. A file is read once however many includes name it (by its
/// ``RouteSource/identity``), includes nest at most ``maxDepth`` deep, and a table reads at most
/// ``maxFiles`` files: an include bomb ends with a diagnostic, not a hang.
struct RouteTableLoader {
    static let maxDepth = 16
    static let maxFiles = 512

    private(set) var syntax = RouteTableSyntax()
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sources: [String: String] = [:]
    private var firstDeclarations: [String: SourceLocation] = [:]
    private var loaded: Set<String> = []

    mutating func load(_ source: RouteSource, resolver: IncludeResolver?, stack: [String] = []) {
        guard loaded.insert(source.identity ?? source.name).inserted else { return }
        // A UTF-8 byte order mark (some editors write one) is not part of the text.
        let text = source.text.hasPrefix("\u{FEFF}") ? String(source.text.dropFirst()) : source.text
        sources[source.name] = text
        syntax.files.append(source.name)
        let (includes, problems) = RouteTableParser.parse(
            file: source.name, text: text, into: &syntax, firstDeclarations: &firstDeclarations)
        diagnostics += problems
        for include in includes {
            let path = RouteSource.resolve(include.value, relativeTo: source.name)
            if stack.contains(path) || path == source.name {
                diagnostics.append(
                    .includeCycle(include, chain: stack + [source.name, path]))
                continue
            }
            guard stack.count + 1 < Self.maxDepth else {
                diagnostics.append(
                    .includesTooDeep(include, limit: Self.maxDepth))
                continue
            }
            guard loaded.count < Self.maxFiles else {
                diagnostics.append(
                    .tooManyFiles(include, limit: Self.maxFiles))
                return
            }
            let included: RouteSource?
            do {
                included = try resolver?(path, source.name)
            } catch {
                diagnostics.append(.cannotInclude(include, error))
                continue
            }
            guard let included else {
                diagnostics.append(
                    .includeNotFound(include, lookedFor: path))
                continue
            }
            load(included, resolver: resolver, stack: stack + [source.name])
        }
    }
}
