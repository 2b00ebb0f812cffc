import AxiomRouting

/// Loads one kind of data a route declares (`load profileData` in the table). The app registers
/// loaders by name on the flow (``NavigationFlow/loaders``); the flow runs those of every entry
/// a navigation adds, after the middleware and before the commit, all at once. Throwing ends
/// the navigation `failed(loaderFailed)` with nothing changed; a navigation that is superseded
/// while its loaders run cancels them (a loader should honour cancellation, as `URLSession`
/// does).
public typealias NavigationLoader = @Sendable (LoadRequest) async throws -> any Sendable

/// What a loader is asked to load for.
public struct LoadRequest: Sendable, Hashable {
    /// The loader's name, as the table writes it.
    public let loader: String
    /// The route and values of the entry the data is for.
    public let destination: Destination
    /// The entry the data is for: its context gets the data when it is created.
    public let entry: EntryID
    /// Where the navigation came from.
    public let source: NavigationSource
}

/// The data an entry's loaders produced, by loader name: what its context factory receives
/// (``ContextEnvironment/loaded``).
///
/// ```swift
/// let profile = environment.loaded["profileData", as: Profile.self]
/// ```
public struct LoadedData: Sendable {
    private let values: [String: any Sendable]

    init(_ values: [String: any Sendable]) { self.values = values }

    /// No data: for an entry whose route loads nothing.
    public static let empty = LoadedData([:])

    /// The value `name` loaded, as `T`; nil when there is none or it is of another type.
    public subscript<T>(_ name: String, as type: T.Type = T.self) -> T? { values[name] as? T }

    /// The names of the loaders that produced data, sorted.
    public var names: [String] { values.keys.sorted() }

    public var isEmpty: Bool { values.isEmpty }
}

extension NavigationFlow {
    /// How the loaders of a navigation ended.
    enum LoadOutcome {
        case loaded([EntryID: LoadedData], Duration)
        case ended(NavigationResult)
    }

    /// A loader's error, with its name.
    private struct LoaderError: Error {
        let name: String
        let error: any Error
    }

    /// Runs the loaders of the entries `plan` adds (those whose routes declare any), all at
    /// once, as a task the next request cancels (see ``cancelLoading()``). Ends the
    /// navigation when a loader is not registered or throws, or when it is superseded or
    /// cancelled meanwhile.
    /// Whether a request's loaders are running (they run off the main actor, in a task group):
    /// what the simulator waits for before it calls a step stuck.
    package var isLoading: Bool { loading != nil }

    func load(for request: NavigationRequest, adding entries: [NavigationEntry]) async -> LoadOutcome {
        var jobs: [(entry: EntryID, request: LoadRequest, loader: NavigationLoader)] = []
        for entry in entries {
            for name in router.route(named: entry.route)?.metadata.loaders ?? [] {
                guard let loader = loaders[name] else {
                    return .ended(.failed(.loaderNotRegistered(name, route: entry.route)))
                }
                jobs.append(
                    (entry.id, LoadRequest(loader: name, destination: entry.destination, entry: entry.id, source: entry.source), loader))
            }
        }
        guard !jobs.isEmpty else { return .loaded([:], .zero) }
        let clock = ContinuousClock()
        let started = clock.now
        let work = jobs.map { ($0.request, $0.loader) }
        let task = Task<[any Sendable], any Error> {
            try await withThrowingTaskGroup(of: (Int, any Sendable).self) { group in
                for (index, job) in work.enumerated() {
                    group.addTask {
                        do {
                            return (index, try await job.1(job.0))
                        } catch is CancellationError {
                            throw CancellationError()
                        } catch {
                            throw LoaderError(name: job.0.loader, error: error)
                        }
                    }
                }
                var values = [(any Sendable)?](repeating: nil, count: work.count)
                for try await (index, value) in group { values[index] = value }
                return values.map { $0 ?? () }
            }
        }
        loading = (request.id, task)
        let outcome = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        if loading?.id == request.id { loading = nil }
        guard latest == request.id else { return .ended(staleResult(request.id)) }
        guard !Task.isCancelled else { return .ended(.cancelled(.taskCancelled)) }
        switch outcome {
        case .failure(let error as LoaderError):
            return .ended(.failed(.loaderFailed(error.name, error: error.error)))
        case .failure:
            // Cancelled although still the latest and not cancelled itself: a loader threw
            // `CancellationError` on its own.
            return .ended(.failed(.loaderFailed(work.map(\.0.loader).joined(separator: ", "), message: "a loader threw CancellationError")))
        case .success(let values):
            var data: [EntryID: [String: any Sendable]] = [:]
            for (job, value) in zip(jobs, values) { data[job.entry, default: [:]][job.request.loader] = value }
            return .loaded(data.mapValues(LoadedData.init), clock.now - started)
        }
    }

    /// Cancels the loaders of the request running them: a newer request supersedes it.
    func cancelLoading() {
        loading?.task.cancel()
        loading = nil
    }
}
