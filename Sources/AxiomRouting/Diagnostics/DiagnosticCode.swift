/// The stable identifier of a kind of diagnostic. Codes never change meaning; new kinds get
/// new codes. `E…` codes are errors, `W…` codes warnings.
public struct DiagnosticCode: StableCode, CaseIterable {
    public let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    public var severity: Diagnostic.Severity { rawValue.hasPrefix("W") ? .warning : .error }

    // Syntax of the file.
    public static let unknownDirective = DiagnosticCode(rawValue: "E101")
    public static let propertyOutsideRoute = DiagnosticCode(rawValue: "E102")
    public static let unknownProperty = DiagnosticCode(rawValue: "E103")
    public static let missingArgument = DiagnosticCode(rawValue: "E104")
    public static let unexpectedArgument = DiagnosticCode(rawValue: "E105")
    public static let unterminatedString = DiagnosticCode(rawValue: "E106")
    public static let invalidName = DiagnosticCode(rawValue: "E107")
    public static let duplicateProperty = DiagnosticCode(rawValue: "E108")

    // Patterns and parameters.
    public static let invalidPattern = DiagnosticCode(rawValue: "E201")
    public static let unknownType = DiagnosticCode(rawValue: "E202")
    public static let unknownParameter = DiagnosticCode(rawValue: "E203")
    public static let duplicateParameter = DiagnosticCode(rawValue: "E204")
    public static let invalidDefault = DiagnosticCode(rawValue: "E205")
    public static let segmentTypeMismatch = DiagnosticCode(rawValue: "E206")
    public static let invalidEnum = DiagnosticCode(rawValue: "E207")
    /// `param NAME string to-end` where a value cannot run to the end of the URL.
    public static let toEndMisplaced = DiagnosticCode(rawValue: "E208")
    /// `query ITEM like PATTERN` whose pattern gives no value: a group without a name, or none.
    public static let likeWithoutValues = DiagnosticCode(rawValue: "E209")

    // The table as a whole.
    public static let duplicateRouteName = DiagnosticCode(rawValue: "E301")
    public static let unknownParent = DiagnosticCode(rawValue: "E302")
    public static let parentCycle = DiagnosticCode(rawValue: "E303")
    public static let unknownTab = DiagnosticCode(rawValue: "E304")
    public static let invalidOrigin = DiagnosticCode(rawValue: "E305")
    public static let includeNotFound = DiagnosticCode(rawValue: "E306")
    public static let includeCycle = DiagnosticCode(rawValue: "E307")
    public static let invalidTransition = DiagnosticCode(rawValue: "E308")
    public static let invalidOption = DiagnosticCode(rawValue: "E309")
    public static let unknownLoginRoute = DiagnosticCode(rawValue: "E310")
    public static let duplicateDirective = DiagnosticCode(rawValue: "E311")
    public static let emptyTable = DiagnosticCode(rawValue: "E312")
    public static let unknownSource = DiagnosticCode(rawValue: "E313")
    public static let includeOutsideFolder = DiagnosticCode(rawValue: "E314")
    public static let unreadableFile = DiagnosticCode(rawValue: "E315")
    public static let includeLimit = DiagnosticCode(rawValue: "E316")
    public static let unknownRedirectTarget = DiagnosticCode(rawValue: "E317")
    public static let redirectCycle = DiagnosticCode(rawValue: "E318")
    public static let unmappedGroup = DiagnosticCode(rawValue: "E319")
    public static let missingTargetParameter = DiagnosticCode(rawValue: "E320")
    public static let incompatibleParameterType = DiagnosticCode(rawValue: "E321")
    public static let unknownLoader = DiagnosticCode(rawValue: "E322")
    public static let unsupportedHostPattern = DiagnosticCode(rawValue: "E323")
    public static let hostNotAccepted = DiagnosticCode(rawValue: "E324")
    public static let unknownContainer = DiagnosticCode(rawValue: "E325")
    public static let duplicateContainer = DiagnosticCode(rawValue: "E326")
    public static let unsupportedFragment = DiagnosticCode(rawValue: "E327")
    public static let refusedSpelling = DiagnosticCode(rawValue: "E328")
    /// A `start` the app cannot start at, or a tab with no screen to start at.
    public static let unusableStart = DiagnosticCode(rawValue: "E329")
    /// A query parameter named as an attribution parameter (`utm_source`, `gclid` …), which
    /// never steers routing.
    public static let attributionQuery = DiagnosticCode(rawValue: "E330")

