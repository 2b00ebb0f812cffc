#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The settings a flow ran with, as a journal's `begin` record carries them: the flow's
/// configuration (each setting by name, as text: ``configuration`` reads it back) and its
/// middleware in pipeline order, each with the settings that decide what it does
/// (``NavigationMiddleware/journalSettings``). Replay checks them before the first step
/// (``JournalReplay``).
public struct JournalSettings: Sendable, Hashable, Codable {
    /// One middleware of the pipeline: its ``NavigationMiddleware/journalName`` and settings.
    public struct Middleware: Sendable, Hashable, Codable {
        public var name: String
        public var settings: [String: String]

        public init(name: String, settings: [String: String] = [:]) {
            self.name = name
            self.settings = settings
        }
    }

    /// The flow's configuration, each setting by name (`maxRedirects`: `"5"`).
    public var flow: [String: String]
    /// In pipeline order (outermost first).
    public var middleware: [Middleware]

    public init(flow: [String: String], middleware: [Middleware]) {
        self.flow = flow
        self.middleware = middleware
    }

    /// How `other` (the flow a replay runs on) differs from these settings (the recording's):
    /// each difference as one line naming the setting and both values; empty when none.
    public func differences(from other: JournalSettings) -> [String] {
        var lines: [String] = []
        for (name, value) in flow where other.flow[name] != value {
            lines.append("the flow's \(name) was \(value), here \(other.flow[name] ?? "unset")")
        }
        let names = middleware.map(\.name)
        let otherNames = other.middleware.map(\.name)
        guard names == otherNames else {
            let shown = { (list: [String]) in list.isEmpty ? "none" : list.joined(separator: ", ") }
            lines.append("the middleware were \(shown(names)), here \(shown(otherNames))")
            return lines.sorted()
        }
        for (mine, theirs) in zip(middleware, other.middleware) {
            for key in Set(mine.settings.keys).union(theirs.settings.keys).sorted() where mine.settings[key] != theirs.settings[key] {
                lines.append("\(mine.name)'s \(key) was \(mine.settings[key] ?? "unset"), here \(theirs.settings[key] ?? "unset")")
            }
        }
        return lines.sorted()
    }
}

extension NavigationJournal {
    /// The journal format written: 2 (steps are objects with a `kind`; the `begin` record carries
    /// the format and the flow's settings). Format 1 (steps keyed by their name, no settings) is
    /// still read.
    public nonisolated static let formatVersion = 2
}

/// A step as JSON (format 2): `{"kind": "navigate", "destination": {…}, "source": "deepLink"}`,
/// `{"kind": "open", "url": "…", "source": "…"}`, `{"kind": "openLinks", "urls": ["…", "…"], "source": "…"}`, `{"kind": "command", "command": {"name": "popTo",
/// "route": "feed", "inclusive": false}, "source": "inApp"}`, `{"kind": "begin", "format": 2,
/// "state": {…}, "settings": {…}}` … (the schema: `Docs/schemas/journal-record.schema.json`).
extension JournalStep: Codable {
    private enum Key: String, CodingKey {
        case kind, format, state, settings, destination, source, url, urls, command, change, principal, caller, result
    }

