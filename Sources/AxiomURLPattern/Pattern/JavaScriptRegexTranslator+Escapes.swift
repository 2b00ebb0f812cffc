/// Escapes, in a class or out of one: classes (`\d`), controls, `\x`, `\u`, `\u{…}` and `\p{…}`.
extension JavaScriptRegexTranslator.Translation {
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
