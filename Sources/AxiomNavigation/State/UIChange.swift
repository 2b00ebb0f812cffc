/// Something the UI already did on screen, reported to the flow with
/// ``NavigationFlow/uiDidChange(_:)``: a back swipe, a tab tapped, a sheet dragged down. The screen
/// has changed before the flow hears of it, so the change is not a request that could be refused:
/// the flow records it as it happened.
public enum UIChange: Sendable, Hashable, Codable {
    /// A stack was popped so that `entry` is its top (a back swipe or button, a
    /// `NavigationStack` path set shorter). The entry says which stack.
    case popped(to: EntryID)
    /// A tab was selected on the tab bar.
    case selectedTab(String)
    /// The modal at `level` (0: the bottom one) was dismissed, with every modal above it (a sheet
    /// dragged down; `.sheet(item:)` set to nil).
    case dismissed(level: Int)

    private enum CodingKeys: String, CodingKey { case poppedTo, selectedTab, dismissedLevel }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let entry = try container.decodeIfPresent(Int.self, forKey: .poppedTo) {
            self = .popped(to: EntryID(entry))
        } else if let tab = try container.decodeIfPresent(String.self, forKey: .selectedTab) {
            self = .selectedTab(tab)
        } else if let level = try container.decodeIfPresent(Int.self, forKey: .dismissedLevel) {
            self = .dismissed(level: level)
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "a UI change has 'poppedTo', 'selectedTab' or 'dismissedLevel'"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .popped(let entry): try container.encode(entry.rawValue, forKey: .poppedTo)
        case .selectedTab(let tab): try container.encode(tab, forKey: .selectedTab)
        case .dismissed(let level): try container.encode(level, forKey: .dismissedLevel)
        }
    }

    /// The kind of change, without its values: `ui-pop`, `ui-select-tab`, `ui-dismiss` (what
    /// analytics record as the command).
    public var name: String {
        switch self {
        case .popped: return "ui-pop"
        case .selectedTab: return "ui-select-tab"
        case .dismissed: return "ui-dismiss"
        }
    }

    /// A short name: `ui-pop(#3)`, `ui-select-tab(inbox)`, `ui-dismiss(0)`.
    public var summary: String {
        switch self {
        case .popped(let entry): return "ui-pop(\(entry))"
        case .selectedTab(let tab): return "ui-select-tab(\(tab))"
        case .dismissed(let level): return "ui-dismiss(\(level))"
        }
    }
}

extension NavigationState {
    /// The state after `change`, or why the state cannot take it (the UI is behind the flow: an
    /// entry, tab or modal that is not there). A change that changes nothing gives the state back.
    public func applying(_ change: UIChange) -> Result<NavigationState, NavigationError> {
        var next = self
        switch change {
        case .popped(let id):
            func popped(_ stack: [NavigationEntry]) -> [NavigationEntry]? {
                stack.firstIndex { $0.id == id }.map { Array(stack[...$0]) }
            }
            for level in modals.indices.reversed() {
                switch modals[level].content {
                case .stack(let stack):
                    if let popped = popped(stack) {
                        next.modals[level].content = .stack(popped)
                        return .success(next)
                    }
                case .tabs(var tabs):
                    for name in tabs.order {
                        guard let stack = tabs.stacks[name], let popped = popped(stack) else { continue }
                        tabs.stacks[name] = popped
                        next.modals[level].content = .tabs(tabs)
                        return .success(next)
                    }
                }
            }
            switch root {
            case .stack(let stack):
                if let popped = popped(stack) {
                    next.root = .stack(popped)
                    return .success(next)
                }
            case .tabs(var tabs):
                for name in tabs.order {
                    guard let stack = tabs.stacks[name], let popped = popped(stack) else { continue }
                    tabs.stacks[name] = popped
                    next.root = .tabs(tabs)
                    return .success(next)
                }
            }
            return .failure(.uiChangeNotApplicable("no stack holds entry \(id)"))
        case .selectedTab(let name):
            // A tab of the container on top (the one the user can tap), else one of the app's.
            if let top = modals.indices.last, var tabs = modals[top].tabs, tabs.stacks[name] != nil {
                tabs.selected = name
                next.modals[top].content = .tabs(tabs)
                return .success(next)
            }
            guard case .tabs(var tabs) = root else { return .failure(.uiChangeNotApplicable("the root has no tabs (tab '\(name)')")) }
            guard tabs.order.contains(name) else {
                return .failure(.uiChangeNotApplicable("there is no tab '\(name)' (the tabs are \(tabs.order.joined(separator: ", ")))"))
            }
            tabs.selected = name
            next.root = .tabs(tabs)
            return .success(next)
        case .dismissed(let level):
            guard modals.indices.contains(level) else {
                return .failure(.uiChangeNotApplicable("there is no modal at level \(level) (\(modals.count) presented)"))
            }
            next.modals.removeSubrange(level...)
            return .success(next)
        }
    }
}
