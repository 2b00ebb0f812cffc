import Testing

@_spi(Lookup) @testable import AxiomURLPattern

@Suite struct JavaScriptRegexTranslatorTests {
    private let dot = JavaScriptRegexTranslator.dot

    @Test(arguments: [
        ("\\d+", "\\d+"),
        ("[a-z]{2,3}?", "[a-z]{2,3}?"),
        ("(?:a|b)(?=c)(?!d)(?<=e)(?<!f)", "(?:a|b)(?=c)(?!d)(?<=e)(?<!f)"),
        ("\\v", "\\x{0B}"),
        ("[\\b]", "[\\x{08}]"),
        ("\\0", "\\x{0}"),
        ("\\x41", "\\x{41}"),
        ("\\u0041", "\\x{41}"),
        ("\\u{1F600}", "\\x{1f600}"),
        ("\\uD83D\\uDE00", "\\x{1f600}"),
        ("\\1", "\\g{1}"),
        ("\\p{Script=Greek}", "\\p{sc:Greek}"),
        ("\\P{gc=Lu}", "\\P{Lu}"),
        // The 'v' flag: nested classes, set operations, and ':' never starts a POSIX class.
        ("[[:alpha:]]", "(?:[\\:alpha\\:])"),
        ("[[a-z]--a]", "(?:(?![a])[a-z])"),
        ("[\\d&&[0-1]]", "(?:(?=[0-1])[\\d])"),
        ("[^a-c]", "[^a-c]"),
        ("[^[a-c][x]]", "(?:(?!(?:[a-c]|[x]))[^])"),
        ("[\\-+]", "[\\-+]"),
        ("[^]", "[^]"),
        ("\\/\\.", "\\/\\."),
        ("\\ca", "\\cA"),
        // A named group matches without capturing: URLPattern reports only its own groups.
        ("(?<x>a)", "(?:a)"),
        ("bar(?<x>baz)", "bar(?:baz)"),
    ])
    func translatesToPCRE2WithTheSameMeaning(source: String, pcre2: String) throws {
        #expect(try JavaScriptRegexTranslator.translate(source) == pcre2)
    }

    @Test func dotExcludesOnlyECMAScriptLineTerminators() throws {
        #expect(try JavaScriptRegexTranslator.translate("a.b") == "a\(dot)b")
        #expect(try JavaScriptRegexTranslator.translate("[.]") == "[.]")
        let regex = try CompiledRegex("^" + (try JavaScriptRegexTranslator.translate(".")) + "$", caseless: false)
        let scratch = MatchScratch(captures: 0, limits: MatchLimits())
        for (text, matches) in [("\u{0B}", true), ("\u{85}", true), ("\n", false), ("\r", false), ("\u{2028}", false)] {
            var subject = text
            let matched = try subject.withUTF8 { try regex.match($0, scratch: scratch) }
            #expect(matched == matches, "\(text.unicodeScalars.first!.value)")
        }
    }

    @Test(arguments: [
        ("\\m", 0), ("a\\Q", 1), ("\\K", 0), ("a++", 2), ("*a", 0), ("(?>a)", 0), ("(?i)a", 0),
        // Named groups: a name that is not an identifier, one used twice, a numbered
        // back-reference next to one (ECMAScript would count the named group).
        ("(?<1n>a)", 0), ("(?<n>a)(?<n>b)", 7), ("(?<n>a)\\1", 7), ("(?<n>a", 0),
        ("a{", 1), ("a}", 1), ("]", 0), ("a{3,1}", 1), ("\\k<n>", 0), ("\\uD83D", 0), ("\\01", 0), ("(a", 0),
        ("a)", 1), ("[a", 0), ("[[:a]", 0),
        // What the 'v' flag requires escaped in a class, reserved, or cannot mix.
        ("[/]", 1), ("[a-]", 2), ("[(]", 1), ("[a&&&b]", 5), ("[a-z&&b]", 4), ("[a--b&&c]", 5), ("\\x4", 0), ("\\u{110000}", 0),
        ("\\c1", 0), ("\\-", 0), ("\\p{Foo=Bar}", 0),
        // Strings in a class: not in a negated class (ECMAScript's MayContainStrings), not as an
        // operand of '&&' or '--' (not supported), only characters inside, and closed.
        ("[^\\q{ab}]", 0), ("[^[\\q{ab}]]", 0), ("[^\\q{}]", 0), ("[\\q{ab}&&[a]]", 0), ("[[a-z]--\\q{ab}]", 0), ("[\\q{a\\d}]", 5),
        ("[\\q{a(}]", 5), ("[\\q{ab]", 6), ("[\\qab]", 1),
    ])
    func rejectsWhatECMAScriptRejectsOrPCRE2ReadsDifferently(source: String, offset: Int) {
        #expect {
            try JavaScriptRegexTranslator.translate(source)
        } throws: { error in
            (error as? JavaScriptRegexTranslator.Failure)?.offset == offset
        }
    }

    /// Nested classes are read by recursion: a bound keeps a hostile pattern from exhausting the
    /// stack (a deep one is an error, at the class past the bound).
    @Test func deeplyNestedClassesAreBounded() throws {
        let allowed = String(repeating: "[", count: 32) + "a" + String(repeating: "]", count: 32)
        #expect(try JavaScriptRegexTranslator.translate(allowed).isEmpty == false)
        let deep = String(repeating: "[", count: 100_000) + "a" + String(repeating: "]", count: 100_000)
        #expect {
            try JavaScriptRegexTranslator.translate(deep)
        } throws: { error in
            (error as? JavaScriptRegexTranslator.Failure)?.offset == 32
        }
    }

    /// `\q{…}` in a `v`-mode class: the strings are tried longest first, then the class's single
    /// code points, then the empty string — across nested classes, as ECMAScript's class
    /// compiles them ([a[\q{ab}]] takes "ab", not "a").
    @Test func stringsInAClassMatchLongestFirst() throws {
        #expect(try JavaScriptRegexTranslator.translate("[\\q{abc|d}x]") == "(?:abc|(?:[x]|[d]))")
        #expect(try JavaScriptRegexTranslator.translate("[\\q{a|}]") == "(?:(?:[a])|)")
        let pattern = try URLPattern(URLPatternInit(pathname: "/:x([a[\\q{ab|abc}]])(.*)"))
        let groups = { (path: String) in try pattern.execOrThrow(URLPatternInit(pathname: path))?.pathname.groups }
        #expect(try groups("/abz") == ["x": "ab", "0": "z"])
        #expect(try groups("/abcz") == ["x": "abc", "0": "z"])
        #expect(try groups("/az") == ["x": "a", "0": "z"])
        #expect(try groups("/bz") == nil)
        // Characters that are syntax in a class are escaped inside a string too, and escapes work.
        let escaped = try URLPattern(URLPatternInit(pathname: "/:x([\\q{a\\-b|\\u{E9}t\\u{E9}}])"))
        #expect(escaped.test(URLPatternInit(pathname: "/a-b")))
        #expect(escaped.test(URLPatternInit(pathname: "/%C3%A9t%C3%A9")) == false)  // the pathname is percent-encoded
        #expect(try escaped.execOrThrow(URLPatternInit(pathname: "/ab")) == nil)
    }
}
