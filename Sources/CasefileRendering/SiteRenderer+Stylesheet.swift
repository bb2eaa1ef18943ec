import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileSite

/// The stylesheet's context: the site's settings and phrases its CSS is rendered with.
extension SiteRenderer {
    /// The stylesheet's settings: media queries cannot read custom properties, so the breakpoint
    /// and the detents are written into the CSS.
    static func stylesheetContext(_ site: SiteSettings, _ strings: UIStrings = .english) -> MustacheValue {
        func px(_ value: Double) -> String { Numbers.plain(value) }
        let detents = site.sheet.detents.map { detent in
            let height = switch detent {
            case let .height(h): "\(px(h))px"
            case .medium: "50vh"
            case .large: "calc(100vh - 3rem)"
            }
            return (name: detent.description, height: height, dims: site.sheet.dims(at: detent))
        }
        // While the sheet is dragged, the dim follows it: clear up to the last detent that lets
        // the page be used, full at the first one that does not.
        var fields: [(TemplateField, MustacheValue)] = [
            (.compactBelow, .string(px(site.inspector.compactBelow))),
            (.compactMax, .string(px(site.inspector.compactBelow - 0.02))),
            (.minWidth, .string(px(site.inspector.minWidth))),
            (.idealWidth, .string(px(site.inspector.idealWidth))),
            (.maxWidth, .string(px(site.inspector.maxWidth))),
            (.detents, .list(detents.indices.map { i in
                let d = detents[i]
                // The stretch of the sheet's scroll nearer to this detent than to its neighbours
                // (from its position, in px, to half-way to the next).
                let from = i == 0 ? "0px" : "calc((\(detents[i - 1].height) + \(d.height)) / 2)"
                let to = i == detents.count - 1 ? "calc(100vh + 100000px)" : "calc((\(d.height) + \(detents[i + 1].height)) / 2)"
                return .fields([(.name, .string(d.name)), (.height, .string(d.height)), (.dims, .bool(d.dims)),
                                (.first, .bool(i == 0)), (.from, .string(from)), (.to, .string(to))])
            })),
            (.sheetRadius, .string(px(site.sheet.cornerRadius))),
            // The switch's state other than `presented`, which links carry to the next page.
            (.carry, .string(site.inspector.carriedFragment)),
            (.switched, .string(site.inspector.presented ? ":not(:checked)" : ":checked")),
            (.unswitched, .string(site.inspector.presented ? ":checked" : ":not(:checked)")),
            // The paths from <body> down to the state the rules read (a selection's marker, the
            // placeholder's, the switches), each step a child: Chromium then looks `depth`
            // levels down for a `:has()` rather than through the whole page, which on a page of
            // a hundred panels made each rule cost as much as the page is large.
            (.selected, .string(StylePaths.marker)),
            (.placeholderMarker, .string(StylePaths.placeholder)),
            (.toggleSwitch, .string(StylePaths.toggleSwitch)),
            (.carriedSwitch, .string(StylePaths.carriedSwitch)),
            // Phrases the stylesheet writes: CSS strings, quoted and escaped here.
            (.showing, .string(CSSString.content(strings.text(.showing),
                                                 ["shown": "counter(cf-shown)", "total": "attr(data-of)"]))),
            (.noFixSuggested, .string(CSSString.quoted(strings.text(.noFixSuggested)))),
            (.bites, .string(CSSString.quoted(strings.text(.bites) + " "))),
        ]
        if site.inspector.overlayBelow > site.inspector.compactBelow {
            fields += [(.overlayBelow, .string(px(site.inspector.overlayBelow))),
                       (.overlayMax, .string(px(site.inspector.overlayBelow - 0.02)))]
        }
        switch site.sheet.background {
        case let .material(material):
            let name = switch material {
            case .ultraThinMaterial: "ultra-thin"
            case .thinMaterial: "thin"
            case .regularMaterial: "regular"
            case .thickMaterial: "thick"
            }
            fields.append((.sheetBackground, .string("var(--cf-material-\(name))")))
        case let .color(color):
            fields += [(.sheetBackground, .string(CSSColor.forCSS(color))), (.sheetOpaque, .bool(true))]
        }
        if let first = detents.firstIndex(where: \.dims) {
            fields.append((.dimFollow, .fields([(.from, .string(first == 0 ? "0px" : detents[first - 1].height)),
                                                 (.to, .string(detents[first].height))])))
        }
        return .fields(fields)
    }
}
