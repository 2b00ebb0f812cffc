extension NavigationFlow {
    /// The flow's configuration and middleware as a journal records them.
    public var journalSettings: JournalSettings {
        JournalSettings(
            flow: configuration.journalFields,
            middleware: middleware.map { JournalSettings.Middleware(name: $0.middleware.journalName, settings: $0.middleware.journalSettings) })
    }
}

extension NavigationFlow.Configuration {
    /// Each setting by name, as text: `{"maxRedirects": "5", "historyLimit": "100",
    /// "rejectsDuplicates": "true", "signOut": "presentLogin", "replacesTopWithNewValues": "false"}`.
    public var journalFields: [String: String] {
        [
            "maxRedirects": String(maxRedirects), "historyLimit": String(historyLimit), "rejectsDuplicates": String(rejectsDuplicates),
            "signOut": signOut.rawValue, "replacesTopWithNewValues": String(replacesTopWithNewValues),
            "forgetsGuardedStateAtSignOut": String(forgetsGuardedStateAtSignOut),
        ]
    }

    /// The configuration ``journalFields`` wrote; a setting left out (or not readable) takes
    /// its default, so a journal written before a setting existed still reads.
    public init(journalFields fields: [String: String]) {
        let defaults = Self()
        self.init(
            maxRedirects: fields["maxRedirects"].flatMap { Int($0) } ?? defaults.maxRedirects,
            historyLimit: fields["historyLimit"].flatMap { Int($0) } ?? defaults.historyLimit,
            rejectsDuplicates: fields["rejectsDuplicates"].flatMap { Bool($0) } ?? defaults.rejectsDuplicates,
            signOut: fields["signOut"].flatMap(NavigationFlow.SignOutRule.init(rawValue:)) ?? defaults.signOut,
            replacesTopWithNewValues: fields["replacesTopWithNewValues"].flatMap { Bool($0) } ?? defaults.replacesTopWithNewValues,
            forgetsGuardedStateAtSignOut: fields["forgetsGuardedStateAtSignOut"].flatMap { Bool($0) } ?? defaults.forgetsGuardedStateAtSignOut)
    }
}

extension JournalSettings {
    /// The flow's configuration these settings describe (``flow``, read back).
    public var configuration: NavigationFlow.Configuration { NavigationFlow.Configuration(journalFields: flow) }
}
