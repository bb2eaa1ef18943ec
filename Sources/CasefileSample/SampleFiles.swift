// The sample case (Content/) and the JSON Schemas (Schemas/), compiled into the binary with
// SwiftPM's embedInCode so that `casefile init` can write a new case anywhere. The files are the
// ones at the package root (see Package.swift); SampleCaseTests checks that every file there is
// listed here with the same bytes.

public enum SampleFiles {
    /// Each file by its path from the package root (`Content/site.yaml`,
    /// `Schemas/site.schema.json`), as bytes.
    public static let files: [String: [UInt8]] = [
        "Content/animals.yaml": PackageResources.animals_yaml,
        "Content/bulletins.yaml": PackageResources.bulletins_yaml,
        "Content/fruits.yaml": PackageResources.fruits_yaml,
        "Content/notes/animals/cat.md": PackageResources.cat_md,
        "Content/notes/animals/crow.md": PackageResources.crow_md,
        "Content/notes/animals/dove.md": PackageResources.dove_md,
        "Content/notes/animals/fish.md": PackageResources.fish_md,
        "Content/notes/animals/mouse.md": PackageResources.mouse_md,
        "Content/notes/animals/rabbit.md": PackageResources.rabbit_md,
        "Content/notes/animals/raccoon.md": PackageResources.raccoon_md,
        "Content/notes/animals/snail.md": PackageResources.snail_md,
        "Content/notes/bulletins/b-meadow-golden-delicious.md": PackageResources.b_meadow_golden_delicious_md,
        "Content/notes/bulletins/b-orchard-elstar.md": PackageResources.b_orchard_elstar_md,
        "Content/notes/bulletins/b-theater-pink-pearl.md": PackageResources.b_theater_pink_pearl_md,
        "Content/site.yaml": PackageResources.site_yaml,
        "Schemas/animals.schema.json": PackageResources.animals_schema_json,
        "Schemas/bulletins.schema.json": PackageResources.bulletins_schema_json,
        "Schemas/fruits.schema.json": PackageResources.fruits_schema_json,
        "Schemas/site.schema.json": PackageResources.site_schema_json,
        "Schemas/case.schema.json": PackageResources.case_schema_json,
        "Schemas/strings.schema.json": PackageResources.strings_schema_json,
    ]
}
