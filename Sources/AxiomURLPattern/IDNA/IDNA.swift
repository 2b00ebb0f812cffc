/// UTS #46 ToASCII (https://www.unicode.org/reports/tr46/#ToASCII) with the flags the URL
/// standard's "domain to ASCII" sets (https://url.spec.whatwg.org/#concept-domain-to-ascii):
/// CheckHyphens false, CheckBidi true, CheckJoiners true, UseSTD3ASCIIRules false,
/// Transitional_Processing false, VerifyDnsLength false, IgnoreInvalidPunycode false.
///
/// The data is Unicode's own (see `Scripts/idna/README.md`), so results are the same on every
/// platform, whatever Unicode version its system libraries have.
package enum IDNA {
    /// The Unicode version of the mapping table and character properties.
    package static var unicodeVersion: String { IDNAData.unicodeVersion }

    /// `domain` in ASCII: mapped, normalised, checked, and each label that is not ASCII written
    /// as `xn--` punycode. Throws when UTS #46 records an error, or the result is empty.
    package static func toASCII(_ domain: String) throws(IDNAError) -> String {
        let tables = IDNATables.shared
        // 1. Map (section 4, step 1).
        var mapped: [Unicode.Scalar] = []
        mapped.reserveCapacity(domain.unicodeScalars.count)
        for scalar in domain.unicodeScalars {
            if scalar.isASCII {
                mapped.append(scalar.properties.isUppercase ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar)
                continue
            }
            let (status, replacement) = tables.mapping(scalar)
            switch status {
            case .valid, .deviation: mapped.append(scalar)
            case .mapped: mapped.append(contentsOf: replacement)
            case .ignored: break
            case .disallowed: throw IDNAError(domain: domain, reason: .disallowed(scalar))
            }
        }
        // 2. Normalize; 3. break into labels.
        let normalized = tables.nfc(mapped)
        let labels = normalized.split(separator: ".", omittingEmptySubsequences: false).map(Array.init)
        // 4. Convert and validate each label; keep its Unicode form for the bidi rule.
        var unicodeLabels: [[Unicode.Scalar]] = []
        unicodeLabels.reserveCapacity(labels.count)
        for label in labels {
            if label.count >= 4, label[0] == "x", label[1] == "n", label[2] == "-", label[3] == "-" {
                let text = String(String.UnicodeScalarView(label))
                guard label.allSatisfy(\.isASCII) else {
                    throw IDNAError(domain: domain, reason: .punycodeLabelNotASCII(text))
                }
                guard let decoded = Punycode.decode(label.dropFirst(4).map { UInt8($0.value) }) else {
                    throw IDNAError(domain: domain, reason: .invalidPunycode(text))
                }
                guard !decoded.isEmpty, !decoded.allSatisfy(\.isASCII) else {
                    throw IDNAError(domain: domain, reason: .punycodeOfASCII(text))
                }
                try validate(decoded, decodedFrom: text, domain: domain, tables: tables)
                unicodeLabels.append(decoded)
            } else {
                try validate(label, decodedFrom: nil, domain: domain, tables: tables)
                unicodeLabels.append(label)
            }
        }
        // Section 4.1 criterion 9: the bidi rule holds for every label of a bidi domain name.
        let rightToLeft: Set<BidiClass> = [.r, .al, .an]
        if unicodeLabels.contains(where: { $0.contains { !$0.isASCII && rightToLeft.contains(tables.bidiClass($0)) } }) {
            for label in unicodeLabels where !label.isEmpty {
                if let rule = bidiRuleBroken(label, tables: tables) {
                    throw IDNAError(domain: domain, reason: .bidi(String(String.UnicodeScalarView(label)), rule: rule))
                }
            }
        }
        // ToASCII step 2: punycode every label that is not ASCII.
        var output = ""
        for (index, label) in labels.enumerated() {
            if index > 0 { output += "." }
            if label.allSatisfy(\.isASCII) {
                output.unicodeScalars.append(contentsOf: label)
            } else {
                guard label.count <= Punycode.maximumLength, let encoded = Punycode.encode(label) else {
                    throw IDNAError(domain: domain, reason: .labelTooLong(label.count))
                }
                output += "xn--" + encoded
            }
        }
        guard !output.isEmpty else { throw IDNAError(domain: domain, reason: .empty) }
        return output
    }

    /// The validity criteria of section 4.1, nontransitional, with the URL standard's flags.
    private static func validate(
        _ label: [Unicode.Scalar], decodedFrom punycode: String?, domain: String, tables: IDNATables
    ) throws(IDNAError) {
        let text = { String(String.UnicodeScalarView(label)) }
        if label.allSatisfy(\.isASCII), punycode == nil { return }
        guard label.count <= Punycode.maximumLength else {
            throw IDNAError(domain: domain, reason: .labelTooLong(label.count))
        }
        if let punycode {
            // 1. NFC (a label from the mapping step is normalised already).
            guard tables.nfc(label) == label else { throw IDNAError(domain: domain, reason: .notNFC(punycode)) }
            // 4. With CheckHyphens false, no decoded label may begin with "xn--"; 5. nor hold a dot.
            if label.count >= 4, label[0] == "x", label[1] == "n", label[2] == "-", label[3] == "-" {
                throw IDNAError(domain: domain, reason: .decodesToPunycodePrefix(punycode))
            }
            if label.contains(".") { throw IDNAError(domain: domain, reason: .decodesToDot(punycode)) }
        }
        // 6. No leading combining mark.
        if let first = label.first, tables.isMark(first) {
            throw IDNAError(domain: domain, reason: .leadingMark(text(), first))
        }
        // 7. Only valid (or, nontransitional, deviation) code points.
        for scalar in label {
            let status: IDNAStatus =
                scalar.isASCII ? (scalar.properties.isUppercase ? .mapped : .valid) : tables.mapping(scalar).status
            guard status == .valid || status == .deviation else {
                throw IDNAError(domain: domain, reason: .notValidInLabel(punycode ?? text(), scalar))
            }
        }
        // 8. CheckJoiners: RFC 5892 appendix A.1 and A.2.
        for (index, scalar) in label.enumerated() where scalar == "\u{200C}" || scalar == "\u{200D}" {
            if index > 0, tables.combiningClass(label[index - 1]) == 9 { continue }  // after a virama
            if scalar == "\u{200C}", zeroWidthNonJoinerIsBetweenJoiningLetters(label, at: index, tables: tables) { continue }
            throw IDNAError(domain: domain, reason: .joiner(punycode ?? text(), scalar))
        }
    }

    /// (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
    private static func zeroWidthNonJoinerIsBetweenJoiningLetters(
        _ label: [Unicode.Scalar], at index: Int, tables: IDNATables
    ) -> Bool {
        var before = index - 1
        while before >= 0, tables.joiningType(label[before]) == .transparent { before -= 1 }
        guard before >= 0, [.left, .dual].contains(tables.joiningType(label[before])) else { return false }
        var after = index + 1
        while after < label.count, tables.joiningType(label[after]) == .transparent { after += 1 }
        return after < label.count && [.right, .dual].contains(tables.joiningType(label[after]))
    }

    /// The first of RFC 5893 section 2's six conditions the label breaks, or nil.
    private static func bidiRuleBroken(_ label: [Unicode.Scalar], tables: IDNATables) -> Int? {
        let classes = label.map { tables.bidiClass($0) }
        guard let first = classes.first else { return nil }
        var end = classes.count - 1
        while end > 0, classes[end] == .nsm { end -= 1 }
        switch first {
        case .r, .al:
            let allowed: Set<BidiClass> = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
            guard classes.allSatisfy(allowed.contains) else { return 2 }
            guard [.r, .al, .en, .an].contains(classes[end]) else { return 3 }
            guard !(classes.contains(.en) && classes.contains(.an)) else { return 4 }
            return nil
        case .l:
            let allowed: Set<BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
            guard classes.allSatisfy(allowed.contains) else { return 5 }
            guard [.l, .en].contains(classes[end]) else { return 6 }
            return nil
        default:
            return 1
        }
    }
}

