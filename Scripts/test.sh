#!/usr/bin/env bash
# Quick start, step 2: run every test. Installs what is missing, then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh --test
swift test "$@"
