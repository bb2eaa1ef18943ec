import Foundation

/// The case folder's layout: the name of every file Casefile reads from a case, and how to tell
/// one kind from another by its name. The loader, the preview's watcher and the fuzz targets ask
/// here instead of spelling a name; paths are relative to the case folder, `/`-separated.
///
///     site.yaml                  the settings (a folder without it is not a case)
///     fruits.yaml                a collection's records: fruits, animals or bulletins, in YAML
///     animals.yml                (`.yaml`, `.yml`) or JSON (`.json`); at most one file each
///     bulletins.json
///     notes/animals/<id>.md      an animal's interview note, named for its id
///     notes/bulletins/<id>.md    a bulletin's note
///     i18n/<tag>.yaml            the case's own string table for a language (or `.yml`, `.json`)
///
/// An enum of static members, as `SiteLayout` is: every case is laid out the same.
public enum CaseLayout {
    // MARK: Data files

    /// The settings, the one file every case has.
    public static let siteFile = "site.yaml"

    /// The extensions a data file (a collection's, a string table's) may have, in the order the
    /// loader looks for a collection's: YAML's two, then JSON's.
    public static let dataExtensions = ["yaml", "yml", "json"]

    /// Whether the data file `name` is read as JSON (strictly: a bare word is a syntax error)
    /// rather than YAML.
    public static func isJSON(_ name: String) -> Bool {
        name.hasSuffix(".json")
    }

    /// `collection`'s file with the extension `ext`: `animals.yaml`, `animals.json`.
    public static func collectionFile(_ collection: CaseCollection, extension ext: String) -> String {
        "\(collection.rawValue).\(ext)"
    }

    /// Every name `collection`'s file may have, in `dataExtensions`' order.
    public static func collectionFiles(_ collection: CaseCollection) -> [String] {
        dataExtensions.map { collectionFile(collection, extension: $0) }
    }

    /// The collection whose file `name` (at the folder's top) is, if it is one: `animals.json`
    /// is the animals'; `animals.txt` and `site.yaml` are nobody's.
    public static func collection(ofFile name: String) -> CaseCollection? {
        CaseCollection.allCases.first { collectionFiles($0).contains(name) }
    }

    /// Every data file at the folder's top: site.yaml and each name of each collection's file.
    public static let topDataFiles: Set<String> = Set([siteFile] + CaseCollection.allCases.flatMap(collectionFiles))

    // MARK: Notes

    /// The folder of the notes, a folder in it per collection with notes.
    public static let notesFolder = "notes"

    /// The collections whose records have notes, in the order the loader reads them.
    public static let notedCollections: [CaseCollection] = [.animals, .bulletins]

    /// How the name of every note ends.
    public static let noteExtension = ".md"

    /// The folder of `collection`'s notes: `notes/animals`.
    public static func notesFolder(_ collection: CaseCollection) -> String {
        "\(notesFolder)/\(collection.rawValue)"
    }

    /// The note of `collection`'s record `id`: `notes/animals/fox.md`.
    public static func note(_ collection: CaseCollection, id: String) -> String {
        "\(notesFolder(collection))/\(id)\(noteExtension)"
    }

    /// The record id the note file `name` (in a notes folder) is named for; nil when it is not a
    /// note (`fox.md` is fox's, `fox.txt` nobody's).
    public static func noteID(fileName name: String) -> String? {
        name.hasSuffix(noteExtension) ? String(name.dropLast(noteExtension.count)) : nil
    }

    /// Whether the file at `path` is under the notes' folder (its limit is a note's, not a data file's).
    public static func isNote(_ path: String) -> Bool {
        path.hasPrefix(notesFolder + "/")
    }

    // MARK: String tables

    /// The folder of the case's own string tables.
    public static let stringTablesFolder = "i18n"

    /// The string table `name` in the string tables' folder: `i18n/de.yaml`.
    public static func stringTable(_ name: String) -> String {
        "\(stringTablesFolder)/\(name)"
    }

    /// The language (lowercased, `_` read as `-`) the string table file `name` holds strings for,
    /// `de-ch` for `de_CH.yaml`; nil when the name does not end in a data file's extension.
    public static func stringTableLanguage(fileName name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dataExtensions.contains(String(name[name.index(after: dot)...])) else { return nil }
        return name[..<dot].lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
