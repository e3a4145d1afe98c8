import CCrypto
import NewsgenModel

/// SHA-256 through OpenSSL's libcrypto (ADR 034): the digests newsgen takes of whole archives and
/// feeds at every build (each archive line as it is loaded, each feed document's fingerprint, the
/// cache keys, each cached image checked as it is served). Its assembly, with the CPU's SHA
/// instructions where there are any, hashes about ten times faster than the model's Swift `SHA256`,
/// which still makes ids (the model takes no C) and which these digests equal byte for byte
/// (`FastSHA256Tests`).
enum FastSHA256 {
    /// SHA-256 as libcrypto's default provider has it, fetched once: `EVP_sha256()` would look it up at every call.
    nonisolated(unsafe) private static let algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    /// The 32-byte digest of `input`.
    static func digest(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = digest.withUnsafeMutableBufferPointer { out in
            EVP_Digest(input.baseAddress, input.count, out.baseAddress, &length, algorithm, nil) == 1
        }
        // Only a libcrypto without SHA-256 (none that newsgen links) fails; the model's digest is the same bytes.
        guard done, length == 32 else { return SHA256.digest(input) }
        return digest
    }

    /// The digest of `bytes` as lowercase hex (the image cache's names and checks).
    static func hex<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 { SHA256.hex(digest: digest(bytes)) }

    /// The 32-byte digest of `bytes`.
    static func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) { return digest }
        return Array(bytes).withUnsafeBytes { digest($0) }
    }
}
