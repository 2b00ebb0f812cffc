/// Signs a snapshot (``RouterSnapshot/encode(_:signedBy:)``): where the snapshot is made — a
/// build, a server that publishes route tables.
public protocol RouterSnapshotSigner: Sendable {
    /// The signature of `payload` (the unsigned snapshot's text, as UTF-8).
    func signature(of payload: [UInt8]) -> [UInt8]
}

/// Checks a snapshot's signature before anything of it is read
/// (``Router/init(snapshot:limits:verifier:)``): an app that downloads its route table requires
/// it to come from whoever holds the key. The `AxiomSnapshotSigning` product has an HMAC-SHA256
/// one and an Ed25519 one (the app then ships only the public key), built on swift-crypto, so
/// that this library depends on no cryptography of its own.
public protocol RouterSnapshotVerifier: Sendable {
    /// Whether `signature` is a valid signature of `payload` (compare in constant time).
    func isValidSignature(_ signature: [UInt8], of payload: [UInt8]) -> Bool
}

extension RouterSnapshot {
    /// The snapshot of `router`, signed: its text, `.`, and the base64 signature of that text.
    /// ``Router/init(snapshot:limits:verifier:)`` with the matching verifier loads it; one byte
    /// changed anywhere — its checksum recomputed or not — is refused.
    ///
    /// ```swift
    /// let signed = RouterSnapshot.encode(router, signedBy: signer)   // on the server
    /// let loaded = try Router(snapshot: signed, verifier: verifier)  // in the app
    /// ```
    public static func encode(_ router: Router, signedBy signer: some RouterSnapshotSigner) -> String {
        sign(encode(router), with: signer)
    }

    /// `text` (an unsigned snapshot) signed.
    public static func sign(_ text: String, with signer: some RouterSnapshotSigner) -> String {
        text + "." + Base64.encode(signer.signature(of: Array(text.utf8)))
    }

    /// A snapshot's text apart from its signature (nil when it has none). Base64 has no `.`.
    static func split(_ text: String) -> (payload: Substring, signature: Substring?) {
        guard let dot = text.lastIndex(of: ".") else { return (text[...], nil) }
        return (text[..<dot], text[text.index(after: dot)...])
    }
}

extension RouterSnapshotError.Code {
    /// A verifier was given and the snapshot carries no signature.
    public static let unsigned = Self(rawValue: "unsigned")
    /// The signature is not the verifier's for these contents: altered (a byte changed and its
    /// checksum recomputed), or signed with another key.
    public static let badSignature = Self(rawValue: "bad-signature")
}

extension Router {
    /// Loads a router from a snapshot that must be signed (``RouterSnapshot/encode(_:signedBy:)``):
    /// the signature is checked against `verifier` before a byte of the table is read. An
    /// unsigned snapshot ends ``RouterSnapshotError/Code/unsigned``, one whose signature does not
    /// hold ``RouterSnapshotError/Code/badSignature``: never a table whose `auth` or `sources`
    /// someone else edited. (Without a verifier, ``init(snapshot:limits:)`` reads a signed
    /// snapshot's table and ignores its signature.)
    public convenience init(snapshot: String, limits: MatchLimits = MatchLimits(), verifier: any RouterSnapshotVerifier) throws(RouterSnapshotError) {
        let (payload, signatureText) = RouterSnapshot.split(snapshot)
        guard let signatureText else {
            throw RouterSnapshotError(code: .unsigned, message: "it carries no signature, and this app loads only signed route tables")
        }
        guard let signature = Base64.decode(String(signatureText)), verifier.isValidSignature(signature, of: Array(payload.utf8)) else {
            throw RouterSnapshotError(code: .badSignature, message: "its signature does not hold for its contents (altered, or signed with another key)")
        }
        try self.init(snapshot: String(payload), limits: limits)
    }
}
