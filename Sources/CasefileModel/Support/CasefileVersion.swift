/// Casefile's version, printed by `--version` and written into the reports.
public enum CasefileVersion {
    public static let current = "0.1.0"
}
