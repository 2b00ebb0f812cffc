/// One component of a ``URLPattern`` compiled: its canonical pattern string, group names
/// and matcher.
package final class CompiledComponent: Sendable {
    /// How the component is matched. Patterns that need no regex skip PCRE2 entirely.
    package enum Matcher: Sendable {
        /// A lone `*`: anything without an ECMAScript line terminator, captured whole.
        case anything
        /// Only fixed text, case-sensitive: string equality.
        case literal(String)
        /// A regexp with a regexp group PCRE2 might refuse (one not plain:
        /// `DeferredRegex.isPlainRegexp(_:)`), or longer than `DeferredRegex.maxSourceLength`:
        /// compiled with the pattern (which an invalid one fails).
        case regex(CompiledRegex)
        /// Any other regexp (generated, or with plain regexp groups only: valid once
        /// translated): compiled at the first match.
        case deferred(DeferredRegex)
    }

    package let component: URLPattern.Component
    package let patternString: String
    /// The PCRE2 source (after translation from the standard's ECMAScript form). A literal
    /// component matches by string equality, so its source is generated only when asked for.
    package var regexSource: String {
        switch source {
        case .translated(let text): return text
        case .literal(let parts, let options):
            let generated = PatternRegexGenerator.regexp(parts, options: options).source
            return (try? JavaScriptRegexTranslator.translate(generated)) ?? generated
        }
    }
    private let source: Source
    package let names: [String]
    /// Per group: whether an empty capture means the group took no part. A group quantified
    /// `?` with no prefix or suffix compiles to `(R)?`: ECMAScript rejects an iteration that
    /// matches empty (the group is then undefined), PCRE2 keeps it (the group is `""`), so an
    /// empty capture of such a group is read as none (`/x:name(a?)?` on `/x`: no `name`).
    private let emptyIsAbsent: [Bool]
    package let hasRegExpGroups: Bool
    package let matcher: Matcher

    package var captureCount: Int {
        if case .regex(let regex) = matcher { return regex.captureCount }
        // A deferred regexp has no parentheses of the user's (a plain regexp group has
        // none): one capture for each of its groups.
        return names.count
    }

    /// A component's regexp source, or what generates it.
    private enum Source: Sendable {
        case translated(String)
        /// The parts of a literal component (fixed text only), and its options.
        case literal([Part], PatternOptions)
    }

    /// What compiling a pattern gives, apart from the component it is for.
    private struct Shape: Sendable {
        let patternString: String
        let source: Source
        let names: [String]
        let emptyIsAbsent: [Bool]
        let hasRegExpGroups: Bool
        let matcher: Matcher
    }

    private struct ShapeKey: Equatable, Sendable {
        let pattern: String
        let options: PatternOptions
    }

    /// The compiled forms of `*` and the empty pattern, by options. Most of a pattern's eight
    /// components are one of the two (what a constructor string leaves out), and neither has
    /// fixed text, so neither depends on the component's canonicaliser: compiled once, they
    /// are shared (every part of a `Shape` is immutable, its regex included). A few entries at
    /// most (two patterns by the options in use), searched in order: cheaper than hashing the key.
    private static let commonShapes = Locked<[(key: ShapeKey, shape: Shape)]>([])

    /// https://urlpattern.spec.whatwg.org/#compile-a-component
    package init(
        _ component: URLPattern.Component, pattern: String, options: PatternOptions,
        encode: @escaping PatternParser.Encoder
    ) throws(URLPatternError) {
        let isCommon = pattern.isEmpty || pattern == "*"
        let key = ShapeKey(pattern: pattern, options: options)
        if isCommon, let shape = Self.commonShapes.withLock({ $0.first { $0.key == key }?.shape }) {
            self.component = component
            self.patternString = shape.patternString
            self.source = shape.source
            self.names = shape.names
            self.emptyIsAbsent = shape.emptyIsAbsent
            self.hasRegExpGroups = shape.hasRegExpGroups
            self.matcher = shape.matcher
            return
        }
        let parts = try Self.parts(component, pattern: pattern, options: options, encode: encode)
        self.component = component
        self.patternString = PatternRegexGenerator.patternString(parts, options: options)
        self.hasRegExpGroups = parts.contains { $0.kind == .regexp }

        if Self.isLiteral(parts, options: options) {
            // Fixed text only: no groups, and no regexp to match with.
            self.source = .literal(parts, options)
            self.names = []
            self.emptyIsAbsent = []
            self.matcher = .literal(parts.map(\.value).joined())
        } else {
            let (generated, names) = PatternRegexGenerator.regexp(parts, options: options)
            let translated = try Self.translate(generated, of: parts, component: component, pattern: pattern)
            self.source = .translated(translated)
            self.names = names
            var emptyIsAbsent: [Bool] = []
            emptyIsAbsent.reserveCapacity(names.count)
            for part in parts where part.kind != .fixedText {
                emptyIsAbsent.append(part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty)
            }
            self.emptyIsAbsent = emptyIsAbsent
            if parts.count == 1, parts[0].kind == .fullWildcard, parts[0].modifier == .none, parts[0].prefix.isEmpty, parts[0].suffix.isEmpty {
                self.matcher = .anything
            } else {
                do {
                    self.matcher =
                        DeferredRegex.isDeferrable(translated, parts: parts)
                        ? .deferred(DeferredRegex(translated, caseless: options.ignoreCase))
                        : .regex(try CompiledRegex(translated, caseless: options.ignoreCase, deferJIT: true))
                } catch {
                    throw Self.locate(error, in: parts, component: component, pattern: pattern)
                }
            }
        }
        if isCommon {
            let shape = Shape(
                patternString: patternString, source: source, names: names, emptyIsAbsent: emptyIsAbsent, hasRegExpGroups: hasRegExpGroups,
                matcher: matcher)
            Self.commonShapes.withLock { shapes in
                if !shapes.contains(where: { $0.key == key }) { shapes.append((key, shape)) }
            }
        }
    }

    /// Whether a component of these parts matches by string equality: fixed text only,
    /// case-sensitive.
    static func isLiteral(_ parts: [Part], options: PatternOptions) -> Bool {
        !options.ignoreCase && parts.allSatisfy { $0.kind == .fixedText && $0.modifier == .none }
    }

    /// The pattern's parts: the fixed-text fast path, or the standard's parser.
    static func parts(
        _ component: URLPattern.Component, pattern: String, options: PatternOptions, encode: @escaping PatternParser.Encoder
    ) throws(URLPatternError) -> [Part] {
        if let plain = Self.plainTextParts(pattern, encode: encode) { return plain }
        do {
            return try PatternParser.parse(pattern, options: options, encode: encode)
        } catch {
            throw URLPatternError(error, component: component, pattern: pattern)
        }
    }

    /// The ECMAScript regexp generated from `parts` in PCRE2's dialect. The generator's own
    /// text is valid by construction, and most of it is the same in both dialects
    /// (``JavaScriptRegexTranslator/leavesUnchanged(_:)``): it is kept when the regexp groups
    /// among the parts are too (``JavaScriptRegexTranslator/keepsAsWritten(_:)``).
    static func translate(_ source: String, of parts: [Part], component: URLPattern.Component, pattern: String) throws(URLPatternError)
        -> String
    {
        do {
            return try JavaScriptRegexTranslator.translate(generated: source, parts: parts)
        } catch {
            // User regexps were validated while parsing; the generated pieces are valid.
            throw URLPatternError(
                .invalidRegexp, component: component, pattern: pattern, position: nil, message: "invalid regexp: \(error.message)")
        }
    }

    /// The parts of a pattern with no pattern syntax in it (`example.com`, `/settings/privacy`):
    /// one fixed-text part of its canonical text, as the parser would give — without
    /// tokenising it. Nil for anything else, and when the canonicaliser refuses the text (the
    /// parser then reports it, with its position).
    static func plainTextParts(_ pattern: String, encode: PatternParser.Encoder) -> [Part]? {
        guard !pattern.isEmpty, !pattern.utf8.contains(where: isPatternSyntax), let value = try? encode(pattern) else { return nil }
        return [Part(kind: .fixedText, value: value, modifier: .none)]
    }

    /// Whether a UTF-8 byte is a code point the tokenizer reads as something other than a plain
    /// character: `*`, `+`, `?`, `\\`, `{`, `}`, `:`, `(`, `)`. All are ASCII, and no byte of a
    /// longer UTF-8 sequence is, so the bytes can be read without decoding.
    private static func isPatternSyntax(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || PatternParser.isSyntax(byte)
    }

    /// Finds the regexp group PCRE2 refused (it compiles each alone) for the error position.
    private static func locate(
        _ error: RegexCompileError, in parts: [Part], component: URLPattern.Component, pattern: String
    ) -> URLPatternError {
        for part in parts where part.kind == .regexp {
            guard let alone = try? JavaScriptRegexTranslator.translate("(" + part.value + ")") else { continue }
            do {
                _ = try CompiledRegex(alone, caseless: false)
            } catch let partError {
                return URLPatternError(
                    .invalidRegexp, component: component, pattern: pattern, position: part.position,
                    message: "invalid regexp \(QuotedExcerpt.quote("(" + part.value + ")")): \(partError.message)")
            }
        }
        if error.isTooLarge {
            let groups = parts.count { $0.kind != .fixedText }
            return URLPatternError(
                .invalidRegexp, component: component, pattern: pattern, position: nil,
                message:
                    "invalid regexp: the \(component) pattern (\(pattern.count) characters, \(groups) groups) makes a regular expression larger than PCRE2 compiles; write fewer groups or less text in it, or match the rest in code"
            )
        }
        return URLPatternError(
            .invalidRegexp, component: component, pattern: pattern, position: nil,
            message: "invalid regexp: \(error.message)")
    }

    /// The groups' values in order (nil for a group that did not participate), or nil when
    /// `input` does not match.
    package func match(_ input: String, scratch: MatchScratch) throws(RegexMatchFailure) -> [String?]? {
        switch matcher {
        case .anything:
            return Self.hasLineTerminator(input) ? nil : [input]
        case .literal(let value):
            return input == value ? [] : nil
        case .regex(let regex):
            return try match(input, regex: regex, scratch: scratch)
        case .deferred(let deferred):
            return try match(input, regex: deferred.regex(), scratch: scratch)
        }
    }

    /// ``match(_:scratch:)`` by a regex. (Its own function: written inline in each case, or
    /// after the switch, `exec` cost 4% more instructions.)
    private func match(_ input: String, regex: CompiledRegex, scratch: MatchScratch) throws(RegexMatchFailure) -> [String?]? {
        var subject = input
        var outcome: Result<[String?]?, RegexMatchFailure> = .success(nil)
        subject.withUTF8 { bytes in
            do throws(RegexMatchFailure) {
                guard try regex.match(bytes, scratch: scratch) else { return }
                outcome = .success(
                    (0..<names.count).map { index in
                        guard let range = scratch.range(ofGroup: index + 1), !(range.isEmpty && emptyIsAbsent[index]) else { return nil }
                        return String(decoding: bytes[range], as: UTF8.self)
                    })
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Whether `input` has an ECMAScript line terminator (LF, CR, U+2028, U+2029), which
    /// `.` does not match.
    package static func hasLineTerminator(_ input: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in input.utf8 {
            if byte == 0x0A || byte == 0x0D { return true }
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            if previous == (0xE2, 0x80), byte == 0xA8 || byte == 0xA9 { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    private static let specialSchemes = ["ftp", "file", "http", "https", "ws", "wss"]

    /// Whether the component matches any special scheme (`http`, `https`, `ws`, `wss`,
    /// `ftp`, `file`): then the pathname is hierarchical.
    package var matchesSpecialScheme: Bool {
        switch matcher {
        case .anything: return true
        case .literal(let text): return Self.specialSchemes.contains(text)
        case .regex, .deferred: break
        }
        let scratch = MatchScratch(captures: captureCount, limits: MatchLimits())
        return Self.specialSchemes.contains { scheme in
            ((try? match(scheme, scratch: scratch)) ?? nil) != nil
        }
    }
}
