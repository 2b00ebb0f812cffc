#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RouteSource {
    /// Reads a route-table file, or every `*.routes` file of a folder in name order.
    public static func load(from path: String) throws(RouteSourceError) -> [RouteSource] {
        guard isFolder(path) else { return [try read(path)] }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw RouteSourceError(path: path, code: .unreadableFile, reason: "the folder cannot be listed (permission?)")
        }
        let names = entries.filter { $0.hasSuffix(".routes") }.sorted()
        guard !names.isEmpty else { throw RouteSourceError(path: path, code: .includeNotFound, reason: "the folder has no '.routes' files") }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let inside = confinement([folder], allowingOutside: false)
        var sources: [RouteSource] = []
        for name in names {
            // A link in the folder to a file elsewhere is not part of the table.
            try inside(folder + "/" + name)
            sources.append(try read(folder + "/" + name))
        }
        return sources
    }

    /// One file, with its symbolic links resolved as its identity; every way it cannot be
    /// read gets its own reason.
    static func read(_ path: String) throws(RouteSourceError) -> RouteSource {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else {
            if (try? files.destinationOfSymbolicLink(atPath: path)) != nil {
                throw RouteSourceError(path: path, code: .unreadableFile, reason: "a symbolic link that loops or leads nowhere")
            }
            throw RouteSourceError(path: path, code: .includeNotFound, reason: "no such file or folder")
        }
        guard !isFolder(path) else {
            throw RouteSourceError(path: path, code: .unreadableFile, reason: "a folder, not a file (name a '.routes' file)")
        }
        guard files.isReadableFile(atPath: path), let data = files.contents(atPath: path) else {
            throw RouteSourceError(path: path, code: .unreadableFile, reason: "permission denied")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw RouteSourceError(path: path, code: .unreadableFile, reason: "the file is not UTF-8 text")
        }
        return RouteSource(name: path, text: text, identity: realPath(path))
    }

    /// Whether `path` is a folder (or a link to one).
    static func isFolder(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: realPath(path))[.type] as? FileAttributeType) == .typeDirectory
    }

    /// The path with every symbolic link resolved (two spellings of one file are one file).
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Resolves `include`s by reading files relative to the including file, confined to the
    /// folders of `roots` (the files or folders given to load the table): an include that
    /// leads elsewhere — `include /etc/passwd`, `../../secrets.routes`, or a symbolic link out
    /// of the folder — is refused (`E314`) unless `allowingOutside` is true. Paths are
    /// compared after symbolic links are resolved.
    public static func fileResolver(roots: [String], allowingOutside: Bool = false) -> IncludeResolver {
        let inside = confinement(roots, allowingOutside: allowingOutside)
        return { path, _ throws(RouteSourceError) in
            // Checked before the file is looked at: an include cannot even tell whether a file
            // outside the folder exists.
            try inside(path)
            return try read(path)
        }
    }

    /// A check that throws ``DiagnosticCode/includeOutsideFolder`` for a path outside the
    /// folders of `roots` (files stand for their folder), symbolic links resolved.
    private static func confinement(_ roots: [String], allowingOutside: Bool) -> @Sendable (String) throws(RouteSourceError) -> Void {
        let folders = roots.map { root -> String in
            let folder = isFolder(root) ? root : String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)])
            let real = realPath(folder.isEmpty ? "." : folder)
            return real.hasSuffix("/") ? real : real + "/"
        }
        return { path throws(RouteSourceError) in
            guard !allowingOutside, !folders.contains(where: { realPath(path).hasPrefix($0) }) else { return }
            throw RouteSourceError(
                path: path, code: .includeOutsideFolder,
                reason: "it is outside the table's folder (\(folders.joined(separator: ", "))); includes stay inside it")
        }
    }

    /// Resolves `include`s among the given sources (by resolved name).
    public static func resolver(among sources: [RouteSource]) -> IncludeResolver {
        let byName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return { path, _ in byName[path] }
    }
}
