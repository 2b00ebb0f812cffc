/// How table names become Swift names in generated code (Docs/TypedRoutes.md, "Names").
///
/// - A route or parameter name is split into words at `_`; the first word starts lower-case,
///   each later word starts upper-case, and a later word that is a common initialism (`id`,
///   `url`, `uuid`, `api` …) is written all upper-case: `user_id` → `userID`,
///   `change_password` → `changePassword`. A name without `_` keeps its spelling
///   (`userId` stays `userId`), but for its first letter.
/// - An enum value is split into words at every character that cannot be in a Swift name
///   (`new-tab` → `newTab`, `1080p` → `_1080p`).
/// - A name that starts with a digit gets a leading `_`; a Swift keyword is written in
///   backticks (`` `default` ``).
package enum SwiftNames {
    /// Words written all upper-case when they are not the first word.
    static let initialisms: Set<String> = ["id", "ids", "url", "urls", "uri", "uuid", "api", "ui", "http", "https", "json", "html", "xml", "sql"]

    /// Keywords that must be written in backticks to be names.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "package", "consume", "copy", "discard", "borrowing", "consuming", "some", "any",
    ]

    /// Names that cannot be a case or a member of a generated type even in backticks (they
    /// mean something else after a dot).
    static let unusableMembers: Set<String> = ["init", "self", "Self", "Type", "Protocol", "_"]

    /// A route's case name or a parameter's label, unescaped (`user_id` → `userID`).
    package static func member(_ name: String) -> String {
        let (prefix, words) = split(name, at: { $0 == "_" })
        guard let first = words.first else { return name }
        var result = prefix + lowercasingFirst(first)
        for word in words.dropFirst() { result += capitalized(word) }
        return startsWithDigit(result) ? "_" + result : result
    }

    /// A type name from one or more table names (`profile`, `tab` → `ProfileTab`).
    package static func type(_ names: String...) -> String {
        var result = ""
        for name in names {
            for word in split(name, at: { $0 == "_" }).words { result += capitalized(word) }
        }
        return startsWithDigit(result) ? "_" + result : result
    }

    /// An enum value's case name, unescaped (`new-tab` → `newTab`).
    package static func enumCase(_ value: String) -> String {
        let words = split(value, at: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }).words
        guard let first = words.first else { return "_" }
        var result = lowercasingFirst(first)
        for word in words.dropFirst() { result += capitalized(word) }
        return startsWithDigit(result) ? "_" + result : result
    }

    /// Whether `name` can name the generated type: an ASCII Swift identifier that starts
    /// upper-case and is no keyword (`AppRoute`; not `app-route`, `App Route` or `Self`).
    package static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        return allowed && !keywords.contains(name) && !unusableMembers.contains(name)
    }

    /// Why `name` cannot name the generated type, with a name that can when there is one.
    package static func typeNameProblem(_ name: String) -> String? {
        guard !isTypeName(name) else { return nil }
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        let suggestion = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let hint = isTypeName(suggestion) && suggestion != name ? " (try '\(suggestion)')" : ""
        return "'\(name)' is not a Swift type name: an ASCII identifier that starts upper-case and is no keyword\(hint)"
    }

    /// `name` as it is written in code: in backticks when it is a keyword.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label where it is declared: only `inout`, `let` and `var` need backticks
    /// (Swift warns about others).
    package static func declaredLabel(_ label: String) -> String {
        ["inout", "let", "var"].contains(label) ? "`\(label)`" : label
    }

    /// An argument label in a call: only `inout` needs backticks.
    package static func calledLabel(_ label: String) -> String {
        label == "inout" ? "`inout`" : label
    }

    private static func split(_ name: String, at isSeparator: (Character) -> Bool) -> (prefix: String, words: [String]) {
        let prefix = String(name.prefix { $0 == "_" })
        let words = name.dropFirst(prefix.count).split(whereSeparator: isSeparator).map(String.init)
        return (prefix, words)
    }

    /// The first word: its leading capitals lower-cased (`URLPath` → `urlPath`, `ID` → `id`).
    private static func lowercasingFirst(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        // In `URLPath` the `P` starts the next word: keep it.
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    private static func capitalized(_ word: String) -> String {
        if initialisms.contains(word.lowercased()) { return word.uppercased() }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func startsWithDigit(_ name: String) -> Bool { name.first?.isNumber ?? false }
}
