#!/usr/bin/env bash
# The browser page, tested without the app: builds tests/web/page_probe (a stand-in that links with
# the app's web flags, data package and site target) single-threaded and threaded into one site,
# then runs tests/web/check_page.py on it twice: served by web/serve.py (cross-origin isolated: the
# threaded build must run) and by python3 -m http.server (no isolation: the single-threaded one).
# Exit 77 (ctest: skipped) when Emscripten, Chromium or pyftsubset is missing.
#   tests/web/test_page.sh [BUILD_DIR]   (default: a temporary folder)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in emcc emcmake chromium pyftsubset; do
  if ! command -v "$tool" >/dev/null; then
    echo "test_page: SKIP: no $tool (scripts/build-web.sh installs the web build's tools)"
    exit 77
  fi
done
build="${1:-$(mktemp -d /tmp/ws-page-probe.XXXXXX)}"
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"  # Debian's acorn, for Emscripten's JS optimizer
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
for variant in st mt; do
  threads=OFF
  [ $variant = mt ] && threads=ON
  emcmake cmake -S "$repo/tests/web/page_probe" -B "$build/$variant" "${generator[@]}" \
    -DCMAKE_BUILD_TYPE=Release -DWARPSCOPE_SOURCE_DIR="$repo" -DWARPSCOPE_WEB_THREADS=$threads >/dev/null
  cmake --build "$build/$variant" -j1 >/dev/null
done
cp "$build"/mt/site/warpscope-mt.* "$build/st/site/"
echo '{"threads": true}' > "$build/st/site/builds.json"  # as scripts/build-web.sh writes it
status=0
python3 "$repo/tests/web/check_page.py" "$build/st/site" --probe --server serve --expect-build mt \
  --query '?scene=heat&lang=zh&variant=3&lecture' || status=1
python3 "$repo/tests/web/check_page.py" "$build/st/site" --probe --server plain --expect-build st || status=1
exit $status
