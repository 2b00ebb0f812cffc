/// Character classes: `[…]`, `v`-mode set operations (`&&`, `--`), nested classes and `\q{…}` strings.
extension JavaScriptRegexTranslator.Translation {
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
        guard classDepth < Self.maxClassDepth else {
            throw fail("classes nested more than \(Self.maxClassDepth) deep", at: start)
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
        if Self.classSetSyntax.contains(c) {
            throw fail("'\(c)' must be escaped in a class ('\\\(c)'): URLPattern reads regexps with the 'v' flag")
        }
        if Self.doublePunctuators.contains(c), peek(1) == c {
            throw fail("'\(c)\(c)' is reserved in a 'v'-mode class (escape one of them)")
        }
        index += 1
        return (Self.classText(c), true)
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
                if Self.classSetSyntax.contains(c) {
                    throw fail("'\(c)' must be escaped in '\\q{…}' ('\\\(c)'): URLPattern reads regexps with the 'v' flag")
                }
                if Self.doublePunctuators.contains(c), peek(1) == c {
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
}
