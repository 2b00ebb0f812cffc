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

    private struct Translation {
        let input: [Unicode.Scalar]
        var index = 0
        var output = ""
        /// Whether the previous item can take a quantifier.
        var canQuantify = false
        /// For each open group: whether it is a lookaround (not quantifiable in `u` mode).
        var groups: [(start: Int, isAssertion: Bool)] = []
        /// Named groups seen (`(?<x>…)`), and where the first numbered back-reference is: the two
        /// cannot be translated together (ECMAScript numbers the named group, PCRE2's translation
        /// does not capture it).
        var namedGroups: Set<String> = []
        /// How deep the class being read is nested (`[[a]]` is 2).
        var classDepth = 0
        /// The strings (`\q{abc}`) of each open class, innermost last: a nested class's strings
        /// belong to the class it is in, and the outermost class matches them all, longest first.
        var classStrings: [[(length: Int, text: String)]] = []
        static let maxClassDepth = 32
        var numberedBackReference: Int? = nil

        init(input: [Unicode.Scalar]) { self.input = input }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < input.count ? input[index + offset] : nil
        }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? index)
        }

        mutating func run() throws(Failure) {
            while let scalar = peek() {
                switch scalar {
                case "\\":
                    let (text, isAtom) = try escape(inClass: false)
                    output += text
                    canQuantify = isAtom
                case ".":
                    output += JavaScriptRegexTranslator.dot
                    index += 1
                    canQuantify = true
                case "[":
                    try characterClass()
                    canQuantify = true
                case "(":
                    try openGroup()
                    canQuantify = false
                case ")":
                    guard let group = groups.popLast() else { throw fail("unmatched ')'") }
                    _ = group.start
                    output += ")"
                    index += 1
                    canQuantify = !group.isAssertion
                case "|", "^", "$":
                    output.unicodeScalars.append(scalar)
                    index += 1
                    canQuantify = false
                case "*", "+", "?":
                    guard canQuantify else { throw fail("nothing to repeat before '\(scalar)'") }
                    output.unicodeScalars.append(scalar)
                    index += 1
                    lazySuffix()
                case "{":
                    guard let quantifier = try braceQuantifier() else {
                        throw fail("lone '{' (write '\\{' for a literal brace)")
                    }
                    guard canQuantify else { throw fail("nothing to repeat before '{'") }
                    output += quantifier
                    lazySuffix()
                case "}":
                    throw fail("lone '}' (write '\\}' for a literal brace)")
                case "]":
                    throw fail("lone ']' (write '\\]' for a literal bracket)")
                default:
                    // A run of ordinary characters is copied in one append (long literals
                    // translate in linear time, without a string operation per character).
                    var run: [UInt8] = []
                    while let next = peek(), !Translation.isSyntax(next) {
                        UTF8.encode(next) { run.append($0) }
                        index += 1
                    }
                    output += String(decoding: run, as: UTF8.self)
                    canQuantify = true
                }
            }
            if let open = groups.last { throw fail("missing ')' for the group opened here", at: open.start) }
            if !namedGroups.isEmpty, let backReference = numberedBackReference {
                throw fail(
                    "a numbered back-reference next to a named group '(?<…>)': ECMAScript counts the named group, which does not capture here (drop the name, or the back-reference)",
                    at: backReference)
            }
        }

        /// Whether `scalar` is one of the characters ``run()`` treats specially.
        static func isSyntax(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "\\", ".", "[", "(", ")", "|", "^", "$", "*", "+", "?", "{", "}", "]": return true
            default: return false
            }
        }

        /// After a quantifier: an optional `?` (lazy); nothing may be quantified next.
        mutating func lazySuffix() {
            if peek() == "?" {
                output += "?"
                index += 1
            }
            canQuantify = false
        }

        mutating func openGroup() throws(Failure) {
            let start = index
            guard peek(1) == "?" else {
                output += "("
                index += 1
                groups.append((start, false))
                return
            }
            switch (peek(2), peek(3)) {
            case (":", _):
                output += "(?:"
                index += 3
                groups.append((start, false))
            case ("=", _), ("!", _):
                output += "(?" + String(peek(2) ?? "=")
                index += 3
                groups.append((start, true))
            case ("<", "="), ("<", "!"):
                output += "(?<" + String(peek(3) ?? "=")
                index += 4
                groups.append((start, true))
            case ("<", _):
                // A named group inside a regexp group: ECMAScript captures it, but URLPattern reports
                // only its own groups, so it matches as a group that does not capture. Its name must
                // still be one ECMAScript takes, once.
                var position = index + 3
                var name = ""
                while position < input.count, input[position] != ">" {
                    name.unicodeScalars.append(input[position])
                    position += 1
                }
                guard position < input.count, let first = name.unicodeScalars.first,
                    first == "$" || first == "_" || first.properties.isIDStart,
                    name.unicodeScalars.dropFirst().allSatisfy({
                        $0 == "$" || $0 == "_" || $0.properties.isIDContinue || $0 == "\u{200C}" || $0 == "\u{200D}"
                    })
                else {
                    throw fail(
                        "invalid group name \(QuotedExcerpt.quote(name)) in '(?<…>)' (a name is an identifier: a letter, '_' or '$', then letters, digits, '_' or '$')"
                    )
                }
                guard namedGroups.insert(name).inserted else {
                    throw fail("duplicate group name \(QuotedExcerpt.quote(name)) in the regexp (each named group needs its own name)")
                }
                output += "(?:"
                index = position + 1
                groups.append((start, false))
            default:
                throw fail("unsupported group syntax '(?\(peek(2).map { String($0) } ?? "")' (use '(?:', '(?=', '(?!', '(?<=' or '(?<!')")
            }
        }

        /// `{n}`, `{n,}` or `{n,m}` at the current position, or nil when it is not one.
        mutating func braceQuantifier() throws(Failure) -> String? {
            var position = index + 1
            func digits() -> String? {
                var text = ""
                while position < input.count, input[position].isASCIIDigit {
                    text.unicodeScalars.append(input[position])
                    position += 1
                }
                return text.isEmpty ? nil : text
            }
            guard let low = digits() else { return nil }
            var high: String? = low
            if position < input.count, input[position] == "," {
                position += 1
                high = digits()
            }
            guard position < input.count, input[position] == "}" else { return nil }
            if let high, let lowValue = Int(low), let highValue = Int(high), lowValue > highValue {
                throw fail("numbers out of order in '{\(low),\(high)}'")
            }
            let text = String(scalars: input[index...position])
            index = position + 1
            return text
        }

        mutating func characterClass() throws(Failure) {
            classStrings = [[]]
            let codePoint = try classSet()
            let strings = classStrings.last ?? []
            classStrings = []
            guard !strings.isEmpty else {
                output += codePoint
                return
            }
            // ECMAScript tries a class's strings longest first, then its single code points, then
            // the empty string.
            let longer = strings.filter { $0.length > 1 }.sorted { $0.length > $1.length }.map(\.text)
            let empty = strings.contains { $0.length == 0 }
            output += "(?:" + (longer + [codePoint]).joined(separator: "|") + (empty ? "|" : "") + ")"
        }

        /// The characters a `v`-mode class must escape (ClassSetSyntaxCharacter).
        static let classSetSyntax: Set<Unicode.Scalar> = ["(", ")", "[", "]", "{", "}", "/", "-", "\\", "|"]
        /// The first characters of `v` mode's reserved double punctuators (`&&`, `!!`, `--` …).
        static let doublePunctuators: Set<Unicode.Scalar> = [
            "&", "!", "#", "$", "%", "*", "+", ",", ".", ":", ";", "<", "=", ">", "?", "@", "^", "`", "~",
        ]

        /// A character as PCRE2 class text (the characters a PCRE2 class reads specially escaped;
        /// `:` too, so `[:alpha:]` is never a POSIX class).
        static func classText(_ scalar: Unicode.Scalar) -> String {
            switch scalar {
            case "\\", "]", "[", "^", "-", ":": return "\\" + String(scalar)
            default: return String(scalar)
            }
        }

        /// A class at the current position (`[`), read as the standard compiles URLPattern regexps:
        /// with the `v` flag — nested classes, intersection `&&` and subtraction `--`, and the
        /// syntax characters escaped. Returns PCRE2 text matching one code point (PCRE2 10.42 has
        /// no set operations: intersection and subtraction become lookaheads on that code point).
        mutating func classSet() throws(Failure) -> String {
            let start = index
            // Each nested class is a call: a bound keeps a pattern of thousands of `[` from
            // exhausting the stack.
            guard classDepth < Translation.maxClassDepth else {
                throw fail("classes nested more than \(Translation.maxClassDepth) deep", at: start)
            }
            classDepth += 1
            classStrings.append([])
            defer {
                classDepth -= 1
                // The strings go to the enclosing class (the outermost keeps them).
                if classStrings.count > 1, let strings = classStrings.popLast() {
                    classStrings[classStrings.count - 1] += strings
                }
            }
            index += 1
            var negated = false
            if peek() == "^" {
                negated = true
                index += 1
            }
            var operation = ClassOperation.union
            var simple = ""  // chars, ranges and escapes of a union, as one PCRE2 class's contents
            var operands: [String] = []  // nested classes (a union), or every operand (&&, --)
            var operandCount = 0
            var hasRange = false  // a range is a union item, never an operand of '&&' or '--'
            while let c = peek() {
                if c == "]" {
                    if let strings = classStrings.last, !strings.isEmpty {
                        guard !negated else {
                            throw fail("a negated class cannot contain strings ('\\q{…}' or a class with one)", at: start)
                        }
                        guard operation == .union else {
                            throw fail("strings ('\\q{…}') in an operand of '&&' or '--' are not supported", at: start)
                        }
                    }
                    index += 1
                    return Self.emit(negated: negated, operation: operation, simple: simple, operands: operands)
                }
                let isIntersection = c == "&" && peek(1) == "&"
                let isSubtraction = c == "-" && peek(1) == "-"
                if isIntersection || isSubtraction {
                    let wanted: ClassOperation = isIntersection ? .intersection : .subtraction
                    // An operator needs one operand before it, and one kind of operator per class.
                    guard !hasRange, operandCount == 1 || operation == wanted, operation == .union || operation == wanted else {
                        throw fail("a class mixes '&&', '--' and a union: nest them ('[[a-z]--[aeiou]]')")
                    }
                    if operation == .union {
                        if !simple.isEmpty { operands.append("[" + simple + "]") }
                        simple = ""
                    }
                    operation = wanted
                    index += 2
                    let next = try classItem(start: start)
                    operands.append(next.isClassContent ? "[" + next.text + "]" : next.text)
                    operandCount += 1
                    continue
                }
                guard operation == .union else { throw fail("after '&&' or '--' each operand is one item: nest the rest ('[…]')") }
                let first = try classItem(start: start)
                operandCount += 1
                guard first.isClassContent else {
                    operands.append(first.text)
                    continue
                }
                // A range: `a-z` (not `--`, which is subtraction).
                if peek() == "-", peek(1) != "-", let after = peek(1), after != "]" {
                    index += 1
                    let last = try classItem(start: start)
                    guard last.isClassContent else { throw fail("a range cannot end with a class") }
                    simple += first.text + "-" + last.text
                    hasRange = true
                } else {
                    simple += first.text
                }
            }
            throw fail("missing ']' for the class opened here", at: start)
        }

        /// One operand or union item of a `v`-mode class: a nested class, an escape, or a character (maybe a range).
        mutating func classItem(start: Int) throws(Failure) -> (text: String, isClassContent: Bool) {
            guard let c = peek() else { throw fail("missing ']' for the class opened here", at: start) }
            if c == "[" { return (try classSet(), false) }
            if c == "\\" {
                if peek(1) == "q" { return try classStringDisjunction() }
                let escaped = try escape(inClass: true).text
                return (escaped, true)
            }
            if Translation.classSetSyntax.contains(c) {
                throw fail("'\(c)' must be escaped in a class ('\\\(c)'): URLPattern reads regexps with the 'v' flag")
            }
            if Translation.doublePunctuators.contains(c), peek(1) == c {
                throw fail("'\(c)\(c)' is reserved in a 'v'-mode class (escape one of them)")
            }
            index += 1
            return (Translation.classText(c), true)
        }

        /// `\q{abc|d|}`: the single code points join the class; the other strings are
        /// recorded for the outermost class, which matches them longest first.
        mutating func classStringDisjunction() throws(Failure) -> (text: String, isClassContent: Bool) {
            let start = index
            index += 2
            guard peek() == "{" else { throw fail("'\\q' must be followed by '{'", at: start) }
            index += 1
            var singles = ""
            var current = ""
            var length = 0
            func finish() {
                if length == 1 {
                    singles += current
                } else if !classStrings.isEmpty {
                    classStrings[classStrings.count - 1].append((length, current))
                }
                current = ""
                length = 0
            }
            while let c = peek() {
                switch c {
                case "}":
                    index += 1
                    finish()
                    // Only single code points: an ordinary class item (no range may follow).
                    return (singles.isEmpty ? "[]" : "[" + singles + "]", false)
                case "|":
                    index += 1
                    finish()
                case "\\":
                    if let next = peek(1), "dDsSwWpP".unicodeScalars.contains(next) {
                        throw fail("'\\\(next)' is a class of characters, not a character: it cannot be part of a '\\q{…}' string")
                    }
                    let escaped = try escape(inClass: true).text
                    current += escaped
                    length += 1
                default:
                    if Translation.classSetSyntax.contains(c) {
                        throw fail("'\(c)' must be escaped in '\\q{…}' ('\\\(c)'): URLPattern reads regexps with the 'v' flag")
                    }
                    if Translation.doublePunctuators.contains(c), peek(1) == c {
                        throw fail("'\(c)\(c)' is reserved in a 'v'-mode class (escape one of them)")
                    }
                    index += 1
                    // As PCRE2 text both in a class and outside one.
                    current += c.isASCII && !c.properties.isAlphabetic && !("0"..."9").contains(c) ? "\\" + String(c) : String(c)
                    length += 1
                }
            }
            throw fail("missing '}' for the '\\q{' opened here", at: start)
        }

        enum ClassOperation { case union, intersection, subtraction }

        /// PCRE2 text for a parsed class: a PCRE2 class for a union of characters, ranges and
        /// escapes (`[]` matches nothing, `[^]` any code point); nested classes as alternatives;
        /// `A&&B` as `(?:(?=B)A)`, `A--B` as `(?:(?!B)A)`; a negated set as a lookahead.
        static func emit(negated: Bool, operation: ClassOperation, simple: String, operands: [String]) -> String {
            let positive: String
            switch operation {
            case .union:
                if operands.isEmpty { return "[" + (negated ? "^" : "") + simple + "]" }
                positive = "(?:" + ((simple.isEmpty ? [] : ["[" + simple + "]"]) + operands).joined(separator: "|") + ")"
            case .intersection:
                positive = "(?:" + operands.dropFirst().map { "(?=" + $0 + ")" }.joined() + (operands.first ?? "[]") + ")"
            case .subtraction:
                positive = "(?:" + operands.dropFirst().map { "(?!" + $0 + ")" }.joined() + (operands.first ?? "[]") + ")"
            }
            return negated ? "(?:(?!" + positive + ")[^])" : positive
        }
        /// Translates the escape at the current position; returns its PCRE2 text and
        /// whether it is an atom (quantifiable) rather than an assertion.
        mutating func escape(inClass: Bool) throws(Failure) -> (text: String, isAtom: Bool) {
            let start = index
            index += 1
            guard let c = peek() else { throw fail("'\\' at the end of the regexp", at: start) }
            index += 1
            switch c {
            case "d", "D", "w", "W", "s", "S", "f", "n", "r", "t":
                return ("\\" + String(c), true)
            case "b":
                return inClass ? ("\\x{08}", true) : ("\\b", false)
            case "B":
                guard !inClass else { throw fail("invalid escape '\\B' in a class", at: start) }
                return ("\\B", false)
            case "v":
                return ("\\x{0B}", true)
            case "-":
                guard inClass else { throw fail("invalid escape '\\-' outside a class", at: start) }
                return ("\\-", true)
            case "c":
                guard let letter = peek(), letter.isASCIIAlpha else {
                    throw fail("'\\c' must be followed by a letter", at: start)
                }
                index += 1
                return ("\\c" + String(letter).uppercased(), true)
            case "0":
                if let next = peek(), next.isASCIIDigit {
                    throw fail("octal escapes like '\\0\(next)' are not allowed (use '\\x' or '\\u')", at: start)
                }
                return ("\\x{0}", true)
            case "1"..."9":
                guard !inClass else { throw fail("back-reference '\\\(c)' inside a class", at: start) }
                var number = String(c)
                while let digit = peek(), digit.isASCIIDigit {
                    number.unicodeScalars.append(digit)
                    index += 1
                }
                if numberedBackReference == nil { numberedBackReference = start }
                return ("\\g{" + number + "}", true)
            case "x":
                guard let high = peek(), high.isASCIIHexDigit, let low = peek(1), low.isASCIIHexDigit else {
                    throw fail("'\\x' must be followed by two hex digits", at: start)
                }
                index += 2
                return ("\\x{" + String(high) + String(low) + "}", true)
            case "u":
                return (try unicodeEscape(start: start), true)
            case "p", "P":
                return (try propertyEscape(negated: c == "P", start: start), true)
            case "k":
                throw fail(
                    "named back-references '\\k<…>' are not supported (a named group inside a regexp group does not capture here; repeat its expression instead)",
                    at: start)
            case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
                return ("\\" + String(c), true)
            case _ where inClass && "&!#%,:;<=>@`~".unicodeScalars.contains(c):
                // `v` mode's reserved punctuators, escaped inside a class.
                return ("\\" + String(c), true)
            default:
                throw fail("invalid escape '\\\(c)' (escape only syntax characters: ^$\\.*+?()[]{}|/)", at: start)
            }
        }

        /// `\uHHHH` (with surrogate pairs) or `\u{H…}` as `\x{…}`.
        mutating func unicodeEscape(start: Int) throws(Failure) -> String {
            if peek() == "{" {
                var position = index + 1
                var value: UInt32 = 0
                var count = 0
                while position < input.count, input[position].isASCIIHexDigit, let digit = hexValue(UInt8(input[position].value)) {
                    value = min(value * 16 + UInt32(digit), 0x11_0000)
                    position += 1
                    count += 1
                }
                guard count > 0, position < input.count, input[position] == "}", value <= 0x10_FFFF else {
                    throw fail("invalid '\\u{…}' escape (1 to 6 hex digits up to 10FFFF)", at: start)
                }
                guard !(0xD800...0xDFFF).contains(value) else {
                    throw fail("lone surrogate in '\\u{…}' (PCRE2 matches only valid Unicode)", at: start)
                }
                index = position + 1
                return "\\x{" + String(value, radix: 16) + "}"
            }
            guard let first = fourHexDigits(at: index) else {
                throw fail("'\\u' must be followed by four hex digits or '{…}'", at: start)
            }
            index += 4
            var value = first
            if (0xD800...0xDBFF).contains(first) {
                guard peek() == "\\", peek(1) == "u", let second = fourHexDigits(at: index + 2),
                    (0xDC00...0xDFFF).contains(second)
                else {
                    throw fail("lone surrogate '\\u\(String(first, radix: 16))' (PCRE2 matches only valid Unicode)", at: start)
                }
                index += 6
                value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw fail("lone surrogate '\\u\(String(first, radix: 16))' (PCRE2 matches only valid Unicode)", at: start)
            }
            return "\\x{" + String(value, radix: 16) + "}"
        }

        func fourHexDigits(at position: Int) -> UInt32? {
            guard position + 4 <= input.count else { return nil }
            var value: UInt32 = 0
            for scalar in input[position..<(position + 4)] {
                guard scalar.isASCII, let digit = hexValue(UInt8(scalar.value)) else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }

        /// `\p{…}` / `\P{…}` with ECMAScript's `Name=Value` forms mapped to PCRE2's.
        mutating func propertyEscape(negated: Bool, start: Int) throws(Failure) -> String {
            guard peek() == "{", let close = input[index...].firstIndex(of: "}") else {
                throw fail("'\\p' must be followed by '{Property}'", at: start)
            }
            let body = String(scalars: input[(index + 1)..<close])
            index = close + 1
            guard !body.isEmpty, body.unicodeScalars.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "_" || $0 == "=" }) else {
                throw fail("invalid property name in '\\p{\(body)}'", at: start)
            }
            var name = body
            let pieces = body.split(separator: "=", omittingEmptySubsequences: false)
            if pieces.count == 2 {
                switch pieces[0] {
                case "General_Category", "gc": name = String(pieces[1])
                case "Script", "sc": name = "sc:" + pieces[1]
                case "Script_Extensions", "scx": name = "scx:" + pieces[1]
                default: throw fail("unknown property '\(pieces[0])' in '\\p{\(body)}'", at: start)
                }
            } else if pieces.count > 2 {
                throw fail("invalid property in '\\p{\(body)}'", at: start)
            }
            return (negated ? "\\P{" : "\\p{") + name + "}"
        }
    }
}
