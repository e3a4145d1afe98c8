import Testing
import NewsgenModel

/// SHA-256 at every length around a block's edges (55, 56, 64, 119, 120: where the padding takes a
/// second block), against Python's hashlib; from an array, a slice and a raw buffer alike.
@Suite("SHA-256")
struct SHA256Tests {
    static let expected: [(count: Int, hex: String)] = [
        (1, "ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879"),
        (55, "8aa994584139d128848eeebc4e815639ba5ab6e6e39574195a63ac4f14f7c43b"),
        (56, "ad574708f75c044c9b85de64cb568ee7711ff4f36448c6242f053ba8f6cc2b63"),
        (57, "5b46e502092be01b1100193e089fdda95638c12e19a1d24f308eb2c3d3ae849d"),
        (63, "280ed3e8ff1df845b2e7dfe6ac6cee817bef20e783cc65abc41b818b4d2fe076"),
        (64, "c6ab9724ade5b6a7a1edfffb12f3aa9181351355af8fd08c919952ad211339dd"),
        (65, "788367c73c7ddf4c53f65e68cc0d943e6227ab55b0e78ba63ace822b1c6301c0"),
        (119, "3d610547d68216dedf7435a4fb6260353911f6b3fd3f18805ddb8be285d726fe"),
        (120, "1f80156a804cb7862ad113e8200e9d74499723e7c7854d5f48776d3148e09656"),
        (127, "192409cd280e14b743642ad1343fbd3e82d9305de72c078117745a679210cc3d"),
        (128, "cc548ca2dec1f6fe4f58b2e27aa9c7521607df1130d140b55a4dad0665302356"),
        (129, "81e89a7b2911aaa7795f9e3d4910cb47d6cd2b00d83b8399481527261a1a7519"),
        (1000, "5097e7d587352f5097062ae679f37bda5802d9f875aba14c8cb4d1a188ada179"),
        (4099, "c8f9533a174e0066d1c828b946fd122d0e3b13d61b011dcf3a29964e3162acc6"),
    ]

    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(($0 * 31 + 7) % 256) } }

    @Test func matchesHashlibAtEveryBlockEdge() {
        for (count, hex) in Self.expected {
            let bytes = Self.bytes(count)
            #expect(SHA256.hex(bytes) == hex, "\(count) bytes")
            #expect(SHA256.hex(([0] + bytes)[1...]) == hex, "\(count) bytes, a slice")
            #expect(SHA256.hex(AnySequenceOfBytes(bytes: bytes)) == hex, "\(count) bytes, not contiguous")
            #expect(bytes.withUnsafeBytes { SHA256.digest($0) } == SHA256.digest(bytes), "\(count) bytes, a buffer")
        }
    }
}

/// A collection without contiguous storage, for `digest`'s copying path.
private struct AnySequenceOfBytes: Collection {
    let bytes: [UInt8]
    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }
    func index(after i: Int) -> Int { i + 1 }
    subscript(position: Int) -> UInt8 { bytes[position] }
}
