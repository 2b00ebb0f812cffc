import AxiomRouting

extension Orchestrator {
    /// Opens what a notification asks for (``NavigationFlow/open(notification:)``).
    public func open(notification payload: NotificationPayload) async -> NavigationResult {
        await navigation.open(notification: payload)
    }
}
