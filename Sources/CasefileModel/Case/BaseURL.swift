import Foundation

/// The absolute address a site is published at (site.yaml `baseURL`, or `--base-url`), used only
/// for `sitemap.xml` and canonical links: every link between pages stays relative.
public enum BaseURL {
    /// `value` as an http(s) URL of a folder, ending in `/` (`https://example.org/case` →
    /// `https://example.org/case/`); nil when it is not an absolute http or https URL, or carries a
    /// query or fragment.
    public static func normalised(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
              url.query == nil, url.fragment == nil, !trimmed.contains("#") else { return nil }
        return trimmed.hasSuffix("/") ? trimmed : trimmed + "/"
    }

    /// What a user is told when a value is not usable.
    public static let expected = "an absolute http or https URL such as https://example.org/case/"
}
