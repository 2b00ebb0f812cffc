/// The text of one route-table file and the name diagnostics use for it.
public struct RouteSource: Sendable, Hashable {
    /// As shown in diagnostics (`Routes/app.routes`); includes are resolved relative to it.
    public let name: String
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// Finds the file an `include` names, relative to the including file; nil when it does not
/// exist. ``RouteSource/fileResolver`` reads the file system.
public typealias IncludeResolver = @Sendable (_ path: String, _ includingFile: String) -> RouteSource?

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

/// Reads sources and their includes into one syntax tree, reporting missing and cyclic
/// includes.
struct RouteTableLoader {
    private(set) var syntax = RouteTableSyntax()
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sources: [String: String] = [:]
    private var firstDeclarations: [String: SourceLocation] = [:]
    private var loaded: Set<String> = []

    mutating func load(_ source: RouteSource, resolver: IncludeResolver?, stack: [String] = []) {
        guard !loaded.contains(source.name) else { return }
        loaded.insert(source.name)
        sources[source.name] = source.text
        let (includes, problems) = RouteTableParser.parse(
            file: source.name, text: source.text, into: &syntax, firstDeclarations: &firstDeclarations)
        diagnostics += problems
        for include in includes {
            let path = RouteSource.resolve(include.value, relativeTo: source.name)
            if stack.contains(path) || path == source.name {
                diagnostics.append(
                    Diagnostic(
                        .includeCycle, "'\(include.value)' includes itself (\((stack + [source.name, path]).joined(separator: " → ")))",
                        at: include.location, help: "remove this include"))
                continue
            }
            guard let included = resolver?(path, source.name) else {
                diagnostics.append(
                    Diagnostic(.includeNotFound, "cannot find included file '\(include.value)' (looked for '\(path)')", at: include.location))
                continue
            }
            load(included, resolver: resolver, stack: stack + [source.name])
        }
    }
}
