import AxiomURLPattern

/// The query items that platforms, ad networks and mail tools append to links for their own
/// counting (`utm_source`, `gclid`, `fbclid` …): attribution, not navigation.
///
/// They never steer routing. A router takes them out of the query before any route sees it, so
/// they are never required, never matched, never refused by a closed query, never part of a
/// `rest` map or a `to-end` value, and never in a URL reverse routing prints: adding or removing
/// them changes neither the route nor its values. The app gets them beside the match
/// (``RouteMatch/attribution``), to hand to its analytics. A table cannot declare one as a
/// query parameter (`E330`).
///
/// The list is ``standard`` plus what the table adds with `attribution NAME, PREFIX*, …`
/// (Docs/LinkSurface.md, "Attribution parameters"). Names compare without regard to ASCII case,
/// after percent-decoding: `UTM_Source` and `utm%5Fsource` are `utm_source`.
public struct AttributionParameters: Sendable, Hashable, CustomStringConvertible {
    /// Whole names, lowercase.
    public let names: Set<String>
    /// Name prefixes, lowercase (`utm_` for every `utm_*`).
    public let prefixes: [String]

    /// The names and prefixes every table starts with: Google Analytics' `utm_*` and its linker
    /// (`_ga`, `_gl`), the click ids of Google Ads (`gclid`, `gclsrc`, `dclid`, `gbraid`,
    /// `wbraid`), Meta (`fbclid`, `igshid`), Microsoft Ads (`msclkid`), X (`twclid`), TikTok
    /// (`ttclid`), LinkedIn (`li_fat_id`), Yandex (`yclid`), Pinterest (`epik`), Snapchat
    /// (`sccid`), Mailchimp (`mc_cid`, `mc_eid`), Adobe (`s_kwcid`), HubSpot (`_hsenc`,
    /// `_hsmi`), Marketo (`mkt_tok`), and Google's Search result link id (`srsltid`).
    public static let standard = AttributionParameters(
        names: [
            "_ga", "_gl", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "igshid", "msclkid", "twclid", "ttclid",
            "li_fat_id", "yclid", "epik", "sccid", "mc_cid", "mc_eid", "s_kwcid", "_hsenc", "_hsmi", "mkt_tok", "srsltid",
        ],
        prefixes: ["utm_"])

    /// The first bytes (lowercase) a name or prefix starts with, bit by bit: most query items
    /// of a URL are ruled out by their first byte, without a copy.
    private let firstBytes: (UInt64, UInt64)

    /// Names and prefixes as given (lowercased).
    public init(names: Set<String>, prefixes: [String]) {
        self.names = Set(names.map(\.asciiLowercased))
        self.prefixes = prefixes.map(\.asciiLowercased).sorted()
        var low: UInt64 = 0
        var high: UInt64 = 0
        for text in self.names.union(self.prefixes) {
            guard let byte = text.utf8.first else {
                // An empty prefix would take every name: mark every byte.
                (low, high) = (.max, .max)
                continue
            }
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) } else { (low, high) = (.max, .max) }
        }
        firstBytes = (low, high)
    }

    public static func == (lhs: AttributionParameters, rhs: AttributionParameters) -> Bool {
        lhs.names == rhs.names && lhs.prefixes == rhs.prefixes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(names)
        hasher.combine(prefixes)
    }

    /// Whether an item whose (encoded) name starts with `byte` may be one.
    private func mayStart(with byte: UInt8) -> Bool {
        // An escape or a `+` may decode to anything.
        if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") || byte >= 128 { return true }
        let lowered = byte.asciiLowercased
        return lowered < 64 ? firstBytes.0 & (1 << UInt64(lowered)) != 0 : firstBytes.1 & (1 << UInt64(lowered - 64)) != 0
    }

    /// This list with `entries` added: a name, or a prefix written with a final `*` (`ref_*`).
    public func adding(_ entries: [String]) -> AttributionParameters {
        var names = self.names
        var prefixes = self.prefixes
        for entry in entries {
            if entry.hasSuffix("*") {
                let prefix = String(entry.dropLast()).asciiLowercased
                if !prefixes.contains(prefix) { prefixes.append(prefix) }
            } else {
                names.insert(entry.asciiLowercased)
            }
        }
        return AttributionParameters(names: names, prefixes: prefixes)
    }

    /// Whether an item of this (decoded) name is attribution.
    public func contains(_ name: String) -> Bool {
        let lowered = name.asciiLowercased
        return names.contains(lowered) || prefixes.contains { !$0.isEmpty && lowered.hasPrefix($0) }
    }

    public var description: String { (names.sorted() + prefixes.map { $0 + "*" }).joined(separator: ", ") }

    /// One attribution item of a URL, decoded.
    public struct Item: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public let value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
        public var description: String { name + "=" + value }
    }

    /// `query` without its attribution items, and those items (decoded, in order); nil when it
    /// has none (the common case: nothing is copied). The routed query is nil when nothing else
    /// is left.
    func split(_ query: String, plusIsSpace: Bool) -> (routed: String?, items: [Item])? {
        // Most queries carry none: one pass over the names finds that without copying.
        var found = false
        var atItemStart = true
        var itemStart = query.utf8.startIndex
        for index in query.utf8.indices {
            let byte = query.utf8[index]
            if byte == UInt8(ascii: "&") {
                atItemStart = true
                continue
            }
            guard atItemStart else { continue }
            atItemStart = false
            itemStart = index
            guard mayStart(with: byte) else { continue }
            let item = query[itemStart...].prefix { $0 != "&" }
            let name = item.prefix { $0 != "=" }
            if contains(Self.decode(name, plusIsSpace: plusIsSpace)) {
                found = true
                break
            }
        }
        guard found else { return nil }
        var kept: [Substring] = []
        var items: [Item] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = item.firstIndex(of: "=") {
                name = item[..<equals]
                value = item[item.index(after: equals)...]
            } else {
                name = item
                value = item[item.endIndex...]
            }
            let decodedName = Self.decode(name, plusIsSpace: plusIsSpace)
            if contains(decodedName) {
                items.append(Item(name: decodedName, value: Self.decode(value, plusIsSpace: plusIsSpace)))
            } else {
                kept.append(item)
            }
        }
        return (kept.isEmpty ? nil : kept.joined(separator: "&"), items)
    }

    /// Form decoding (`+` as a space when the table reads it so, then percent-decoding; an
    /// invalid escape is kept as written, as the URL standard reads it).
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        let bytes = text.utf8.map { plusIsSpace && $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return String(decoding: percentDecode(bytes), as: UTF8.self)
    }
}
