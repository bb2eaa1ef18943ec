/// Numbers as Casefile writes them in messages and pages, the same whatever the locale.
public enum Numbers {
    /// 20401 → "20,401": thousands grouped (Foundation's `formatted()` follows the locale).
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = n < 0 ? "-" : ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    /// "1 error", "20,401 records": a count and its word, plural unless one.
    public static func count(_ n: Int, _ word: String) -> String {
        "\(grouped(n)) \(word)\(n == 1 ? "" : "s")"
    }

    /// A number as a case file would have it: 3 rather than 3.0, else Swift's shortest form.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
