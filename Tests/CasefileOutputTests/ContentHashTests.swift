import Testing
import CasefileOutput

/// 64-bit FNV-1a against the algorithm's published test vectors (offset basis 0xcbf29ce484222325,
/// prime 0x100000001b3), and the hex names made of it.
@Suite struct ContentHashTests {
    @Test(arguments: [
        ("", "cbf29ce484222325"),  // nothing hashed: the offset basis
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func knownVectors(text: String, hex: String) {
        #expect(ContentHash.hex16(text) == hex)
        #expect(ContentHash.hex16(bytes: Array(text.utf8)) == hex)
        var hash = FNV64()
        hash.add(text)
        #expect(String(hash.value, radix: 16) == hex)
    }

    @Test func shortHashesKeepTheirLeadingZeros() {
        // FNV-1a of "aa" is 0x089c4307b54596b7, of "é" (c3 a9) 0x0ac21707b7181e01: 15 digits in hex.
        #expect(ContentHash.hex16("aa") == "089c4307b54596b7")
        #expect(ContentHash.hex16("é") == "0ac21707b7181e01")
        #expect(ContentHash.hex8("aa") == "089c4307")
        #expect(ContentHash.hex8("foobar") == "85944171")
    }

    @Test func aHashCarriesOnFromAPrefix() {
        var folder = FNV64()
        folder.add("foo")
        var page = folder
        page.add("bar")
        #expect(page.value == 0x8594_4171_f739_67e8)
        var bytes = FNV64()
        for byte in Array("foobar".utf8) { bytes.add(byte) }
        #expect(bytes == page)
        #expect(folder != page)
    }
}
