"""The package's graph as declared is the graph as imported: for every Swift target of
Package.swift, the targets and products it depends on are exactly the modules its files import
(the system's own modules aside). A dependency nobody imports hides a layer's real shape; an
import nobody declares works only while another dependency happens to bring the module along."""
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


def test_every_target_declares_exactly_what_it_imports():
    described = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout
    package = json.loads(described[described.index("{"):])
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
