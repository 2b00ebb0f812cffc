public import AxiomRouting
public import Crypto

/// HMAC-SHA256 over a route-table snapshot: one secret key signs and verifies. Use it where both
/// ends keep the key secret (a server that publishes tables and a client of its own); an app on
/// users' devices should verify with ``Ed25519SnapshotVerifier``, which needs only a public key.
///
/// ```swift
/// let key = SymmetricKey(data: secret)
/// let signed = RouterSnapshot.encode(router, signedBy: HMACSnapshotSigner(key: key))
/// let router = try Router(snapshot: signed, verifier: HMACSnapshotSigner(key: key))
/// ```
public struct HMACSnapshotSigner: RouterSnapshotSigner, RouterSnapshotVerifier {
    let key: SymmetricKey

    public init(key: SymmetricKey) { self.key = key }

    public func signature(of payload: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: payload, using: key))
    }

    /// Compared in constant time (swift-crypto's `isValidAuthenticationCode`).
    public func isValidSignature(_ signature: [UInt8], of payload: [UInt8]) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: payload, using: key)
    }
}

/// Signs snapshots with an Ed25519 private key (kept where tables are published).
public struct Ed25519SnapshotSigner: RouterSnapshotSigner {
    let key: Curve25519.Signing.PrivateKey

    public init(key: Curve25519.Signing.PrivateKey) { self.key = key }

    /// The signature, or none (an empty one, which no verifier accepts) should the key fail.
    public func signature(of payload: [UInt8]) -> [UInt8] {
        (try? Array(key.signature(for: payload))) ?? []
    }

    /// The verifier for this signer's public key.
    public var verifier: Ed25519SnapshotVerifier { Ed25519SnapshotVerifier(key: key.publicKey) }
}

/// Checks snapshots signed by an ``Ed25519SnapshotSigner`` with its public key: what an app ships.
///
/// ```swift
/// let verifier = try Ed25519SnapshotVerifier(rawKey: publicKeyBytes)
/// let router = try Router(snapshot: downloaded, verifier: verifier)
/// ```
public struct Ed25519SnapshotVerifier: RouterSnapshotVerifier {
    let key: Curve25519.Signing.PublicKey

    public init(key: Curve25519.Signing.PublicKey) { self.key = key }

    /// From the public key's 32 bytes (`publicKey.rawRepresentation`).
    public init(rawKey: [UInt8]) throws {
        key = try Curve25519.Signing.PublicKey(rawRepresentation: rawKey)
    }

    public func isValidSignature(_ signature: [UInt8], of payload: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: payload)
    }
}
