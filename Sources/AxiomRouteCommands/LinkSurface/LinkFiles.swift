import AxiomRouting
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The app file `generate aasa|assetlinks|intent-filters` reads: who the app is on each
/// platform (Docs/schemas/link-app.schema.json).
///
/// ```json
/// {
///   "apple": { "appIDs": ["ABCDE12345.com.example.app"] },
///   "android": { "package": "com.example.app", "sha256CertFingerprints": ["14:6D:…:E5"], "activity": ".MainActivity" }
/// }
/// ```
struct LinkApp: Codable, Sendable {
    struct Apple: Codable, Sendable {
        /// `TEAMID.bundle.id`: the team ID (ten letters and digits), a dot, the bundle ID.
        var appIDs: [String]
    }

    struct Android: Codable, Sendable {
        var package: String
        /// SHA-256 fingerprints of the signing certificates: 32 hex bytes separated by `:`.
        var sha256CertFingerprints: [String]
        /// The activity the intent filters go under (only named in a comment: the filters are
        /// pasted into the manifest).
        var activity: String?
    }

    var apple: Apple?
    var android: Android?

    /// Reads and checks an app file; the error says which field is wrong and how to fix it.
    static func load(_ path: String) throws(LinkFileError) -> LinkApp {
        guard let data = FileManager.default.contents(atPath: path) else { throw LinkFileError("cannot read app file '\(path)'") }
        guard data.count <= 1 << 20 else { throw LinkFileError("app file '\(path)' is over 1 MiB; it holds a few identifiers") }
        let app: LinkApp
        do {
            app = try JSONDecoder().decode(LinkApp.self, from: data)
        } catch {
            throw LinkFileError("app file '\(path)' is not the app file's JSON (\(Self.describe(error))); see Docs/LinkSurface.md, \"The app file\"")
        }
        for id in app.apple?.appIDs ?? [] {
            let parts = id.split(separator: ".", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 10, parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !parts[1].isEmpty else {
                throw LinkFileError("app file '\(path)': apple.appIDs entry '\(id)' is not TEAMID.bundle.id (a ten-character team ID, a dot, the bundle ID)")
            }
        }
        if let android = app.android {
            let package = android.package.split(separator: ".", omittingEmptySubsequences: false)
            guard package.count >= 2, package.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }) else {
                throw LinkFileError("app file '\(path)': android.package '\(android.package)' is not an application ID (e.g. com.example.app)")
            }
            for fingerprint in android.sha256CertFingerprints {
                let bytes = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
                guard bytes.count == 32, bytes.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
                    throw LinkFileError(
                        "app file '\(path)': android.sha256CertFingerprints entry '\(fingerprint)' is not a SHA-256 fingerprint (32 hex bytes separated by ':', as keytool prints it)")
                }
            }
            guard !android.sha256CertFingerprints.isEmpty else {
                throw LinkFileError("app file '\(path)': android.sha256CertFingerprints is empty; Android verifies App Links only against a signing certificate")
            }
        }
        return app
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        default: return "\(error)"
        }
    }
}

struct LinkFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Writing

/// `apple-app-site-association`.
struct AASAFile: Codable {
    struct AppLinks: Codable {
        struct Detail: Codable {
            var appIDs: [String]?
            var appID: String?
            var components: [LinkComponent]?
            var paths: [String]?
            var defaults: LinkComponent?
        }
        var details: [Detail]
    }
    var applinks: AppLinks?
}

/// One statement of `assetlinks.json`.
struct AssetLinksStatement: Codable {
    struct Target: Codable {
        var namespace: String
        var package_name: String?
        var sha256_cert_fingerprints: [String]?
    }
    /// Android's dynamic rule: Apple's keys, but `comments` for the comment.
    struct DynamicComponent: Codable {
        var path: String?
        var query: LinkComponent.Query?
        var fragment: String?
        var exclude: Bool?
        var comments: String?
        enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude, comments
        }
        var component: LinkComponent { LinkComponent(path: path, query: query, fragment: fragment, exclude: exclude) }
    }
    struct Extension: Codable {
        var dynamic_app_link_components: [DynamicComponent]?
    }
    var relation: [String]
    var target: Target
    var relation_extensions: [String: Extension]?

    static let handleAllURLs = "delegate_permission/common.handle_all_urls"
}

