extension JavaScriptRegexTranslator {
    /// One translation: the scalars read, the PCRE2 text written, and what the reader keeps
    /// track of (open groups, named groups, nested classes). Its parts: the core here, classes in
    /// `+Classes`, escapes in `+Escapes`.
    struct Translation {
        typealias Failure = JavaScriptRegexTranslator.Failure
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
    }
}
