/// Translates an ECMAScript regular expression (the `u`-mode syntax URLPattern regexp
/// groups are written in) to PCRE2 syntax with the same meaning, and rejects what
/// ECMAScript rejects or PCRE2 would read differently.
///
/// What changes: `.` excludes only ECMAScript's line terminators; `\v`, `\0`, `\xHH`,
/// `\uHHHH`, `\u{…}` and `\b` in a class become `\x{…}`; numeric back-references become
/// `\g{N}`; `\p{Script=…}` becomes `\p{sc:…}`; `[` inside a class is escaped (PCRE2 would
/// read `[:alpha:]`); a named group `(?<x>…)` matches without capturing (URLPattern reports
/// only its own groups). What is refused: escapes ECMAScript `u` mode does not have (`\m`,
/// `\Q`, `\K` …), named back-references, numbered ones next to a named group, group syntax other than `(?:`, `(?=`,
/// `(?!`, `(?<=`, `(?<!`, quantifiers on nothing or on quantifiers (`a++`), lone `{`, `}`,
/// `]`, and lone surrogates.
package enum JavaScriptRegexTranslator {
    package struct Failure: Error, Equatable {
        package var message: String
        /// Offset in Unicode scalars into the translated source.
        package var offset: Int
    }

    /// ECMAScript's line terminators, which `.` does not match.
    package static let dot = "[^\\n\\r\\x{2028}\\x{2029}]"

    /// Whether ``translate(_:)`` gives a *valid* `source` back unchanged: ASCII only, no `.`
    /// (which it rewrites to exclude line terminators), and every `\` before punctuation
    /// (`\d`, `\w`, `\u…` are rewritten). It does not check syntax: for regexps generated from
    /// a pattern's parts without regexp groups, which are valid by construction.
    package static func leavesUnchanged(_ source: String) -> Bool {
        source.utf8.withContiguousStorageIfAvailable { leavesBytesUnchanged($0) } ?? leavesBytesUnchanged(source.utf8)
    }

    /// With `classEscapes`, `\d`, `\D`, `\w`, `\W`, `\s`, `\S`, `\f`, `\n`, `\r` and `\t`
    /// pass too (the translator keeps them as they are).
    private static func leavesBytesUnchanged(_ bytes: some Sequence<UInt8>, classEscapes: Bool = false) -> Bool {
        var escaped = false
        for byte in bytes {
            guard byte < 0x80 else { return false }
            if escaped {
                guard !byte.isASCIIAlphanumeric || classEscapes && isKeptLetterEscape(byte) else { return false }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: ".") {
                return false
            }
        }
        return !escaped
    }

    /// A regexp generated from `parts`, in PCRE2's dialect: kept as it is when every
    /// regexp group among the parts is one translation keeps as written (``keepsAsWritten(_:)``;
    /// every other piece is the generator's own, valid by construction) and
    /// ``leavesUnchanged(_:)`` says translating would give the rest back; translated otherwise.
    package static func translate(generated source: String, parts: [Part]) throws(Failure) -> String {
        var hasRegexps = false
        // By index: a part is read in place, not copied.
        for index in parts.indices where parts[index].kind == .regexp {
            guard keepsAsWritten(parts[index].value) else { return try translate(source) }
            hasRegexps = true
        }
        let unchanged =
            source.utf8.withContiguousStorageIfAvailable { leavesBytesUnchanged($0, classEscapes: hasRegexps) }
            ?? leavesBytesUnchanged(source.utf8, classEscapes: hasRegexps)
        return unchanged ? source : try translate(source)
    }

    /// The letters whose escapes translation keeps as written, in a class or out of one: the
    /// classes `\d`, `\D`, `\w`, `\W`, `\s`, `\S` and the controls `\f`, `\n`, `\r`, `\t`.
    private static func isKeptLetterEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "s"), UInt8(ascii: "S"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        default:
            return false
        }
    }

    /// Whether `regexp` (a regexp group's ECMAScript text) is valid and ``translate(_:)`` gives
    /// it back unchanged, decided in one pass over its bytes without translating: printable
    /// ASCII; characters, the escapes ``isKeptLetterEscape(_:)`` names and escapes of syntax
    /// characters (`\^ \$ \\ \. \* \+ \? \( \) \[ \] \{ \} \| \/`) as atoms; `^`, `$`
    /// and `|`; and `*`, `+`, `?` (each maybe lazy) after an atom. No `.` (rewritten), no
    /// class, group or braces: for those, false, and the translator decides (and reports).
    /// (`:id(\d+)`, `([a-z0-9_-]+)` is not: it has a class.)
    package static func keepsAsWritten(_ regexp: String) -> Bool {
        var regexp = regexp
        return regexp.withUTF8(bytesKeptAsWritten)
    }

    private static func bytesKeptAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        var canQuantify = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x7F else { return false }
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return false }
                let escaped = bytes[index]
                index += 1
                guard isKeptLetterEscape(escaped) || "^$\\.*+?()[]{}|/".utf8.contains(escaped) else { return false }
                canQuantify = true
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                guard canQuantify else { return false }
                if index < bytes.count, bytes[index] == UInt8(ascii: "?") { index += 1 }
                canQuantify = false
            case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "|"):
                canQuantify = false
            case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"),
                UInt8(ascii: "}"):
                return false
            default:
                canQuantify = true
            }
        }
        return true
    }

    /// Checks that `regexp` (a regexp group's ECMAScript text) translates, reporting what
    /// ``translate(_:)`` reports; one pass without translating when ``keepsAsWritten(_:)``.
    package static func validate(_ regexp: String) throws(Failure) {
        if keepsAsWritten(regexp) { return }
        _ = try translate(regexp)
    }

    package static func translate(_ source: String) throws(Failure) -> String {
        var translator = Translation(input: source.scalarArray)
        try translator.run()
        return translator.output
    }
}
