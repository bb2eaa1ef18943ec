import Foundation
import CasefileModel

/// Reads site.yaml into `SiteSettings`, with a diagnostic for every field it cannot use; the
/// default stands in for a field that is wrong.
package enum SiteSettingsDecoding {
            
    package static func decode(_ r: inout FieldReader) -> SiteSettings {
        var site = SiteSettings(title: r.string(.title, required: true) ?? "Untitled case")
        site.description = r.string(.description)
        if let url = r.string(.baseURL) {
            if let normalised = BaseURL.normalised(url) {
                site.baseURL = normalised
            } else {
                r.invalid(.baseURL, expected: BaseURL.expected, got: url)
            }
        }
        if let zone = r.string(.timeZone) {
            if TimeZone(identifier: zone) != nil {
                site.timeZone = zone
            } else {
                let hint = Suggestion.phrase(for: zone, in: TimeZone.knownTimeZoneIdentifiers)
                r.report(Diagnostic(rule: .typeMismatch, message: "timeZone \"\(zone)\" is not an IANA time zone\(hint)",
                                    location: r.location(of: .timeZone), field: .timeZone, value: zone,
                                    fix: "Write a name such as America/Los_Angeles or UTC."))
            }
        }
        site.language = r.string(.language) ?? site.language
        if let size = r.integer(.pageSize) {
            if (1...1_000_000).contains(size) { site.pageSize = size } else {
                r.invalid(.pageSize, expected: "a whole number from 1 to 1,000,000", got: String(size))
            }
        }
        site.exports = r.bool(.exports) ?? site.exports
        if r.isMapping(.feed) {
            // `feed: {limit: N}`: on, with the newest N bulletins (0: every one).
            if var f = r.nested(.feed, known: [.limit]) {
                if let limit = f.integer(.limit) {
                    if (0...1_000_000).contains(limit) { site.feedLimit = limit } else {
                        f.invalid(.limit, expected: "a whole number from 0 (every bulletin) to 1,000,000", got: String(limit))
                    }
                }
                r.merge(f)
            }
        } else {
            site.feed = r.bool(.feed) ?? site.feed
        }
        site.filters = r.bool(.filters) ?? site.filters
        site.orders = r.bool(.orders) ?? site.orders
        if var o = r.nested(.defaultOrder, known: SiteTable.allCases.map(FieldName.init(table:))) {
            decodeOrders(&o, into: &site.defaultOrder)
            r.merge(o)
        }
        if var i = r.nested(.inspector, known: FieldName.inspectorFields) {
            decodeInspector(&i, into: &site.inspector)
            r.merge(i)
        }
        if var s = r.nested(.sheet, known: FieldName.sheetFields) {
            decodeSheet(&s, into: &site.sheet)
            r.merge(s)
        }
        if var m = r.nested(.markdown, known: [.unsafeHTML]) {
            site.unsafeHTML = m.bool(.unsafeHTML) ?? false
            r.merge(m)
        }
        if var l = r.nested(.limits, known: [.dataFileMB, .noteMB]) {
            for (key, path) in [(FieldName.dataFileMB, \ReadLimits.dataFileBytes), (.noteMB, \ReadLimits.noteBytes)] {
                guard let megabytes = l.integer(key) else { continue }
                if (1...4096).contains(megabytes) { site.limits[keyPath: path] = megabytes << 20 } else {
                    l.invalid(key, expected: "a whole number of megabytes from 1 to 4096", got: String(megabytes))
                }
            }
            r.merge(l)
        }
        if var v = r.nested(.validation, known: [.rules]) {
            if var rules = v.nested(.rules, known: Rule.allCases.map(FieldName.init(rule:))) {
                for rule in Rule.allCases {
                    guard let level = rules.string(FieldName(rule: rule)) else { continue }
                    if level == "off" {
                        site.ruleSeverities[rule] = .some(nil)
                    } else if let severity = Severity(rawValue: level) {
                        site.ruleSeverities[rule] = severity
                    } else {
                        let levels = ["error", "warning", "note", "off"]
                        rules.invalid(FieldName(rule: rule), expected: "error, warning, note or off", got: level,
                                      fix: Suggestion.nearest(to: level, in: levels).map { "Did you mean \"\($0)\"?" }
                                        ?? "Write error, warning, note or off.")
                    }
                }
                v.merge(rules)
            }
            r.merge(v)
        }
        return site
    }

    /// `defaultOrder`: per table, a column's key and optionally `ascending` or `descending`.
    private static func decodeOrders(_ r: inout FieldReader, into orders: inout [SiteTable: TableOrder]) {
        for table in SiteTable.allCases {
            let key = FieldName(table: table)
            guard let text = r.string(key) else { continue }
            if let order = TableOrder(text, table: table) {
                orders[table] = order
            } else {
                let columns = table.columnKeys
                let word = text.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? text
                let nearest = columns.contains(word) ? nil : Suggestion.nearest(to: word, in: columns)
                r.invalid(key, expected: "a column of the \(table.rawValue) table (\(columns.joined(separator: ", "))), optionally followed by ascending or descending",
                          got: text,
                          fix: nearest.map { "Did you mean \"\($0)\"? Write, for example, \"\($0) descending\"." }
                            ?? "Write, for example, \"\(columns[0]) descending\".")
            }
        }
    }

    private static func decodeInspector(_ r: inout FieldReader, into inspector: inout InspectorSettings) {
        for (key, path) in [(FieldName.minWidth, \InspectorSettings.minWidth), (.idealWidth, \.idealWidth),
                            (.maxWidth, \.maxWidth), (.compactBelow, \.compactBelow)] {
            if let value = r.number(key) {
                if value > 0, value < 100_000 { inspector[keyPath: path] = value } else {
                    r.invalid(key, expected: "a positive number of CSS pixels", got: Numbers.plain(value))
                }
            }
        }
        if let value = r.number(.overlayBelow) {
            if value >= 0, value < 100_000 { inspector.overlayBelow = value } else {
                r.invalid(.overlayBelow, expected: "a number of CSS pixels (0: never)", got: Numbers.plain(value))
            }
        }
        if !(inspector.minWidth <= inspector.idealWidth && inspector.idealWidth <= inspector.maxWidth) {
            r.report(Diagnostic(rule: .typeMismatch,
                                message: "inspector widths must satisfy minWidth ≤ idealWidth ≤ maxWidth, got \(Numbers.plain(inspector.minWidth)) / \(Numbers.plain(inspector.idealWidth)) / \(Numbers.plain(inspector.maxWidth))",
                                location: r.start, field: .inspector,
                                fix: "Order the widths, such as 200 / 300 / 400."))
            inspector.idealWidth = min(max(inspector.idealWidth, inspector.minWidth), max(inspector.maxWidth, inspector.minWidth))
            inspector.maxWidth = max(inspector.maxWidth, inspector.minWidth)
        }
        if let placement = r.string(.placement) {
            if let value = InspectorSettings.Placement(rawValue: placement) {
                inspector.placement = value
            } else {
                r.invalid(.placement, expected: "fullHeight or underToolbar", got: placement)
            }
        }
        inspector.presented = r.bool(.presented) ?? inspector.presented
    }

    private static func decodeSheet(_ r: inout FieldReader, into sheet: inout SheetSettings) {
        if let names = r.stringList(.detents) {
            var detents: [Detent] = []
            for (name, place) in names {
                if let detent = Detent(name: name), !detents.contains(detent) {
                    detents.append(detent)
                } else {
                    r.report(Diagnostic(rule: .typeMismatch,
                                        message: "a detent must be a height in CSS px, medium or large (once each), got \"\(name)\"",
                                        location: place, field: FieldName.sheet.member(.detents), value: name,
                                        fix: "Write a list such as [200, medium, large]."))
                }
            }
            if !detents.isEmpty { sheet.detents = detents }
        }
        if let limit = r.string(.backgroundInteractionUpThrough) {
            if limit == "none" {
                sheet.backgroundInteractionUpThrough = nil
            } else if let detent = Detent(name: limit), sheet.detents.contains(detent) {
                sheet.backgroundInteractionUpThrough = detent
            } else {
                r.report(Diagnostic(rule: .typeMismatch,
                                    message: "backgroundInteractionUpThrough must be one of the detents (\(sheet.detents.map(\.description).joined(separator: ", "))) or none, got \"\(limit)\"",
                                    location: r.location(of: .backgroundInteractionUpThrough),
                                    field: FieldName.sheet.member(.backgroundInteractionUpThrough), value: limit,
                                    fix: "Name a detent from sheet.detents, or none."))
            }
        } else if let limit = sheet.backgroundInteractionUpThrough, !sheet.detents.contains(limit) {
            sheet.backgroundInteractionUpThrough = sheet.detents.first
        }
        if let radius = r.number(.cornerRadius) {
            if (0...64).contains(radius) { sheet.cornerRadius = radius } else {
                r.invalid(.cornerRadius, expected: "a number of CSS pixels from 0 to 64", got: Numbers.plain(radius))
            }
        }
        if let name = r.string(.background) {
            if let background = SheetBackground(name: name) { sheet.background = background } else {
                let materials = SheetBackground.Material.allCases.map(\.rawValue)
                r.invalid(.background, expected: "a material (\(materials.joined(separator: ", "))) or a CSS colour", got: name,
                          fix: Suggestion.nearest(to: name, in: materials + CSSColor.names).map { "Did you mean \"\($0)\"?" })
            }
        }
    }
}
