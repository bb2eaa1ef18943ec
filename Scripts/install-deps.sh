#!/usr/bin/env bash
# Installs what Casefile needs that is missing; safe to run again.
#   (no flag)  to build: libcmark-gfm (the Markdown library) and pkg-config, from Debian
#   --test     also for the tests: headless Chromium, chromedriver and an emoji font (Debian),
#              Selenium and pytest (PyPI)
#   --bench    also for Scripts/bench.sh: time, gcc, python3
set -euo pipefail

packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config)
case "${1:-}" in
  --test) packages+=(chromium chromium-driver fonts-noto-color-emoji) ;;
  --bench) packages+=(time gcc) ;;
esac
command -v python3 >/dev/null || packages+=(python3 python3-pip)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = "--test" ] && ! python3 -c 'import selenium, pytest' 2>/dev/null; then
  echo "Installing selenium and pytest from PyPI" >&2
  python3 -m pip install -q --disable-pip-version-check selenium pytest
fi