    private enum Kind: String, Codable, CaseIterable {
        case begin, navigate, open, openLinks, command, restore, start, signIn, signOut, replaceTable, ui, settings, navigateForResult, awaitResult
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .begin(let state, let settings):
            try container.encode(Kind.begin, forKey: .kind)
            try container.encode(NavigationJournal.formatVersion, forKey: .format)
            try container.encode(state, forKey: .state)
            try container.encodeIfPresent(settings, forKey: .settings)
        case .navigate(let destination, let source):
            try container.encode(Kind.navigate, forKey: .kind)
            try container.encode(destination, forKey: .destination)
            try container.encode(source, forKey: .source)
        case .open(let url, let source):
            try container.encode(Kind.open, forKey: .kind)
            try container.encode(url, forKey: .url)
            try container.encode(source, forKey: .source)
        case .openLinks(let urls, let source):
            try container.encode(Kind.openLinks, forKey: .kind)
            try container.encode(urls, forKey: .urls)
            try container.encode(source, forKey: .source)
        case .command(let command, let source):
            try container.encode(Kind.command, forKey: .kind)
            try container.encode(JournalCommand(command), forKey: .command)
            try container.encode(source, forKey: .source)
        case .restore(let state, let source):
            try container.encode(Kind.restore, forKey: .kind)
            try container.encode(state, forKey: .state)
            try container.encode(source, forKey: .source)
        case .start: try container.encode(Kind.start, forKey: .kind)
        case .signIn(let principal):
            try container.encode(Kind.signIn, forKey: .kind)
            try container.encodeIfPresent(principal, forKey: .principal)
        case .signOut: try container.encode(Kind.signOut, forKey: .kind)
        case .replaceTable: try container.encode(Kind.replaceTable, forKey: .kind)
        case .ui(let change):
            try container.encode(Kind.ui, forKey: .kind)
            try container.encode(change, forKey: .change)
        case .settings(let settings):
            try container.encode(Kind.settings, forKey: .kind)
            try container.encode(settings, forKey: .settings)
        case .navigateForResult(let destination, let source, let caller):
            try container.encode(Kind.navigateForResult, forKey: .kind)
            try container.encode(destination, forKey: .destination)
            try container.encode(source, forKey: .source)
            try container.encodeIfPresent(caller, forKey: .caller)
        case .awaitResult(let id):
            try container.encode(Kind.awaitResult, forKey: .kind)
            try container.encode(id, forKey: .result)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.contains(.kind) else {
            // Format 1: the step's name as the key of its associated values.
            self = try LegacyJournalStep(from: decoder).step
            return
        }
        let name = try container.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: name) else {
            throw JournalFormatError(line: 0, message: "'\(name)' is not a step (one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        switch kind {
        case .begin:
            let format = try container.decode(Int.self, forKey: .format)
            guard (1...NavigationJournal.formatVersion).contains(format) else {
                throw JournalFormatError(
                    line: 0,
                    message:
                        "the journal is format \(format); this version reads formats 1 to \(NavigationJournal.formatVersion) (replay it with the version that wrote it)"
                )
            }
            self = .begin(
                try container.decode(NavigationState.self, forKey: .state),
                settings: try container.decodeIfPresent(JournalSettings.self, forKey: .settings))
        case .navigate:
            self = .navigate(
                try container.decode(Destination.self, forKey: .destination), source: try container.decode(NavigationSource.self, forKey: .source))
        case .open:
            self = .open(url: try container.decode(String.self, forKey: .url), source: try container.decode(NavigationSource.self, forKey: .source))
        case .openLinks:
            self = .openLinks(
                urls: try container.decode([String].self, forKey: .urls), source: try container.decode(NavigationSource.self, forKey: .source))
        case .command:
            self = .command(
                try container.decode(JournalCommand.self, forKey: .command).command,
                source: try container.decode(NavigationSource.self, forKey: .source))
        case .restore:
            self = .restore(
                try container.decode(NavigationState.self, forKey: .state), source: try container.decode(NavigationSource.self, forKey: .source))
        case .start: self = .start
        case .signIn: self = .signIn(as: try container.decodeIfPresent(Principal.self, forKey: .principal))
        case .signOut: self = .signOut
        case .replaceTable: self = .replaceTable
        case .ui: self = .ui(try container.decode(UIChange.self, forKey: .change))
        case .settings: self = .settings(try container.decode(JournalSettings.self, forKey: .settings))
        case .navigateForResult:
            self = .navigateForResult(
                try container.decode(Destination.self, forKey: .destination), source: try container.decode(NavigationSource.self, forKey: .source),
                caller: try container.decodeIfPresent(EntryID.self, forKey: .caller))
        case .awaitResult: self = .awaitResult(try container.decode(ResultID.self, forKey: .result))
        }
    }
}

/// A command as the journal writes it: `{"name": "push", "destination": {…}}`, `{"name": "back"}`,
/// `{"name": "popTo", "route": "feed", "inclusive": true}`, `{"name": "present", "destination":
/// {…}, "style": "sheet"}`, `{"name": "selectTab", "tab": "inbox"}`, `{"name": "setStack",
/// "destinations": […]}`.
private struct JournalCommand: Codable {
    let command: NavigationCommand

    init(_ command: NavigationCommand) { self.command = command }

    private enum Key: String, CodingKey {
        case name, destination, destinations, route, inclusive, style, tab, entry, value
    }

