import Testing
import CasefileLoadingTestSupport
import CasefileModel
import CasefileValidation

extension TempCase {
    /// The folder loaded and validated.
    public func validate() async throws -> ValidatedCase {
        await Validator().validate(try await load())
    }
}

/// Writes `files` into a temporary case folder, loads and validates it, and removes the folder.
public func validateCase(_ files: [String: String], displayPath: String = "Case") async throws -> ValidatedCase {
    let folder = try TempCase(files, displayPath: displayPath)
    defer { folder.remove() }
    return try await folder.validate()
}

/// The one problem of `rule` a validation found (a test fails when there is not exactly one).
public func only(_ rule: String, in validated: ValidatedCase,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    try onlyOne(rule, in: validated.diagnostics, sourceLocation: sourceLocation)
}
