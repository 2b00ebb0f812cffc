/// A container the table declares, `container NAME modal(STYLE) [tabs(a, b, …)]`: a modal that
/// presents a stack of its own, or tabs each with its own stack — an onboarding, a checkout, a
/// settings flow. The routes declared `container NAME` (and their children) live in it: navigating
/// to one presents the container (or acts inside it when it is on screen), and a deep link builds
/// it in one commit (Docs/Navigation.md, "Containers").
public struct RouteContainer: Sendable, Hashable {
    public let name: String
    /// How the container is presented.
    public let style: ModalStyle
    /// Its tabs in order; empty for a container of one stack.
    public let tabs: [String]
    /// Each tab's root route, when the table has one that needs no values (its transition is
    /// `tab(NAME)`): where the tab starts when the container is presented for another tab.
    public let tabRoots: [String: String]

    public init(name: String, style: ModalStyle, tabs: [String], tabRoots: [String: String]) {
        self.name = name
        self.style = style
        self.tabs = tabs
        self.tabRoots = tabRoots
    }
}
