#!/usr/bin/env bash
# Writes dist/casefile_VERSION-1_ARCH.deb, a Debian package that needs no Swift toolchain: the
# casefile binary from one release build with the Swift runtime and Foundation linked in
# (--static-swift-stdlib, in its own build folder .build-deb, so that the dynamic release build
# in .build stays as it is), its man page casefile(1) (Scripts/man-page.py), its bash, zsh and
# fish completions, the copyright file (Packaging/copyright), a changelog, and lintian's
# overrides (Packaging/lintian-overrides, each with its reason). VERSION is what the built
# binary's --version prints (CasefileVersion.current); the package depends on the Debian
# libraries the binary links, as dpkg-shlibdeps computes them. DEBFULLNAME and DEBEMAIL set the
# Maintainer field; SOURCE_DATE_EPOCH (default: the commit's time) dates the files, the man page
# and the changelog, so that one commit gives the same files.
#   Scripts/package.sh                      builds and writes the package
#   Scripts/package.sh --version-of BINARY  prints the package version for that casefile binary
set -euo pipefail
cd "$(dirname "$0")/.."

# The package's version: the binary's own, then the package's revision (raise the revision to
# rebuild the package of an unchanged Casefile).
package_version() {
  local version
  version="$("$1" --version)"
  [[ "$version" =~ ^[0-9]+(\.[0-9]+)*$ ]] || { echo "package.sh: unexpected version '$version'" >&2; return 1; }
  echo "$version-1"
}
if [ "${1:-}" = "--version-of" ]; then
  package_version "$2"
  exit
fi

Scripts/install-deps.sh --package

# No $ORIGIN run path (the package has no library beside the binary) and no debug information
# (the package strips it; leaving it out shortens the build). SwiftPM 6.3 fails a second
# --static-swift-stdlib build in a folder ("unknown build description": the build plan it saved
# does not load back), so the saved plan goes first and is made again; compiled files are kept.
rm -f .build-deb/*/release/description.json
swift build -c release --static-swift-stdlib --disable-local-rpath -debug-info-format none \
  --scratch-path .build-deb --product casefile
binary=.build-deb/release/casefile

debian_version="$(package_version "$binary")"
version="${debian_version%-*}"
arch="$(dpkg --print-architecture)"
maintainer="${DEBFULLNAME:-Casefile} <${DEBEMAIL:-dev@casefile.invalid}>"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

# dpkg-shlibdeps reads debian/control and wants the package's files under debian/PACKAGE.
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/debian/casefile"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/casefile" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
printf 'Source: casefile\n\nPackage: casefile\nArchitecture: any\n' > "$stage/debian/control"

# What dh_strip removes: debug information and the symbols nothing links against.
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$root/usr/bin/casefile" "$binary"
installed="$root/usr/bin/casefile"

python3 Scripts/man-page.py "$installed" > "$stage/casefile.1"
gzip -9n < "$stage/casefile.1" > "$root/usr/share/man/man1/casefile.1.gz"
# bash-completion sources the script: it needs no #! line (lintian warns of one).
"$installed" --generate-completion-script bash | sed '1{/^#!/d;}' > "$root/usr/share/bash-completion/completions/casefile"
"$installed" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_casefile"
"$installed" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/casefile.fish"

cp Packaging/copyright "$root/usr/share/doc/casefile/copyright"
mkdir -p "$root/usr/share/lintian/overrides"
cp Packaging/lintian-overrides "$root/usr/share/lintian/overrides/casefile"
{
  echo "casefile ($debian_version) unstable; urgency=medium"
  echo
  echo "  * Casefile $version, built from commit $commit of its repository."
  echo
  echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$root/usr/share/doc/casefile/changelog.Debian.gz"

depends="$(cd "$stage" && dpkg-shlibdeps -O debian/casefile/usr/bin/casefile)"
depends="${depends#shlibs:Depends=}"

chmod -R u=rwX,go=rX "$root"
chmod 0755 "$installed"
cat > "$root/DEBIAN/control" <<EOF
Package: casefile
Version: $debian_version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: web
Priority: optional
Description: static site generator for case files of nibbled fruit
 Casefile turns a case file (animal suspects, nibble bulletins, a fruit
 catalog and Markdown interview notes, in YAML or JSON) into a static website
 of HTML and CSS tables with an inspector, and into validation reports: text,
 JSON, SARIF and GitHub annotations. It validates every record against its
 rules, previews the site with live reload, and publishes it atomically.
 .
 The binary carries the Swift runtime and Foundation; it needs only Debian's
 libcmark-gfm and jemalloc.
EOF
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p dist
deb="dist/casefile_${debian_version}_${arch}.deb"
# xz at level 3: 20 MB in about 20 s; the default level 6 saves 2 MB more in about 65 s (2 cores).
dpkg-deb --root-owner-group -Zxz -z3 --build "$root" "$deb" >/dev/null
echo "Wrote $deb ($(du -h "$deb" | cut -f1); casefile $(du -h "$installed" | cut -f1) installed)"
