"""The package's graph as declared is the graph as imported: for every Swift target of
Package.swift, the targets and products it depends on are exactly the modules its files import
(the system's own modules aside). A dependency nobody imports hides a layer's real shape; an
import nobody declares works only while another dependency happens to bring the module along.
And the pipeline's bottom layer, CasefileModel, depends on no other target of the package."""
import functools
import json
import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Modules of the toolchain and the system, imported without a declaration.
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl",
          "Darwin", "Dispatch", "Testing", "Synchronization", "_Concurrency", "XCTest"}

IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|enum|class|func|protocol|typealias|var|let)\s+)?(\w+)",
                    re.MULTILINE)


def imports(path):
    """The modules one Swift file imports."""
    return set(IMPORT.findall(path.read_text(encoding="utf-8")))


def test_import_pattern_reads_the_forms_in_use():
    text = "import Foundation\n@testable import CasefileKit\n#if canImport(Glibc)\nimport Glibc\n#endif\n// import Nope\n"
    found = set(IMPORT.findall(text))
    assert found == {"Foundation", "CasefileKit", "Glibc"}


@functools.cache
def described_package():
    """Package.swift as `swift package describe` reads it."""
    described = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout
    return json.loads(described[described.index("{"):])


def test_every_target_declares_exactly_what_it_imports():
    package = described_package()
    mismatches = []
    checked = 0
    for target in package["targets"]:
        swift_files = [ROOT / target["path"] / source for source in target.get("sources", []) if source.endswith(".swift")]
        if not swift_files:
            continue  # the C and system-library targets
        checked += 1
        imported = set().union(*(imports(f) for f in swift_files)) - SYSTEM - {target["name"]}
        declared = set(target.get("target_dependencies", [])) | set(target.get("product_dependencies", []))
        if imported != declared:
            mismatches.append(f"{target['name']}: imported but not declared {sorted(imported - declared)}, "
                              f"declared but not imported {sorted(declared - imported)}")
    assert checked >= 15, f"only {checked} Swift targets found: is `swift package describe` reading this package?"
    assert not mismatches, "\n".join(mismatches)


def test_the_model_depends_on_no_target_of_the_package():
    # The model is what every layer shares: a dependency of it on any target of the package (the
    # string tables, the templates) would be a dependency of every layer, and a cycle in waiting.
    targets = {target["name"]: target for target in described_package()["targets"]}
    model = targets["CasefileModel"]
    assert set(model.get("target_dependencies", [])) & set(targets) == set(), \
        f"CasefileModel depends on {sorted(model.get('target_dependencies', []))}"
    # Nor on a target through a file's import that Package.swift does not declare.
    swift_files = [ROOT / model["path"] / source for source in model.get("sources", []) if source.endswith(".swift")]
    assert swift_files, "CasefileModel has no Swift files: is `swift package describe` reading this package?"
    imported = set().union(*(imports(f) for f in swift_files))
    assert imported & set(targets) == set(), f"CasefileModel imports {sorted(imported & set(targets))}"
