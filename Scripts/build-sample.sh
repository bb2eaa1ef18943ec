#!/usr/bin/env bash
# Quick start, step 1: build the sample case in Content/ into _site/.
# Installs what is missing (Debian packages), then runs `swift run casefile build`.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift run -c release casefile build "$@"
echo "Open _site/index.html in a browser."
