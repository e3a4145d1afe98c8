import NewsgenModel
import NewsgenTestSupport
import Testing
@testable import NewsgenKit

/// libcrypto's SHA-256 (ADR 034) gives the model's digests, byte for byte, so that a cache or an archive
/// hashed by one is read by the other (the ids are still the model's).
@Suite("SHA-256 through libcrypto")
struct FastSHA256Tests {
    @Test func givesTheModelsDigestAtEveryLengthAroundABlock() {
        var random = SeededRandom(seed: 34)
        for length in [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 7001, 65_537] {
            let bytes = (0..<length).map { _ in UInt8(random.next(below: 256)) }
            #expect(FastSHA256.digest(bytes) == SHA256.digest(bytes), "length \(length)")
        }
        // FIPS 180-4's "abc".
        #expect(FastSHA256.digest(Array("abc".utf8)).prefix(4) == [0xba, 0x78, 0x16, 0xbf])
        #expect(FastSHA256.digest(Array("abc".utf8)[...]) == SHA256.digest(Array("abc".utf8)))
    }
}
