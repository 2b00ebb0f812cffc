import Testing

@testable import AxiomRouting

/// Signal for iOS (signalapp/Signal-iOS, AGPL-3.0): the links `UrlOpener.parseUrl` opens, as
/// `Corpus/Signal/signal.routes`, and every URL assertion of the tests of its parsers
/// (`SignalMeTest`, `SignalProxyTest`, `UrlOpenerTest`, `DeviceProvisioningURLTest`), replayed
/// through the engine. `Link` mirrors the app's `OpenableUrl` with the values its parsers read;
/// `link(for:)` builds it from the route's name and typed values only. Each test's own question
/// (is this a phone-number link? a proxy link?) is asked of the same answer.
@Suite struct SignalCorpusTests {
    enum Link: Equatable, Sendable {
        case phoneNumber(e164: String)
        case username(data: String)
        case stickerPack(id: String, key: String)
        case groupInvite(invite: String)
        case proxy(host: String)
        case linkDevice(deviceId: String, publicKey: String)
    }

    static let app = Result { try CorpusApp("Corpus/Signal/signal.routes") }

    /// The engine's answer as the app's value (the web route and its `sgnl:` twin give one value).
    static func link(for url: String) -> Link? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url) else { return nil }
        func text(_ value: RouteValue?) -> String? {
            if case .string(let text)? = value { return text }
            return nil
        }
        let values = match.parameters
        switch match.route.name {
        case "phoneNumber", "phoneNumberApp": return text(values["e164"]).map { .phoneNumber(e164: $0) }
        case "usernameLink", "usernameLinkApp": return text(values["data"]).map { .username(data: $0) }
        case "stickerPack":
            guard let id = text(values["packId"]), let key = text(values["packKey"]) else { return nil }
            return .stickerPack(id: id, key: key)
        case "stickerPackApp":
            guard let id = text(match.query["pack_id"]), let key = text(match.query["pack_key"]) else { return nil }
            return .stickerPack(id: id, key: key)
        case "groupInvite", "groupInviteApp", "joinGroupApp": return .groupInvite(invite: text(values["invite"]) ?? "")
        case "proxy", "proxyApp": return text(values["proxy"]).map { .proxy(host: $0) }
        case "linkDevice":
            guard let id = text(match.query["uuid"]), let key = text(match.query["pub_key"]) else { return nil }
            return .linkDevice(deviceId: id, publicKey: key)
        default: return nil
        }
    }

    /// `SignalMeTest.testIsPossibleUrl`: is the URL a phone-number link (which number)?
    static func phoneNumber(for url: String) -> String? {
        if case .phoneNumber(let e164)? = link(for: url) { return e164 }
        return nil
    }

    /// `SignalProxyTest.testIsValidProxyLink`: is the URL a proxy link (which proxy)?
    static func proxy(for url: String) -> String? {
        if case .proxy(let host)? = link(for: url) { return host }
        return nil
    }

    static let phoneAssertions: [CorpusAssertion<String>] =
        [
            ("https://signal.me/#p/+14085550123", "+14085550123"), ("hTTPs://sigNAL.mE/#P/+14085550123", "+14085550123"),
            ("https://signal.me/#p/+9", "+9"), ("sgnl://signal.me/#p/+14085550123", "+14085550123"),
        ].map { CorpusAssertion("testIsPossibleUrl (valid)", $0.0, $0.1) }
        + [
            "http://signal.me/#p/+14085550123", "signal://signal.me/#p/+14085550123", "https://user:pass@signal.me/#p/+14085550123",
            "https://example.me/#p/+14085550123", "https://signal.org/#p/+14085550123", "https://signal.group/#p/+14085550123",
            "https://signal.art/#p/+14085550123", "https://signal.me:80/#p/+14085550123",
        ].map { CorpusAssertion<String>("testIsPossibleUrl (invalid)", $0, nil) }
        + [
            CorpusAssertion<String>(
                "testIsPossibleUrl (invalid)", "https://signal.me:443/#p/+14085550123", nil,
                differs: "the WHATWG parser drops a scheme's default port, so ':443' is the URL without it; the app compares the text")
        ]
        + [
            "https://signal.me/foo#p/+14085550123", "https://signal.me/#+14085550123", "https://signal.me/#p+14085550123",
            "https://signal.me/#u/+14085550123", "https://signal.me//#p/+14085550123", "https://signal.me/?query=string#p/+14085550123",
            "https://signal.me/#p/4085550123", "https://signal.me/#p/+", "https://signal.me/#p/+one", "https://signal.me/#p/+14085550123x",
            "https://signal.me/#p/+14085550123/",
        ].map { CorpusAssertion<String>("testIsPossibleUrl (invalid)", $0, nil) }

    static let proxyAssertions: [CorpusAssertion<String>] =
        [
            ("https://signal.tube/#example.com", "example.com"), ("sgnl://signal.tube/#example.com", "example.com"),
            ("sgnl://signal.tube/extrapath?extra=query#example.com", "example.com"), ("HTTPS://SIGNAL.TUBE/#EXAMPLE.COM", "EXAMPLE.COM"),
        ].map { CorpusAssertion("testIsValidProxyLink (valid)", $0.0, $0.1) }
        + [
            "http://signal.tube/#example.com", "https://example.net/#example.com", "https://signal.org/#example.com",
            "https://user:pass@signal.tube/#example.com", "https://signal.tube:1234/#example.com", "https://signal.tube",
            "https://signal.tube/example.com", "https://signal.tube/#", "https://signal.tube/#example", "https://signal.tube/#example.com.",
            "https://signal.tube/#example.com/", "https://signal.tube/#" + String(repeating: "x", count: 9999) + ".example.com",
            "https://signal.tube/#https://example.com",
        ].map { CorpusAssertion<String>("testIsValidProxyLink (invalid)", $0, nil) }

    static let zeroKey = "BQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    static let zeroPackId = String(repeating: "0", count: 32)
    static let zeroPackKey = String(repeating: "0", count: 64)

    /// `UrlOpenerTest.testCanOpenWhenNotRegistered`: every kind of link parses.
    static let openerAssertions: [CorpusAssertion<Link>] = [
        CorpusAssertion("testCanOpenWhenNotRegistered", "https://signal.me/#p/+16505550100", .phoneNumber(e164: "+16505550100")),
        CorpusAssertion(
            "testCanOpenWhenNotRegistered", "https://signal.art/addstickers/#pack_id=\(zeroPackId)&pack_key=\(zeroPackKey)",
            .stickerPack(id: zeroPackId, key: zeroPackKey)),
        CorpusAssertion(
            "testCanOpenWhenNotRegistered", "sgnl://addstickers/?pack_id=\(zeroPackId)&pack_key=\(zeroPackKey)",
            .stickerPack(id: zeroPackId, key: zeroPackKey)),
        CorpusAssertion("testCanOpenWhenNotRegistered", "https://signal.group", .groupInvite(invite: "")),
        CorpusAssertion("testCanOpenWhenNotRegistered", "https://signal.tube/#example.com", .proxy(host: "example.com")),
        CorpusAssertion(
            "testCanOpenWhenNotRegistered", "sgnl://linkdevice/?uuid=00000000-0000-4000-8000-000000000000&pub_key=\(zeroKey)",
            .linkDevice(deviceId: "00000000-0000-4000-8000-000000000000", publicKey: zeroKey)),
    ]

    /// `DeviceProvisioningURLTest`: which URLs are device-linking links, and the values read
    /// (`testPublicKey` compares the decoded key with the all-zero key: the text of it here).
    static let provisioningAssertions: [CorpusAssertion<Link>] = [
        CorpusAssertion("testValid", "", nil),
        CorpusAssertion("testValid", "sgnl://linkdevice?uuid=\(zeroKey)", nil),
        CorpusAssertion("testValid", "sgnl://linkdevice?pub_key=\(zeroKey)", nil),
        CorpusAssertion("testValid", "sgnl://linkdevice/uuid=asd&pub_key=\(zeroKey)", nil),
        CorpusAssertion("testValid", "sgnl://linkdevice?uuid=asd&pub_key=\(zeroKey)", .linkDevice(deviceId: "asd", publicKey: zeroKey)),
        CorpusAssertion("testPublicKey", "sgnl://linkdevice?uuid=asd&pub_key=\(zeroKey)", .linkDevice(deviceId: "asd", publicKey: zeroKey)),
        CorpusAssertion("testEphemeralDeviceId", "sgnl://linkdevice?uuid=asd&pub_key=\(zeroKey)", .linkDevice(deviceId: "asd", publicKey: zeroKey)),
    ]

    static var assertionCount: Int { phoneAssertions.count + proxyAssertions.count + openerAssertions.count + provisioningAssertions.count }

    static func agreeing() -> Int {
        replay(phoneAssertions, phoneNumber(for:)) + replay(proxyAssertions, proxy(for:)) + replay(openerAssertions, link(for:))
            + replay(provisioningAssertions, link(for:))
    }

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 11, .workaround: 1])
        let samples: [String: RouteValue] = [
            "p": .string("p"), "e164": .string("+14085550123"), "data": .string("abc_-9"), "packId": .string(Self.zeroPackId),
            "packKey": .string(Self.zeroPackKey), "pack_id": .string(Self.zeroPackId), "pack_key": .string(Self.zeroPackKey),
            "proxy": .string("proxy.example.com:443"), "pub_key": .string(Self.zeroKey), "invite": .string("CjQKIA"),
        ]
        #expect(app.roundTrips(samples: samples) == [])
    }

    @Test func theAppsOwnAssertionsAgree() {
        #expect(Self.assertionCount == 54)
        #expect(Self.agreeing() == 53)
    }

    /// What the table reads that the tests above do not ask: the username link, the group
    /// invite's fragment, and the `sgnl:` twins.
    @Test func theOtherLinksAndSpellings() {
        let data = "xUyrqfkB2Nn5zJupx2mft_zQnVdZtCBY3e-HSO7MG5ZyFCcqzMFEHaa6Fug1oysp"
        #expect(Self.link(for: "https://signal.me/#eu/" + data) == .username(data: data))
        #expect(Self.link(for: "sgnl://signal.me/#eu/" + data) == .username(data: data))
        #expect(Self.link(for: "https://signal.me/?a=1#eu/" + data) == nil)
        #expect(Self.link(for: "https://signal.group/#CjQKIAbc") == .groupInvite(invite: "CjQKIAbc"))
        #expect(Self.link(for: "sgnl://joingroup/#CjQKIAbc") == .groupInvite(invite: "CjQKIAbc"))
        // A sticker pack's key must be 32 bytes; its id, whole bytes.
        #expect(Self.link(for: "https://signal.art/addstickers/#pack_id=abc&pack_key=\(Self.zeroPackKey)") == nil)
        #expect(Self.link(for: "https://signal.art/addstickers/#pack_id=ab&pack_key=00") == nil)
        // A device-linking key that is not a public key's base64 is refused.
        #expect(Self.link(for: "sgnl://linkdevice?uuid=asd&pub_key=AAAA") == nil)
    }
}
