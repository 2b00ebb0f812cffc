// swift-format-ignore-file
// (Each test holds a Docs/Patterns.md example as the guide shows it; SwiftExampleLedgerTests
// checks that they still agree.)
import AxiomURLPattern
import Testing

/// The Swift examples of Docs/Patterns.md, as written, with what their comments say checked.
@Suite struct PatternsGuideTests {
    @Test func overview() throws {
        let profile = try URLPattern("app://profile/:userId")
        let result = profile.exec("app://profile/42")
        let userId = result?.pathname["userId"]          // "42"

        let settings = try URLPattern("https://example.com/settings/*")
        let rest = settings.exec("https://example.com/settings/privacy/ads")?.pathname["0"]   // "privacy/ads"
        #expect(userId == "42")
        #expect(rest == "privacy/ads")
    }

    @Test func fromParts() throws {
        let c = try URLPattern(URLPatternInit(protocol: "http{s}?", hostname: "*.example.com", pathname: "/books/:id"))
        let d = try URLPattern(URLPatternInit(pathname: ":id", baseURL: "https://example.com/books/"))  // pathname "/books/:id"
        #expect(c.test("https://shop.example.com/books/7"))
        #expect(!c.test("ftp://shop.example.com/books/7"))
        #expect(d.pathname == "/books/:id")
    }

    @Test func optionalAndWildcardGroups() throws {
        let optional = try URLPattern(URLPatternInit(pathname: "/foo/:bar?"))
        let bar = optional.exec(URLPatternInit(pathname: "/foo"))?.pathname.groups["bar"]    // .some(nil)
        let wildcard = try URLPattern(URLPatternInit(pathname: "/foo/*"))
        let empty = wildcard.exec(URLPatternInit(pathname: "/foo/"))?.pathname.groups["0"]   // .some("")
        #expect(bar == .some(nil))
        #expect(empty == .some(""))
    }

    @Test func internationalHosts() throws {
        let shop = try URLPattern("https://:shop.bücher.example/*")
        let hostname = shop.hostname                                           // ":shop.xn--bcher-kva.example"
        let groups = shop.exec("https://Café.BÜCHER.example/x")?.hostname.groups   // ["shop": "xn--caf-dma"]
        let joined = shop.test("https://a\u{200D}b.bücher.example/x")          // false: a joiner ContextJ refuses
        let replacement = try? URLPattern("https://a\u{FFFD}.example/")        // nil: U+FFFD is not allowed (it throws)
        #expect(hostname == ":shop.xn--bcher-kva.example")
        #expect(groups == ["shop": "xn--caf-dma"])
        #expect(!joined)
        #expect(replacement == nil)
    }

    @Test func inputThatIsNotAURL() throws {
        let pattern = try URLPattern("https://example.com/:id")
        let none = pattern.exec("not a url")                   // nil, as the standard says
        do { _ = try pattern.execOrThrow("not a url") }        // throws URLPatternMatchError.invalidURL(…)
        catch { print(error) }
        #expect(none == nil)
        #expect(throws: URLPatternMatchError.self) { try pattern.execOrThrow("not a url") }
    }

    @Test func anInvalidPatternSaysWhereAndWhy() throws {
        do { _ = try URLPattern("https://example.com/:id/:id") } catch { print(error); print(error.annotatedPattern) }
        #expect {
            _ = try URLPattern("https://example.com/:id/:id")
        } throws: { error in
            "\(error)".contains("duplicate group name 'id'")
        }
    }
}
