import Testing

@testable import AxiomURLPattern

@Suite struct URLParserTests {
    @Test(arguments: [
        ("HTTPS://Example.COM:443/a/./b/../c?q#h", "https://example.com/a/c?q#h"),
        ("http://example.com:8080", "http://example.com:8080/"),
        ("https://user:pa ss@example.com/", "https://user:pa%20ss@example.com/"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"),
        ("http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/"),
        ("http://[::ffff:192.168.0.1]/", "http://[::ffff:c0a8:1]/"),
        ("https://example.com/a b/é", "https://example.com/a%20b/%C3%A9"),
        ("https://example.com/%2e%2E/x", "https://example.com/x"),
        ("https://example.com\\a\\b", "https://example.com/a/b"),
        ("https://example.com/?a b'c", "https://example.com/?a%20b%27c"),
        ("app://Profile/42?a b'c", "app://Profile/42?a%20b'c"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
        ("  https://example.com/\t\nx  ", "https://example.com/x"),
        ("file:///C|/dir/../x", "file:///C:/x"),
        ("https://example.com#frag ment", "https://example.com/#frag%20ment"),
    ])
    func parsesAndSerializesLikeTheStandard(input: String, href: String) throws {
        #expect(try URLRecord(input).href == href)
    }

    @Test func resolvesRelativeReferencesAgainstABase() throws {
        let base = try URLRecord("https://example.com/a/b/c?q#h")
        #expect(try URLRecord("d", base: base).href == "https://example.com/a/b/d")
        #expect(try URLRecord("../d", base: base).href == "https://example.com/a/d")
        #expect(try URLRecord("/d", base: base).href == "https://example.com/d")
        #expect(try URLRecord("?x", base: base).href == "https://example.com/a/b/c?x")
        #expect(try URLRecord("#y", base: base).href == "https://example.com/a/b/c?q#y")
        #expect(try URLRecord("//other.org/p", base: base).href == "https://other.org/p")
    }

    @Test(arguments: [
        "", "no-scheme", "https://", "http://exa mple.com/", "http://example.com:99999/", "http://example.com:8o/",
        "http://[::1/", "http://1.2.3.256/", "https://user@/", "http://%zz.com/",
    ])
    func rejectsWhatIsNotAURL(input: String) {
        #expect(throws: URLParseError.self) { try URLRecord(input) }
    }

    @Test func exposesComponentsSeparately() throws {
        let url = try URLRecord("https://u:p@Example.com:8443/a%2Fb/c?x=1#top")
        #expect(url.scheme == "https")
        #expect(url.username == "u")
        #expect(url.password == "p")
        #expect(url.host == .domain("example.com"))
        #expect(url.port == 8443)
        #expect(url.pathname == "/a%2Fb/c")
        #expect(url.query == "x=1")
        #expect(url.fragment == "top")
        #expect(url.isSpecial)
        #expect(!url.hasOpaquePath)
    }

    @Test func keepsNonSpecialHostsOpaqueAndPathsOpaqueWithoutSlashes() throws {
        let app = try URLRecord("myapp://Profile/42")
        #expect(app.host == .opaque("Profile"))
        #expect(app.pathname == "/42")
        let mail = try URLRecord("mailto:a@b.c")
        #expect(mail.host == nil)
        #expect(mail.hasOpaquePath)
        #expect(mail.pathname == "a@b.c")
    }
}
