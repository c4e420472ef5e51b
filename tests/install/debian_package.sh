#!/usr/bin/env bash
# Usage: debian_package.sh CPACK BUILD_DIR HAVE_CUDA. Builds the .deb from the build (cpack), then
# checks its control file (name, version, the Debian runtime packages it depends on, no CUDA
# package), its file list (the app, its data, the desktop entry and icon, the docs), and that the
# unpacked tree runs from where it was unpacked.
set -euo pipefail
cpack=$1 build=$2 cuda=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

"$cpack" --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/warpscope_*.deb)
echo "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

control=$(dpkg-deb -f "$deb")
echo "$control"
field() { awk -v k="$1:" '$1 == k { sub(/^[^:]*: */, ""); print }' <<<"$control"; }
[ "$(field Package)" = warpscope ] || fail "Package is not warpscope"
[ "$(field Architecture)" = amd64 ] || fail "Architecture is not amd64"
depends=$(field Depends)
for package in libglfw3 libglew2.2 libgif7 libegl1 libstdc++6 fonts-dejavu-core; do
  tr ',' '\n' <<<"$depends" | awk '{print $1}' | grep -qxF "$package" ||
    fail "Depends lacks $package: $depends"
done
grep -qi cuda <<<"$depends" && fail "Depends names a CUDA package: $depends"
if [ "$cuda" = ON ]; then
  grep -q "nvidia-driver" <<<"$(field Suggests)" || fail "a CUDA build suggests no driver"
else
  [[ "$(field Version)" == *+cpu ]] || fail "a CPU-only build's version does not say +cpu"
fi

files=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for path in ./usr/bin/warpscope ./usr/share/warpscope/assets/camera.png \
  ./usr/share/warpscope/assets/SOURCES.md ./usr/share/warpscope/assets/graphs/karate.mtx \
  ./usr/share/warpscope/assets/i18n/zh.json ./usr/share/warpscope/app/scenes/bfs/i18n/zh.json \
  ./usr/share/warpscope/kernels/reduce/reduce.cu ./usr/share/applications/warpscope.desktop \
  ./usr/share/icons/hicolor/scalable/apps/warpscope.svg \
  ./usr/share/icons/hicolor/256x256/apps/warpscope.png ./usr/share/doc/warpscope/README.md \
  ./usr/share/doc/warpscope/copyright; do
  grep -qxF "$path" <<<"$files" || fail "the package lacks $path"
done
grep -q "/tests/\|\.o$\|CMakeFiles" <<<"$files" && fail "the package holds build or test files"
if command -v desktop-file-validate >/dev/null; then
  dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/applications/warpscope.desktop >"$work/w.desktop"
  desktop-file-validate "$work/w.desktop"
fi

# Unpacked anywhere, the package's own tree is what the app reads.
dpkg-deb -x "$deb" "$work/root"
WARPSCOPE_DATA_DIR= "$work/root/usr/bin/warpscope" --version | tee "$work/version.txt"
grep -qF "data: $work/root/usr/share/warpscope (installed)" "$work/version.txt" ||
  fail "the unpacked app does not read its own data"
echo "package ok"
