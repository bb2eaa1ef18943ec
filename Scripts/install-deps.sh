#!/usr/bin/env bash
# Installs the Debian packages Casefile needs that are missing: libcmark-gfm (the Markdown
# library) to build; with --test what the test suite uses too, with --bench what Scripts/bench.sh
# uses. Safe to run again.
set -euo pipefail

packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config)
case "${1:-}" in
  --test) ;;
  --bench) packages+=(time gcc); command -v python3 >/dev/null || packages+=(python3) ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
