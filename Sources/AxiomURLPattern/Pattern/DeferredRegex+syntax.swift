/// Reading regexp syntax to decide when PCRE2 compiles (``DeferredRegex``): the pattern layer's
/// part, beside the translator, so that the PCRE2 layer reads no pattern syntax.
extension DeferredRegex {
    /// Whether a component's translated regexp may be compiled at its first match: short
    /// enough, and every regexp group among `parts` one that PCRE2 cannot refuse once
    /// ``JavaScriptRegexTranslator`` has accepted it (``isPlainRegexp(_:)``).
    package static func isDeferrable(_ source: String, parts: [Part]) -> Bool {
        source.utf8.count <= maxSourceLength && parts.allSatisfy { $0.kind != .regexp || isPlainRegexp($0.value) }
    }

    /// Whether a regexp group's ECMAScript text is of the plain kind whose PCRE2 translation
    /// cannot fail to compile once the translator has accepted it: ASCII characters; `.`,
    /// `^`, `$`, `|`; the quantifiers `*`, `+`, `?` (lazy too); escapes of punctuation and
    /// the classes `\d`, `\D`, `\w`, `\W`, `\s`, `\S`; and classes `[…]` (negated or
    /// not) of letters, digits, `_`, those escapes and ranges between letters or digits in
    /// order (`[a-z0-9_]`, `[^\/]`). Nothing that PCRE2 alone checks: no group (so no
    /// capture that would shift the component's groups, no lookbehind PCRE2 finds too
    /// long), no counted quantifier (PCRE2 caps its numbers), no back-reference, no range
    /// PCRE2 finds out of order, no nested class or class set operation.
    ///
    /// What the translator refuses (a quantifier with nothing to repeat, a lone `]`) it
    /// still refuses at construction: this only decides when PCRE2 compiles.
    package static func isPlainRegexp(_ regexp: String) -> Bool {
        var bytes = regexp.utf8.makeIterator()
        var inClass = false
        // In a class: the previous item when it can start a range (a letter or digit), and
        // whether a `-` follows it.
        var rangeStart: UInt8? = nil
        var rangeOpen = false
        var classStart = false
        while let byte = bytes.next() {
            guard byte >= 0x20, byte < 0x7F else { return false }
            let isAlphanumeric = byte.isASCIIAlphanumeric
            if byte == UInt8(ascii: "\\") {
                guard let escaped = bytes.next(), escaped >= 0x20, escaped < 0x7F else { return false }
                // `\d` and its kin, or punctuation (an identity escape); no letter or digit
                // else (`\b`, `\1`, `\u…`, `\p{…}`, `\q{…}`).
                if escaped.isASCIIAlphanumeric {
                    guard "dDwWsS".utf8.contains(escaped) else { return false }
                }
                guard !rangeOpen else { return false }
                rangeStart = nil
                classStart = false
                continue
            }
            if inClass {
                switch byte {
                case UInt8(ascii: "]"):
                    guard !rangeOpen else { return false }
                    inClass = false
                case UInt8(ascii: "^") where classStart:
                    break
                case UInt8(ascii: "-"):
                    guard rangeStart != nil, !rangeOpen else { return false }
                    rangeOpen = true
                    classStart = false
                    continue
                default:
                    guard isAlphanumeric || byte == UInt8(ascii: "_") else { return false }
                    if rangeOpen {
                        guard let start = rangeStart, isAlphanumeric, start <= byte else { return false }
                        rangeOpen = false
                        rangeStart = nil
                    } else {
                        rangeStart = isAlphanumeric ? byte : nil
                    }
                }
                classStart = false
                continue
            }
            switch byte {
            case UInt8(ascii: "["):
                inClass = true
                classStart = true
                rangeStart = nil
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"):
                return false
            default:
                break
            }
        }
        return !inClass
    }
}