    // Warnings.
    public static let ambiguousRoutes = DiagnosticCode(rawValue: "W401")
    public static let shadowedRoute = DiagnosticCode(rawValue: "W402")
    public static let trailingSlash = DiagnosticCode(rawValue: "W403")
    public static let redundantOptional = DiagnosticCode(rawValue: "W404")
    public static let restrictionBypass = DiagnosticCode(rawValue: "W405")
    public static let adjacentWildcards = DiagnosticCode(rawValue: "W406")
    public static let overlapsNotChecked = DiagnosticCode(rawValue: "W407")
    public static let parentValue = DiagnosticCode(rawValue: "W408")
    public static let openUnderAuth = DiagnosticCode(rawValue: "W409")
    public static let rootNeverMatches = DiagnosticCode(rawValue: "W410")
    public static let anchorInGroup = DiagnosticCode(rawValue: "W411")
    public static let unnamedHostGroup = DiagnosticCode(rawValue: "W412")
    /// What `generate swift` would refuse (E501, E502), reported by `check` before a build does.
    public static let typedRoutesRefused = DiagnosticCode(rawValue: "W413")
    /// A route without a host ranks before a route on a host and takes some of its URLs there.
    public static let hostRouteTaken = DiagnosticCode(rawValue: "W414")
    /// A table without tabs, `start` or a plain `/` route: the app starts with nothing on screen
    /// (reported by `check`, like W413: a table may be only for resolving URLs).
    public static let emptyStart = DiagnosticCode(rawValue: "W415")
    /// An alias or redirect that, for some of its URLs, lands on a route more restricted than its
    /// target (as the target's own URL would).
    public static let redirectTakenByStricter = DiagnosticCode(rawValue: "W416")
    /// A URL with more than one spelling the table cannot keep on one route: a pattern literal
    /// holding an escape URLs are matched with decoded, or a restricted route whose path in
    /// another case a less restricted route takes.
    public static let spellingNotGuaranteed = DiagnosticCode(rawValue: "W417")

    // Generating typed Swift (`axiom-route generate swift`, the GenerateRoutes plugin).
    public static let swiftNameClash = DiagnosticCode(rawValue: "E501")
    public static let reservedSwiftName = DiagnosticCode(rawValue: "E502")

    /// Every code, in catalogue order (`Docs/Diagnostics.md` has an entry for each).
    public static let allCases: [DiagnosticCode] = [
        .unknownDirective,
        .propertyOutsideRoute,
        .unknownProperty,
        .missingArgument,
        .unexpectedArgument,
        .unterminatedString,
        .invalidName,
        .duplicateProperty,
        .invalidPattern,
        .unknownType,
        .unknownParameter,
        .duplicateParameter,
        .invalidDefault,
        .segmentTypeMismatch,
        .invalidEnum,
        .toEndMisplaced,
        .likeWithoutValues,
        .duplicateRouteName,
        .unknownParent,
        .parentCycle,
        .unknownTab,
        .invalidOrigin,
        .includeNotFound,
        .includeCycle,
        .invalidTransition,
        .invalidOption,
        .unknownLoginRoute,
        .duplicateDirective,
        .emptyTable,
        .unknownSource,
        .includeOutsideFolder,
        .unreadableFile,
        .includeLimit,
        .unknownRedirectTarget,
        .redirectCycle,
        .unmappedGroup,
        .missingTargetParameter,
        .incompatibleParameterType,
        .unknownLoader,
        .unsupportedHostPattern,
        .hostNotAccepted,
        .unknownContainer,
        .duplicateContainer,
        .unsupportedFragment,
        .refusedSpelling,
        .unusableStart,
        .attributionQuery,
        .ambiguousRoutes,
        .shadowedRoute,
        .trailingSlash,
        .redundantOptional,
        .restrictionBypass,
        .adjacentWildcards,
        .overlapsNotChecked,
        .parentValue,
        .openUnderAuth,
        .rootNeverMatches,
        .anchorInGroup,
        .unnamedHostGroup,
        .typedRoutesRefused,
        .hostRouteTaken,
        .emptyStart,
        .redirectTakenByStricter,
        .spellingNotGuaranteed,
        .swiftNameClash,
        .reservedSwiftName,
    ]
}
