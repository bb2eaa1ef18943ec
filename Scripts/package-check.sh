#!/usr/bin/env bash
# Checks the Debian package as a user without Swift gets it; CI runs it after Scripts/test.sh.
#   Scripts/package-check.sh            builds the package (Scripts/package.sh), then checks it
#   Scripts/package-check.sh FILE.deb   checks that package
# lintian must report no error (its warnings are printed). The package is unpacked into a
# temporary folder (dpkg-deb -x: nothing is installed) and its casefile runs with PATH=/usr/bin:/bin,
# no LD_LIBRARY_PATH and, where the system lets a mount namespace be made, the Swift toolchain's
# folder hidden under an empty one: ldd names no library of the toolchain and nothing "not found"
# (and jemalloc still), the binary builds and validates the sample (Content/) and serves it on
# loopback (a page fetched with curl), `man casefile` renders the page without a warning,
# bash-completion's loader finds the bash completion, the completion scripts name every command, and the package's version is the binary's and the README's. With
# CI=true and root (a CI machine), it also installs the package with apt, checks the installed
# casefile and `man casefile`, and removes it.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh --package-check
if [ $# -gt 0 ]; then
  deb="$1"
else
  Scripts/package.sh
  deb="$(ls -t dist/casefile_*.deb | head -n 1)"
fi
commands=(build validate serve publish init templates)
fail() { echo "package-check: $*" >&2; exit 1; }

echo "== lintian $deb"
# --show-overrides prints what Packaging/lintian-overrides silences too (O:), but then counts it
# in its exit status (2), so the errors are read from the report: E: lines.
report="$(lintian --show-overrides "$deb" 2>&1)" || [ $? = 2 ] || { echo "$report"; fail "lintian did not run"; }
echo "$report"
! grep -q '^E:' <<< "$report" || fail "lintian reports errors"

work="$(mktemp -d)"
server=""
trap '[ -z "$server" ] || kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
dpkg-deb -x "$deb" "$work/root"
bin="$work/root/usr/bin/casefile"

echo "== dependencies"
IFS=',' read -ra depends <<< "$(dpkg-deb -f "$deb" Depends)"
for dependency in "${depends[@]}"; do
  read -r name relation version <<< "$(tr -d '()' <<< "$dependency")"
  have="$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null)" || fail "$name is not installed"
  [ -z "$relation" ] || dpkg --compare-versions "$have" "$relation" "$version" \
    || fail "$name $have does not satisfy $relation $version"
  echo "$name $have"
done

# The toolchain: the folder above the swift on PATH (/opt/swift/usr here), none when there is none.
toolchain=""
if swift="$(command -v swift)"; then toolchain="$(dirname "$(dirname "$(readlink -f "$swift")")")"; fi
hide=()
if [ -n "$toolchain" ] && unshare --mount true 2>/dev/null; then
  hide=(unshare --mount --propagation private sh -c 'mount -t tmpfs casefile-check "$0" && exec "$@"' "$toolchain")
  echo "== the toolchain ($toolchain) hidden in a mount namespace"
else
  echo "== the toolchain (${toolchain:-none}) left in place: no mount namespace here; PATH and LD_LIBRARY_PATH hold none of it"
fi
# Runs a command as a user without the toolchain would.
bare() { "${hide[@]}" env -i PATH=/usr/bin:/bin HOME="$work" TMPDIR="$work" LANG=C.UTF-8 "$@"; }
! bare sh -c 'command -v swift' >/dev/null || fail "swift is still reachable"

echo "== ldd"
libraries="$(bare ldd "$bin")"
echo "$libraries"
! grep -q "not found" <<< "$libraries" || fail "a library is not found"
[ -z "$toolchain" ] || ! grep -qF "$toolchain" <<< "$libraries" || fail "a library comes from the toolchain"
grep -q "libjemalloc" <<< "$libraries" || fail "jemalloc is not linked"
! readelf -d "$bin" | grep -qE 'RPATH|RUNPATH' || fail "the binary names a library search path"

echo "== version"
version="$(bare "$bin" --version)"
package_version="$(dpkg-deb -f "$deb" Version)"
[ "${package_version%-*}" = "$version" ] || fail "the package is $package_version, the binary says $version"
grep -qF "casefile_${package_version}_" README.md || fail "README does not name casefile_${package_version}_"
echo "casefile $version, package $package_version"

echo "== build, validate"
bare "$bin" build --content "$PWD/Content" --output "$work/site" --quiet
[ -s "$work/site/index.html" ] || fail "build wrote no index.html"
bare "$bin" validate --content "$PWD/Content"

echo "== serve"
# Started without the function, so that $! is the server itself (unshare, sh and env exec it).
"${hide[@]}" env -i PATH=/usr/bin:/bin HOME="$work" TMPDIR="$work" LANG=C.UTF-8 \
  "$bin" serve --content "$PWD/Content" --port 0 --no-watch > "$work/serve.out" 2>&1 &
server=$!
address=""
for _ in $(seq 1 120); do
  address="$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/serve.out" | head -n 1)" && break
  kill -0 "$server" 2>/dev/null || { cat "$work/serve.out"; fail "serve stopped"; }
  sleep 0.5
