import AxiomSnapshotSigning
import Crypto
import Testing

@testable import AxiomRouting

/// Snapshots from elsewhere (issue 51): an app that downloads its route table can require it
/// signed. A one-byte edit with the checksum recomputed loads without a verifier — dropping a
/// route's `auth` — and is refused with one; so is an unsigned snapshot, or one signed with
/// another key.
@Suite struct SignedSnapshotTests {
    static let table = """
        origins myapp:
        route home /
        route account /account
          auth
          sources inApp
        """

    let router: Router
    init() throws { router = try Router(source: RouteSource(name: "t.routes", text: Self.table)) }

    /// `text` (an unsigned snapshot) with the account route's `auth` dropped and its checksum
    /// recomputed: what an attacker with the file and no key can do.
    static func resealedWithoutAuth(_ text: String) throws -> String {
        var bytes = try #require(Base64.decode(text))
        let body = bytes.count - 8
        let unlocked = try Router(snapshot: text)
        #expect(unlocked.route(named: "account")?.metadata.requiresAuthentication == true)
        // Try every byte for the one edit that drops `auth` and still loads.
        for index in 4..<body {
            var edited = bytes
            edited[index] ^= 1
            let checksum = SnapshotReader.fnv1a(edited[..<body])
            for shift in 0..<8 { edited[body + shift] = UInt8(truncatingIfNeeded: checksum >> UInt64(8 * shift)) }
            let candidate = Base64.encode(edited)
            if let loaded = try? Router(snapshot: candidate), loaded.route(named: "account")?.metadata.requiresAuthentication == false,
                loaded.route(named: "account") != nil
            {
                return candidate
            }
        }
        bytes.removeAll()
        Issue.record("no one-byte edit drops auth")
        return text
    }

    @Test func aResealedSnapshotLoadsUnverifiedAndIsRefusedVerified() throws {
        let key = SymmetricKey(size: .bits256)
        let signer = HMACSnapshotSigner(key: key)
        let signed = RouterSnapshot.encode(router, signedBy: signer)
        // The signed one loads, whole, with the verifier.
        let loaded = try Router(snapshot: signed, verifier: signer)
        #expect(loaded.route(named: "account")?.metadata.requiresAuthentication == true)
        #expect(try loaded.resolve("myapp://account").get().route.name == "account")
        // The attack: one byte edited, the checksum recomputed, the old signature kept.
        let (payload, signature) = RouterSnapshot.split(signed)
        let resealed = try Self.resealedWithoutAuth(String(payload))
        #expect(try Router(snapshot: resealed).route(named: "account")?.metadata.requiresAuthentication == false)  // the hole without a verifier
        let forged = resealed + "." + String(try #require(signature))
        #expect(throws: RouterSnapshotError.self) { try Router(snapshot: forged, verifier: signer) }
        do {
            _ = try Router(snapshot: forged, verifier: signer)
        } catch {
            #expect(error.code == .badSignature)
            #expect(error.description.contains("signature does not hold"))
        }
        // Unsigned, with a verifier: refused.
        do {
            _ = try Router(snapshot: resealed, verifier: signer)
            Issue.record("an unsigned snapshot loaded")
        } catch {
            #expect(error.code == .unsigned)
        }
        // Signed with another key: refused.
        let other = RouterSnapshot.encode(router, signedBy: HMACSnapshotSigner(key: SymmetricKey(size: .bits256)))
        #expect(throws: RouterSnapshotError.self) { try Router(snapshot: other, verifier: signer) }
        // A signature that is not base64, or empty: refused.
        for bad in [String(payload) + ".!!", String(payload) + "."] {
            #expect(throws: RouterSnapshotError.self) { try Router(snapshot: bad, verifier: signer) }
        }
    }

    /// Docs/Routing.md, "Signed snapshots": the example as written.
    @Test func theGuidesExample() throws {
        let privateKey = Curve25519.Signing.PrivateKey()
        let publicKeyBytes = Array(privateKey.publicKey.rawRepresentation)
        let signer = Ed25519SnapshotSigner(key: privateKey)                // on the server
        let published = RouterSnapshot.encode(router, signedBy: signer)
        let verifier = try Ed25519SnapshotVerifier(rawKey: publicKeyBytes) // in the app
        let downloaded = try Router(snapshot: published, verifier: verifier)
        #expect(downloaded.routes.map(\.name) == router.routes.map(\.name))
        #expect(downloaded.route(named: "account")?.metadata.allowedSources == ["inApp"])
    }

    @Test func anEd25519SignedSnapshotVerifiesWithThePublicKeyAlone() throws {
        let privateKey = Curve25519.Signing.PrivateKey()
        let signer = Ed25519SnapshotSigner(key: privateKey)
        let signed = RouterSnapshot.encode(router, signedBy: signer)
        let publicKey = Array(privateKey.publicKey.rawRepresentation)
        let verifier = try Ed25519SnapshotVerifier(rawKey: publicKey)
        #expect(try Router(snapshot: signed, verifier: verifier).route(named: "account") != nil)
        // Any byte of the text changed: refused.
        var bytes = Array(signed.utf8)
        bytes[bytes.count / 3] = bytes[bytes.count / 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(throws: RouterSnapshotError.self) { try Router(snapshot: String(decoding: bytes, as: UTF8.self), verifier: verifier) }
        // Without a verifier a signed snapshot still loads (its signature ignored).
        #expect(try Router(snapshot: signed).route(named: "home") != nil)
    }
}
