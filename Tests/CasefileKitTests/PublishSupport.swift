import CasefileTemplates
import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck

/// A scratch folder for a publish: the sample case (or a copy of it), an optional templates
/// folder with planted overrides, and `public/` to publish into.
struct PublishScratch {
    let root: URL
    var content: URL = SiteBuildTests.sample
    var templates: URL { root.appendingPathComponent("Templates") }
    var output: URL { root.appendingPathComponent("public") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-publish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// With a copy of the sample as `Content/` inside the scratch folder, `addition` appended to
    /// its site.yaml.
    init(siteYAMLAddition addition: String) throws {
        try self.init()
        content = root.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: SiteBuildTests.sample, to: content)
        let site = content.appendingPathComponent("site.yaml")
        let text = try String(contentsOf: site, encoding: .utf8)
        try (text + "\n" + addition + "\n").write(to: site, atomically: true, encoding: .utf8)
    }

    /// Overrides the built-in `suspects` template with `extra` added to its content block.
    func plant(_ extra: String) throws {
        let text = try #require(BuiltinTemplates.templates["suspects"])
        let planted = text.replacingOccurrences(of: "{{/content}}", with: extra + "\n{{/content}}")
        try #require(planted != text)
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try planted.write(to: templates.appendingPathComponent("suspects.mustache"), atomically: true, encoding: .utf8)
    }

    func unplant() {
        try? FileManager.default.removeItem(at: templates)
    }

    func publish(strict: Bool = false, baseURL: String? = nil) async throws -> PublishSummary {
        let options = BuildOptions(content: content, contentDisplay: "Content", templates: templates,
                                   templatesDisplay: "Templates", output: output, outputDisplay: "public", baseURL: baseURL)
        return try await PublishPipeline(options: options, strict: strict).run()
    }

    /// Every file below `folder` (hidden ones too) with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in SiteCheck.files(in: folder) {
            files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }

    /// The names beside the output that are not the output, the templates or the content.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { !["public", "Templates", "Content"].contains($0) }.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

extension PublishSummary {
    var failures: [PublishFailure] {
        if case let .failedChecks(failures) = outcome { return failures }
        return []
    }

    var published: Bool {
        if case .published = outcome { return true }
        return false
    }
}
