/// A token of a URLPattern pattern string (https://urlpattern.spec.whatwg.org/#tokens).
package struct PatternToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `{`
        case open
        /// `}`
        case close
        /// `(…)`: the value is the regexp without the parentheses.
        case regexp
        /// `:name`: the value is the name.
        case name
        /// Any other single code point.
        case char
        /// `\x`: the value is `x`.
        case escapedChar
        /// `?` or `+`.
        case otherModifier
        /// `*`
        case asterisk
        /// The end of the input.
        case end
        /// Only under the lenient policy: a code point that starts invalid syntax.
        case invalidChar
    }

    package var kind: Kind
    /// Where the token starts in the input, in Unicode scalars.
    package var index: Int
    /// The token's value (see ``Kind``).
    package var value: String
}

/// How the tokenizer treats invalid syntax.
package enum TokenizePolicy {
    /// Throw (pattern strings).
    case strict
    /// Emit an `invalidChar` token and go on (constructor strings, which are split first).
    case lenient
}

/// Whether `scalar` may appear in a group name (https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point).
package func isValidNameCodePoint(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
    // ASCII (most names) without the Unicode property tables: ID_Start is the letters,
    // ID_Continue adds the digits and `_`.
    if scalar.isASCII {
        let value = scalar.value | 0x20
        if value >= 0x61 && value <= 0x7A { return true }
        if scalar == "$" || scalar == "_" { return true }
        return !first && scalar.value >= 0x30 && scalar.value <= 0x39
    }
    if first { return scalar == "$" || scalar == "_" || scalar.properties.isIDStart }
    return scalar == "$" || scalar == "\u{200C}" || scalar == "\u{200D}" || scalar.properties.isIDContinue
}
