#!/usr/bin/env bash
# Refreshes the README's screenshots in Docs/ (tracked files): runs the screenshot tests of the
# browser suite with CASEFILE_SCREENSHOTS=1, which makes them write into Docs/ rather than into a
# folder of the run's own. Run it on purpose, after a change that shows on the pages; then look
# at `git diff --stat Docs/` and commit what changed.
#
#   Scripts/screenshots.sh [PYTEST_ARGS...]
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
Scripts/install-deps.sh --test
swift build --product casefile
CASEFILE_SCREENSHOTS=1 python3 -m pytest -q Tests/Browser/test_screenshots.py \
  Tests/Browser/test_editor_access.py -k "screenshot" "$@"
git diff --stat -- Docs/ || true