done
[ -n "$address" ] || { cat "$work/serve.out"; fail "serve did not listen"; }
page="$(curl -fsS "${address}bulletins/index.html")"
grep -q "<table" <<< "$page" || fail "the served page has no table"
echo "fetched ${address}bulletins/index.html ($(wc -c <<< "$page") bytes)"
kill -TERM "$server"
status=0
wait "$server" || status=$?
server=""
[ "$status" = 0 ] || fail "serve exited $status on SIGTERM"

echo "== man"
# Found by name, as `man casefile` finds it once installed.
MANPATH="$work/root/usr/share/man" MANWIDTH=80 man --warnings -E UTF-8 casefile > "$work/man.txt" 2> "$work/man.err"
[ ! -s "$work/man.err" ] || { cat "$work/man.err"; fail "man warns"; }
for heading in NAME SYNOPSIS DESCRIPTION COMMANDS "EXIT STATUS" ENVIRONMENT FILES; do
  grep -q "^$heading" "$work/man.txt" || fail "the man page has no $heading section"
done
for command in "${commands[@]}"; do
  grep -q "^   casefile $command" "$work/man.txt" || fail "the man page has no section for $command"
done
# serve's options, which the page derives from the command definition.
for option in --edit --no-edit --host --idle-timeout; do
  grep -qF -- "$option" "$work/man.txt" || fail "the man page does not name serve's $option"
done
echo "$(wc -l < "$work/man.txt") lines at 80 columns"

echo "== completions"
completions="$work/root/usr/share"
bash_script="$completions/bash-completion/completions/casefile"
# bash-completion's own loader finds the script where the package puts it (XDG_DATA_DIRS is where
# it looks, /usr/share once installed) when Tab is first pressed after `casefile`.
offered="$(XDG_DATA_DIRS="$completions" bash -c 'source /usr/share/bash-completion/bash_completion
  _completion_loader casefile; complete -p casefile >&2
  COMP_WORDS=(casefile ""); COMP_CWORD=1; COMP_LINE="casefile "; COMP_POINT=9
  _casefile casefile "" casefile; echo "${COMPREPLY[*]}"')"
for script in "$bash_script" "$completions/zsh/vendor-completions/_casefile" \
              "$completions/fish/vendor_completions.d/casefile.fish"; do
  for command in "${commands[@]}"; do
    grep -qw "$command" "$script" || fail "$script does not name $command"
  done
done
for command in "${commands[@]}"; do
  grep -qw "$command" <<< "$offered" || fail "bash does not offer $command after 'casefile '"
done
# serve's editing flags, in each script as swift-argument-parser writes them: --edit, --no-edit
# in bash and zsh, -l edit and -l no-edit in fish.
for script in "$bash_script" "$completions/zsh/vendor-completions/_casefile"; do
  grep -qF -- "--no-edit" "$script" && grep -qE -- "--edit\b" "$script" || fail "$script does not name --edit and --no-edit"
done
fish_script="$completions/fish/vendor_completions.d/casefile.fish"
grep -qE -- "-l '?no-edit" "$fish_script" && grep -qE -- "-l '?edit" "$fish_script" || fail "$fish_script does not name --edit and --no-edit"
echo "bash offers: $offered"

# On a CI machine (root, CI=true), the package is also installed as a user installs it: apt
# resolves its Depends, then the installed casefile and man page are found by name. It is removed
# again afterwards.
if [ "${CI:-}" = true ] && [ "$(id -u)" = 0 ]; then
  echo "== apt install $deb"
  apt-get install -y -qq "$(realpath "$deb")" > "$work/apt.out" 2>&1 || { cat "$work/apt.out"; fail "apt could not install the package"; }
  trap '[ -z "$server" ] || kill "$server" 2>/dev/null; rm -rf "$work"; apt-get remove -y -qq casefile >/dev/null 2>&1 || true' EXIT
  [ "$(bare sh -c 'command -v casefile')" = /usr/bin/casefile ] || fail "casefile is not /usr/bin/casefile on PATH"
  [ "$(bare casefile --version)" = "$version" ] || fail "the installed casefile is not $version"
  bare casefile build --content "$PWD/Content" --output "$work/installed-site" --quiet
  [ "$(man -w casefile)" = /usr/share/man/man1/casefile.1.gz ] || fail "man does not find casefile(1)"
  MANWIDTH=80 man casefile 2>/dev/null | grep -q "^SYNOPSIS" || fail "man casefile does not render"
  echo "installed: $(dpkg-query -W -f='${Package} ${Version} ${Installed-Size} KB' casefile)"
fi
echo "Package check passed: $deb"
