import Testing
@testable import CasefileModel

/// The colours a fruit may have, and the `#rrggbb` a colour input starts at for each.
@Suite struct CSSColorTests {
    @Test func aNamedColourHasItsHex() {
        #expect(CSSColor.hex("red") == "#ff0000")
        #expect(CSSColor.hex("gold") == "#ffd700")
        #expect(CSSColor.hex("rebeccapurple") == "#663399")
        #expect(CSSColor.hex("firebrick") == "#b22222")
        #expect(CSSColor.hex("white") == "#ffffff")
        #expect(CSSColor.hex("black") == "#000000")
        #expect(CSSColor.hex("Yellow") == "#ffff00", "names are case-insensitive, as CSS reads them")
        #expect(CSSColor.hex("grey") == CSSColor.hex("gray") && CSSColor.hex("aqua") == CSSColor.hex("cyan"))
    }

    @Test func aHexColourIsWrittenInSixLowercaseDigits() {
        #expect(CSSColor.hex("#6B0F1A") == "#6b0f1a")
        #expect(CSSColor.hex("#f0a") == "#ff00aa")
    }

    @Test func anythingElseHasNoHex() {
        for text in ["", "transparent", "redd", "#ff00", "#ggg", "rgb(0,0,0)", "red;x", "currentcolor"] {
            #expect(CSSColor.hex(text) == nil, "\(text)")
            #expect(!CSSColor.isValid(text), "\(text)")
        }
    }

    /// Every name the loader accepts has a value, written as a colour input takes it.
    @Test func everyNamedColourHasSixHexDigits() {
        #expect(CSSColor.names.count == 148)
        for name in CSSColor.names {
            #expect(CSSColor.isValid(name))
            let hex = CSSColor.hex(name) ?? ""
            #expect(hex.count == 7 && hex.hasPrefix("#") && hex.dropFirst().allSatisfy { "0123456789abcdef".contains($0) },
                    "\(name): \(hex)")
        }
    }
}