extension LinkSurface {
    func aasa(app: LinkApp, host: Host) -> AASAFile {
        let components = components(host: host).map(\.component)
        return AASAFile(applinks: .init(details: [.init(appIDs: app.apple?.appIDs ?? [], components: components)]))
    }

    func assetlinks(app: LinkApp, host: Host, minimumAPI: Int) -> [AssetLinksStatement] {
        let dynamic = dynamicRules(host: host, minimumAPI: minimumAPI).map {
            AssetLinksStatement.DynamicComponent(
                path: $0.component.path, query: $0.component.query, fragment: $0.component.fragment, exclude: $0.component.exclude, comments: $0.component.comment)
        }
        return [
            AssetLinksStatement(
                relation: [AssetLinksStatement.handleAllURLs],
                target: .init(namespace: "android_app", package_name: app.android?.package, sha256_cert_fingerprints: app.android?.sha256CertFingerprints),
                relation_extensions: dynamic.isEmpty ? nil : [AssetLinksStatement.handleAllURLs: .init(dynamic_app_link_components: dynamic)])
        ]
    }

    /// The manifest fragment: one `<intent-filter android:autoVerify="true">` a host.
    func intentFiltersXML(hosts: [Host], minimumAPI: Int, activity: String?) -> String {
        var lines = ["<!-- App Links for \(activity.map { "activity " + $0 } ?? "the app's link activity"), generated by axiom-route from the route table (minimum API \(minimumAPI)). -->"]
        for host in hosts {
            guard host.claimable else {
                lines.append("<!-- The table has no https host: no App Link can be claimed (\(router.origins.map(\.description).joined(separator: ", "))). -->")
                continue
            }
            let (filter, routes, _) = intentFilter(host: host, minimumAPI: minimumAPI)
            lines.append("<!-- \(host.written): \(routes.isEmpty ? "no route opens from a link" : Array(Set(routes)).sorted().joined(separator: ", ")) -->")
            lines.append("<intent-filter android:autoVerify=\"true\">")
            lines.append("    <action android:name=\"android.intent.action.VIEW\" />")
            lines.append("    <category android:name=\"android.intent.category.DEFAULT\" />")
            lines.append("    <category android:name=\"android.intent.category.BROWSABLE\" />")
            lines.append("    <data android:scheme=\"https\" />")
            lines.append("    <data android:host=\"\(Self.xml(host.written))\" />")
            for path in filter.paths { lines.append("    <data android:\(path.attribute)=\"\(Self.xml(path.pattern))\" />") }
            for group in filter.groups {
                if let comment = group.comment { lines.append("    <!-- \(comment.replacingOccurrences(of: "--", with: "- -")) -->") }
                lines.append("    <uri-relative-filter-group android:allow=\"\(group.allow)\">")
                if let path = group.path { lines.append("        <data android:\(path.attribute)=\"\(Self.xml(path.pattern))\" />") }
                for query in group.query {
                    lines.append("        <data android:\(query.attribute.replacingOccurrences(of: "path", with: "query"))=\"\(Self.xml(query.pattern))\" />")
                }
                if let fragment = group.fragment {
                    lines.append("        <data android:\(fragment.attribute.replacingOccurrences(of: "path", with: "fragment"))=\"\(Self.xml(fragment.pattern))\" />")
                }
                lines.append("    </uri-relative-filter-group>")
            }
            lines.append("</intent-filter>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

// MARK: - Reading a team's own files

/// An association file read back: what it claims, as the platform would.
enum AssociationFile {
    case aasa(ComponentList, source: String)
    case assetlinks(ComponentList?, source: String)
    case intentFilters([IntentFilterModel], source: String)

    var source: String {
        switch self {
        case .aasa(_, let source), .assetlinks(_, let source), .intentFilters(_, let source): return source
        }
    }

    /// Reads `data` (named `source`) as whichever of the three it is.
    static func read(_ data: Data, source: String) throws(LinkFileError) -> AssociationFile {
        let text = String(decoding: data, as: UTF8.self)
        if text.drop(while: \.isWhitespace).hasPrefix("<") { return .intentFilters(try IntentFilterReader.read(data, source: source), source: source) }
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            throw LinkFileError("\(source) is neither JSON (an apple-app-site-association or assetlinks.json) nor XML (intent filters)")
        }
        if json is [Any] {
            let statements: [AssetLinksStatement]
            do {
                statements = try JSONDecoder().decode([AssetLinksStatement].self, from: data)
            } catch {
                throw LinkFileError("\(source) is not an assetlinks.json: \(LinkApp.describe(error))")
            }
            let dynamic = statements.filter { $0.relation.contains(AssetLinksStatement.handleAllURLs) }
                .compactMap { $0.relation_extensions?[AssetLinksStatement.handleAllURLs]?.dynamic_app_link_components }.first
            return .assetlinks(dynamic.map { ComponentList(components: $0.map(\.component)) }, source: source)
        }
        let file: AASAFile
        do {
            file = try JSONDecoder().decode(AASAFile.self, from: data)
        } catch {
            throw LinkFileError("\(source) is not an apple-app-site-association: \(LinkApp.describe(error))")
        }
        guard let detail = file.applinks?.details.first else {
            throw LinkFileError("\(source) has no applinks.details: it claims no universal link")
        }
        if let components = detail.components { return .aasa(ComponentList(components: components, defaults: detail.defaults), source: source) }
        // The paths of iOS 12 and earlier: `NOT /x` excludes; only the path is compared.
        let components = (detail.paths ?? []).map { path -> LinkComponent in
            path.hasPrefix("NOT ") ? LinkComponent(path: String(path.dropFirst(4)), exclude: true) : LinkComponent(path: path)
        }
        return .aasa(ComponentList(components: components), source: source)
    }
}

/// Reads `<intent-filter>` blocks (a manifest or a fragment of one) into filter models.
final class IntentFilterReader: NSObject, XMLParserDelegate {
    private var filters: [IntentFilterModel] = []
    private var current: IntentFilterModel? = nil
    private var group: IntentFilterModel.Group? = nil
    private var problem: String? = nil
    private var parseError: (any Error)? = nil
    private var errorLine: Int? = nil

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        if parseError == nil {
            parseError = error
            errorLine = parser.lineNumber
        }
    }

    static func read(_ data: Data, source: String) throws(LinkFileError) -> [IntentFilterModel] {
        // A fragment may hold several filters side by side: wrap it, and name the prefix.
        var text = String(decoding: data, as: UTF8.self)
        if let declaration = text.range(of: "?>"), text.hasPrefix("<?xml") { text = String(text[declaration.upperBound...]) }
        let wrapped = "<root xmlns:android=\"http://schemas.android.com/apk/res/android\">" + text + "</root>"
        let reader = IntentFilterReader()
        let parser = XMLParser(data: Data(wrapped.utf8))
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        guard parser.parse(), reader.parseError == nil else {
            throw LinkFileError(
                "\(source) is not well-formed XML: \((reader.parseError ?? parser.parserError).map { "\($0.localizedDescription)" } ?? "unknown error") near line \(reader.errorLine ?? parser.lineNumber)"
            )
        }
        if let problem = reader.problem { throw LinkFileError("\(source): \(problem)") }
        return reader.filters.filter { !$0.schemes.isEmpty }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        switch name {
        case "intent-filter": current = IntentFilterModel(schemes: [], hosts: [], paths: [])
        case "uri-relative-filter-group": group = IntentFilterModel.Group(allow: attributes["android:allow"] != "false")
        case "data":
            for (key, value) in attributes {
                let attribute = key.hasPrefix("android:") ? String(key.dropFirst(8)) : key
                if var group {
                    guard let rule = AndroidPathRule.make(attribute: attribute, value) else { continue }
                    if attribute.hasPrefix("path") { group.path = rule }
                    if attribute.hasPrefix("query") { group.query.append(rule) }
                    if attribute.hasPrefix("fragment") { group.fragment = rule }
                    self.group = group
                    continue
                }
                switch attribute {
                case "scheme": current?.schemes.append(value.lowercased())
                case "host": current?.hosts.append(value)
                default:
                    if attribute.hasPrefix("path"), let rule = AndroidPathRule.make(attribute: attribute, value) {
                        if case .advanced(let pattern) = rule, !AndroidGlob.isValidAdvanced(pattern) {
                            problem = "android:pathAdvancedPattern '\(pattern)' is one Android refuses (a modifier with no character before it, or an unclosed set or range)"
                        }
                        current?.paths.append(rule)
                    }
                }
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "intent-filter":
            if let current { filters.append(current) }
            current = nil
        case "uri-relative-filter-group":
            if let group { current?.groups.append(group) }
            group = nil
        default: break
        }
    }
}

// MARK: - URLs a file's own rules claim

extension AssociationFile {
    /// URLs on `host` that the file's rules claim, each wildcard filled in a few ways: what
    /// finds a dead end on a path no route has (the table's own URLs cannot).
    func probes(host: String) -> [String] {
        let base = "https://" + host
        var urls: [String] = []
        func apple(_ pattern: String, _ fill: String) -> String {
            pattern.map { $0 == "*" ? fill : $0 == "?" ? "x" : String($0) }.joined()
        }
        switch self {
        case .aasa(let list, _), .assetlinks(let list?, _):
            for component in list.components where component.exclude != true {
                for fill in ["x", "x/y"] {
                    var url = base + apple(component.path ?? "/*", fill)
                    if case .items(let items) = component.query {
                        url += "?" + items.sorted { $0.key < $1.key }.map { $0.key + "=" + apple($0.value, "x") }.joined(separator: "&")
                    }
                    if let fragment = component.fragment { url += "#" + apple(fragment, fill) }
                    urls.append(url)
                }
            }
        case .assetlinks(nil, _): break
        case .intentFilters(let filters, _):
            for filter in filters {
                for rule in filter.paths + filter.groups.filter(\.allow).compactMap(\.path) {
                    urls.append(base + rule.example)
                }
                for group in filter.groups where group.allow {
                    guard let path = group.path else { continue }
                    let query = group.query.map(\.example).joined(separator: "&")
                    urls.append(base + path.example + (query.isEmpty ? "" : "?" + query) + (group.fragment.map { "#" + $0.example } ?? ""))
                }
            }
        }
        return urls.filter { LinkURL($0) != nil }
    }
}

extension AndroidPathRule {
    /// A text this rule takes, wildcards filled with `x` (what `probes` tries).
    var example: String {
        switch self {
        case .literal(let text): return text
        case .prefix(let text): return text + "x"
        case .suffix(let text): return "/x" + text
        case .glob(let pattern):
            var out = ""
            var characters = Array(pattern)[...]
            while let c = characters.popFirst() {
                if c == "\\", let next = characters.popFirst() {
                    out.append(next)
                } else if characters.first == "*" {
                    characters.removeFirst()
                    if c == "." { out += "x" }
                } else {
                    out += c == "." ? "x" : String(c)
                }
            }
            return out
        case .advanced(let pattern):
            // The literal text before the first special character, then a filler.
            var out = ""
            var characters = Array(pattern)[...]
            while let c = characters.popFirst() {
                if c == "\\", let next = characters.popFirst() {
                    out.append(next)
                } else if ".[]{}*+".contains(c) {
                    return out + "x"
                } else {
                    out.append(c)
                }
            }
            return out
        }
    }
}
