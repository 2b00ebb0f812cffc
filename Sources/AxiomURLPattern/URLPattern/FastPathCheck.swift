/// For the fuzzer (`fuzz-urlpattern`): construction's one-pass readers held to the standard's
/// tokenizer, parser and constructor-string state machine on any input — the oracle a
/// differential test applies to generated strings, applied to what libFuzzer finds.
@_spi(Fuzzing) public enum FastPathCheck {
    /// A description of the first disagreement between a fast path and the standard's way on
    /// `text`, read as a constructor string and as a pattern string of each component's kind;
    /// nil when every fast path that answers answers as the standard's way does.
    public static func disagreement(_ text: String) -> String? {
        var bytes = text
        let plain = bytes.withUTF8 { ConstructorStringParser.parsePlain($0) }
        if let plain {
            let full = Result { () throws(URLPatternError) in try ConstructorStringParser.parseByStateMachine(text) }
            guard case .success(let expected) = full, expected == plain else {
                return "constructor string \(text.debugDescription): one pass gives \(plain), the state machine \(full)"
            }
        }
        let components: [(String, PatternOptions, PatternParser.Encoder)] = [
            ("pathname", .pathname, Canonicalizer.pathname), ("hostname", .hostname, Canonicalizer.hostname),
            ("search", .default, Canonicalizer.search), ("hash", .default, Canonicalizer.hash),
            ("protocol", .default, Canonicalizer.protocol),
        ]
        for (name, options, encode) in components {
            guard let simple = PatternParser.simpleParts(text, options: options, encode: encode) else { continue }
            let full = Result { () throws(PatternSyntaxError) in try PatternParser.parseTokens(text, options: options, encode: encode) }
            guard case .success(let expected) = full, expected == simple else {
                return "\(name) pattern \(text.debugDescription): one pass gives \(simple), the parser \(full)"
            }
        }
        return nil
    }
}