    private static let names = [
        "push", "pop", "popToRoot", "popTo", "popToDestination", "replace", "present", "dismiss", "selectTab", "resetTab", "setStack", "back",
        "answer", "popToSaving", "pushRestoring", "switchStack",
    ]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch command {
        case .push(let destination):
            try container.encode("push", forKey: .name)
            try container.encode(destination, forKey: .destination)
        case .pop: try container.encode("pop", forKey: .name)
        case .popToRoot: try container.encode("popToRoot", forKey: .name)
        case .popTo(let route, let inclusive):
            try container.encode("popTo", forKey: .name)
            try container.encode(route, forKey: .route)
            try container.encode(inclusive, forKey: .inclusive)
        case .popToDestination(let destination, let inclusive):
            try container.encode("popToDestination", forKey: .name)
            try container.encode(destination, forKey: .destination)
            try container.encode(inclusive, forKey: .inclusive)
        case .replace(let destination):
            try container.encode("replace", forKey: .name)
            try container.encode(destination, forKey: .destination)
        case .present(let destination, let style):
            try container.encode("present", forKey: .name)
            try container.encode(destination, forKey: .destination)
            try container.encode(style, forKey: .style)
        case .dismiss: try container.encode("dismiss", forKey: .name)
        case .selectTab(let tab):
            try container.encode("selectTab", forKey: .name)
            try container.encode(tab, forKey: .tab)
        case .resetTab(let tab):
            try container.encode("resetTab", forKey: .name)
            try container.encode(tab, forKey: .tab)
        case .setStack(let destinations):
            try container.encode("setStack", forKey: .name)
            try container.encode(destinations, forKey: .destinations)
        case .back: try container.encode("back", forKey: .name)
        case .answer(let entry, let value):
            try container.encode("answer", forKey: .name)
            try container.encode(entry, forKey: .entry)
            try container.encode(value, forKey: .value)
        case .popToSaving(let route, let inclusive):
            try container.encode("popToSaving", forKey: .name)
            try container.encode(route, forKey: .route)
            try container.encode(inclusive, forKey: .inclusive)
        case .pushRestoring(let destination):
            try container.encode("pushRestoring", forKey: .name)
            try container.encode(destination, forKey: .destination)
        case .switchStack(let destination):
            try container.encode("switchStack", forKey: .name)
            try container.encode(destination, forKey: .destination)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let name = try container.decode(String.self, forKey: .name)
        switch name {
        case "push": command = .push(try container.decode(Destination.self, forKey: .destination))
        case "pop": command = .pop
        case "popToRoot": command = .popToRoot
        case "popTo":
            command = .popTo(
                try container.decode(String.self, forKey: .route), inclusive: try container.decodeIfPresent(Bool.self, forKey: .inclusive) ?? false)
        case "popToDestination":
            command = .popToDestination(
                try container.decode(Destination.self, forKey: .destination),
                inclusive: try container.decodeIfPresent(Bool.self, forKey: .inclusive) ?? false)
        case "replace": command = .replace(try container.decode(Destination.self, forKey: .destination))
        case "present":
            command = .present(
                try container.decode(Destination.self, forKey: .destination), style: try container.decode(ModalStyle.self, forKey: .style))
        case "dismiss": command = .dismiss
        case "selectTab": command = .selectTab(try container.decode(String.self, forKey: .tab))
        case "resetTab": command = .resetTab(try container.decode(String.self, forKey: .tab))
        case "setStack": command = .setStack(try container.decode([Destination].self, forKey: .destinations))
        case "back": command = .back
        case "answer": command = .answer(try container.decode(EntryID.self, forKey: .entry), with: try container.decode(RouteValue.self, forKey: .value))
        case "popToSaving":
            command = .popToSaving(try container.decode(String.self, forKey: .route), inclusive: try container.decode(Bool.self, forKey: .inclusive))
        case "pushRestoring": command = .pushRestoring(try container.decode(Destination.self, forKey: .destination))
        case "switchStack": command = .switchStack(to: try container.decode(Destination.self, forKey: .destination))
        default:
            throw JournalFormatError(line: 0, message: "'\(name)' is not a command (one of \(Self.names.joined(separator: ", ")))")
        }
    }
}

/// A step as format 1 wrote it (Swift's own encoding of the enum: `{"navigate": {"_0": {…},
/// "source": "deepLink"}}`), read and converted.
private enum LegacyJournalStep: Decodable {
    case begin(NavigationState)
    case navigate(Destination, source: NavigationSource)
    case open(url: String, source: NavigationSource)
    case command(LegacyCommand, source: NavigationSource)
    case restore(NavigationState, source: NavigationSource)
    case start
    case signIn
    case signOut
    case replaceTable
    case ui(UIChange)

    enum LegacyCommand: Decodable {
        case push(Destination)
        case pop
        case popToRoot
        case popTo(String, inclusive: Bool)
        case replace(Destination)
        case present(Destination, style: ModalStyle)
        case dismiss
        case selectTab(String)
        case resetTab(String)
        case setStack([Destination])
        case back

        var command: NavigationCommand {
            switch self {
            case .push(let destination): return .push(destination)
            case .pop: return .pop
            case .popToRoot: return .popToRoot
            case .popTo(let route, let inclusive): return .popTo(route, inclusive: inclusive)
            case .replace(let destination): return .replace(destination)
            case .present(let destination, let style): return .present(destination, style: style)
            case .dismiss: return .dismiss
            case .selectTab(let tab): return .selectTab(tab)
            case .resetTab(let tab): return .resetTab(tab)
            case .setStack(let destinations): return .setStack(destinations)
            case .back: return .back
            }
        }
    }

    var step: JournalStep {
        switch self {
        case .begin(let state): return .begin(state, settings: nil)
        case .navigate(let destination, let source): return .navigate(destination, source: source)
        case .open(let url, let source): return .open(url: url, source: source)
        case .command(let command, let source): return .command(command.command, source: source)
        case .restore(let state, let source): return .restore(state, source: source)
        case .start: return .start
        case .signIn: return .signIn(as: nil)
        case .signOut: return .signOut
        case .replaceTable: return .replaceTable
        case .ui(let change): return .ui(change)
        }
    }
}
