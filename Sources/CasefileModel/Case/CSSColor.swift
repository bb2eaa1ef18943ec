/// CSS colour values a fruit may have: a named colour of CSS Color 4, or `#rgb` / `#rrggbb`.
package enum CSSColor {
    /// `text` where it is safe in a `style` attribute (a valid colour, which is only letters or
    /// `#` and hex digits), else `transparent`: an invalid colour never reaches CSS.
    package static func forCSS(_ text: String) -> String {
        isValid(text) ? text : "transparent"
    }

    /// `#rrggbb` (lowercase) for a colour written in hex, `#rgb` expanded, as a colour input
    /// takes it; nil for a name or anything else.
    package static func hex(_ text: String) -> String? {
        guard text.hasPrefix("#"), isValid(text) else { return nil }
        let digits = text.dropFirst().lowercased()
        return "#" + (digits.count == 3 ? digits.map { "\($0)\($0)" }.joined() : digits)
    }

    package static func isValid(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            return (hex.count == 3 || hex.count == 6) && hex.allSatisfy(\.isHexDigit)
        }
        return names.contains(text.lowercased())
    }

    package static let names: Set<String> = [
        "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
        "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
        "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
        "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta",
        "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
        "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
        "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
        "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
        "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
        "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
        "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
        "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
        "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
        "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
        "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
        "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
        "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
        "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
        "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell",
        "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
        "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white",
        "whitesmoke", "yellow", "yellowgreen",
    ]
}
