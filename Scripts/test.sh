#!/usr/bin/env bash
# Quick start, step 2: run every test. Installs what is missing, then runs the Swift Testing
# suites (`swift test`) and the browser suite (Tests/Browser: pytest driving headless Chromium,
# WebKitGTK and Firefox ESR at 1280×800 and 390×844 against the sample site built by the debug
# binary) with the report and schema tests (Tests/Reports: SARIF against the official 2.1.0
# schema, Schemas/).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh --test
# One debug build for the binary (which the browser suite runs) and the test targets.
swift build --build-tests
swift test --skip-build "$@"
python3 -m pytest -q Tests/Browser Tests/Reports