/// Why UTS #46 ToASCII refused a domain: the rule, the label and the code point, in words.
package struct IDNAError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        case disallowed(Unicode.Scalar)
        case punycodeLabelNotASCII(String)
        case invalidPunycode(String)
        case punycodeOfASCII(String)
        case notNFC(String)
        case decodesToPunycodePrefix(String)
        case decodesToDot(String)
        case leadingMark(String, Unicode.Scalar)
        case notValidInLabel(String, Unicode.Scalar)
        case joiner(String, Unicode.Scalar)
        case bidi(String, rule: Int)
        case labelTooLong(Int)
        case empty
    }

    package let domain: String
    package let reason: Reason

    package var description: String {
        switch reason {
        case .disallowed(let scalar):
            return "\(Self.name(scalar)) is not allowed in a domain name (UTS #46 disallows it)"
        case .punycodeLabelNotASCII(let label):
            return "label \(QuotedExcerpt.quote(label)) starts with 'xn--' but is not ASCII (write the label in Unicode, without 'xn--')"
        case .invalidPunycode(let label):
            return "label \(QuotedExcerpt.quote(label)) is not valid punycode"
        case .punycodeOfASCII(let label):
            return "label \(QuotedExcerpt.quote(label)) is punycode for an empty or ASCII-only label (write the label itself)"
        case .notNFC(let label):
            return "label \(QuotedExcerpt.quote(label)) decodes to text that is not in Unicode Normalization Form C"
        case .decodesToPunycodePrefix(let label):
            return "label \(QuotedExcerpt.quote(label)) decodes to a label that itself starts with 'xn--'"
        case .decodesToDot(let label):
            return "label \(QuotedExcerpt.quote(label)) decodes to text containing '.'"
        case .leadingMark(let label, let scalar):
            return "label \(QuotedExcerpt.quote(label)) starts with the combining mark \(Self.name(scalar))"
        case .notValidInLabel(let label, let scalar):
            return "label \(QuotedExcerpt.quote(label)) contains \(Self.name(scalar)), which UTS #46 does not allow in a label"
        case .joiner(let label, let scalar):
            return "label \(QuotedExcerpt.quote(label)) has \(Self.name(scalar)) where RFC 5892's ContextJ rule does not allow it"
        case .bidi(let label, let rule):
            return
                "label \(QuotedExcerpt.quote(label)) breaks rule \(rule) of RFC 5893's bidi rule, which every label of a right-to-left domain name must keep"
        case .labelTooLong(let count):
            return "a label of \(count) code points is longer than the \(Punycode.maximumLength) this engine converts"
        case .empty:
            return "the domain is empty once mapped (only ignored code points)"
        }
    }

    private static func name(_ scalar: Unicode.Scalar) -> String {
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+\(hex)"
    }
}
