import ArgumentParser
import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// What a simulation did, written step by step as it happens (nothing is kept but the
/// totals and the last state shown): text, or JSON streamed in the same shape.
struct SimulationReport {
    /// How much of the state each navigation prints.
    enum StateDetail: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// The whole state outline.
        case full
        /// Only the lines that changed, each stack cut to what changed: linear in the steps.
        case changes
    }

    let format: OutputFormat
    let detail: StateDetail
    private(set) var steps = 0
    /// The state printed last (for `changes`).
    private var shown: NavigationState?

    init(format: OutputFormat, state: StateDetail) {
        self.format = format
        self.detail = state
    }

    mutating func begin(_ initial: NavigationState) {
        shown = initial
        switch format {
        case .text: Console.out((["start"] + Self.indent(initial.outline)).joined(separator: "\n"))
        case .json: Console.out("{\n  \"initial\" : " + JSONState(initial).json.indented(by: 2).dropFirst(2) + ",\n  \"steps\" : [", terminator: "")
        }
    }

    mutating func add(_ step: SimulationStep) {
        let changes = step.state.flatMap { state in detail == .changes ? Self.changes(from: shown, to: state) : nil }
        switch format {
        case .text:
            var lines = ["\(step.line): \(step.text)"]
            if let passed = step.passed {
                lines.append(passed ? "  ok" : "  FAILED: " + (step.detail ?? ""))
            } else if let result = step.result {
                lines.append("  → " + result + (step.detail.map { ": " + $0 } ?? ""))
            } else if let detail = step.detail {
                lines.append("  " + detail)
            }
            if let state = step.state { lines += changes.map { $0.map { "  " + $0 } } ?? Self.indent(state.outline) }
            Console.out(lines.joined(separator: "\n"))
        case .json:
            let json = JSONStep(
                line: step.line, step: step.text, result: step.result, detail: step.detail,
                state: detail == .full ? step.state.map(JSONState.init) : nil, changes: changes, passed: step.passed)
            Console.out((steps == 0 ? "\n" : ",\n") + json.json.indented(by: 4), terminator: "")
        }
        if let state = step.state { shown = state }
        steps += 1
    }

    func end(_ outcome: SimulationOutcome) {
        let (expectations, failedExpectations) = (outcome.expectations, outcome.failedExpectations)
        switch format {
        case .text:
            Console.out(
                failedExpectations == 0
                    ? "passed: \(steps) steps, \(expectations) expectations held"
                    : "FAILED: \(failedExpectations) of \(expectations) expectations did not hold")
        case .json:
            Console.out(
                (steps == 0 ? "" : "\n  ")
                    + "],\n  \"expectations\" : \(expectations),\n  \"failedExpectations\" : \(failedExpectations),\n  \"passed\" : \(failedExpectations == 0)\n}"
            )
        }
    }

    private static func indent(_ outline: String) -> [String] {
        outline.split(separator: "\n").map { "  " + $0 }
    }

    /// The outline lines that changed from `old` to `new`, each stack shown from the last entry
    /// it still shares with before (`home: … > #4 post(postId: 7) > #5 comments(postId: 7)`);
    /// `(no change)` when nothing did.
    static func changes(from old: NavigationState?, to new: NavigationState) -> [String] {
        var lines: [String] = []
        func stack(_ label: String, _ before: [NavigationEntry]?, _ after: [NavigationEntry]) {
            let old = before ?? []
            var shared = 0
            while shared < old.count, shared < after.count, old[shared].id == after[shared].id { shared += 1 }
            guard before == nil || shared != old.count || shared != after.count else { return }
            let from = max(0, shared - 1)
            let shown = after[from...].map(\.outline).joined(separator: " > ")
            lines.append(label + ": " + (from > 0 ? "… > " : "") + (after.isEmpty ? "(empty)" : shown))
        }
        switch (old?.root, new.root) {
        case (.tabs(let before)?, .tabs(let after)):
            if before.selected != after.selected || before.order != after.order {
                lines.append("tabs: " + after.order.map { $0 == after.selected ? $0 + "*" : $0 }.joined(separator: ", "))
            }
            for name in after.order { stack("  " + name, before.stacks[name], after.stacks[name] ?? []) }
        case (_, .tabs):
            lines += new.outline.split(separator: "\n").prefix { !$0.hasPrefix("modal ") }.map(String.init)
        case (.stack(let before)?, .stack(let after)):
            stack("stack", before, after)
        case (_, .stack(let after)):
            stack("stack", nil, after)
        }
        let oldModals = old?.modals ?? []
        for (index, modal) in new.modals.enumerated() {
            let before = index < oldModals.count && oldModals[index].style == modal.style ? oldModals[index].stack : nil
            stack("modal \(modal.style.rawValue)", before, modal.stack)
        }
        for modal in oldModals.dropFirst(new.modals.count) { lines.append("modal \(modal.style.rawValue): dismissed") }
        return lines.isEmpty ? ["(no change)"] : lines
    }

    struct JSONStep: Encodable {
        let line: Int
        let step: String
        let result: String?
        let detail: String?
        let state: JSONState?
        /// With `--state changes`: the outline lines that changed.
        let changes: [String]?
        let passed: Bool?
    }
}

/// A navigation state as JSON: `{"tabs": [{"name", "selected", "stack"}]}` or
/// `{"stack": [...]}`, plus `"modals": [{"style", "stack"}]` and `"visible"` (an entry id).
struct JSONState: Encodable {
    struct Entry: Encodable {
        let id: Int
        let route: String
        let parameters: [String: JSONRouteValue]
        let query: [String: JSONRouteValue]

        init(_ entry: NavigationEntry) {
            id = entry.id.rawValue
            route = entry.route
            parameters = Dictionary(entry.destination.parameters.map { ($0.name, JSONRouteValue(value: $0.value)) }, uniquingKeysWith: { $1 })
            query = Dictionary(entry.destination.query.map { ($0.name, JSONRouteValue(value: $0.value)) }, uniquingKeysWith: { $1 })
        }
    }
    struct Tab: Encodable {
        let name: String
        let selected: Bool
        let stack: [Entry]
    }
    struct Modal: Encodable {
        let style: String
        let stack: [Entry]
    }

    let stack: [Entry]?
    let tabs: [Tab]?
    let modals: [Modal]
    let visible: Int?

    init(_ state: NavigationState) {
        switch state.root {
        case .stack(let entries):
            stack = entries.map(Entry.init)
            tabs = nil
        case .tabs(let value):
            stack = nil
            tabs = value.order.map { Tab(name: $0, selected: $0 == value.selected, stack: (value.stacks[$0] ?? []).map(Entry.init)) }
        }
        modals = state.modals.map { Modal(style: $0.style.rawValue, stack: $0.stack.map(Entry.init)) }
        visible = state.visible?.id.rawValue
    }
}
