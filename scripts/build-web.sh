#!/usr/bin/env bash
# Builds warpscope for the browser (issue 31: WebAssembly, WebGL 2, every scene on the CPU backend)
# on Debian 12: installs what is missing (Debian's Emscripten 3.1.6, fonttools for the CJK font
# subset, the fonts), fetches the sources of Dear ImGui and giflib with `apt-get source` into
# ~/.cache/warpscope/web-deps once (plus copies of the header-only libraries), configures build-web
# with emcmake and builds the site: build-web/site, a static folder (web/README.txt says how to
# serve it). Run as root (or with sudo rights); safe to run again.
#   scripts/build-web.sh [SITE_DIR]   also copies the site to SITE_DIR
# WEB_THREADS=1 also builds the threaded variant (build-web-mt, -DWARPSCOPE_WEB_THREADS=ON) and puts
# its warpscope-mt.* into the same site; the page runs it when served cross-origin isolated
# (web/serve.py). WARPSCOPE_WEB_DEPS and BUILD_DIR (default build-web) move those folders.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
site_copy="${1:-}"
build="${BUILD_DIR:-build-web}"
[[ "$build" = /* ]] || build="$root/$build"
deps="${WARPSCOPE_WEB_DEPS:-$HOME/.cache/warpscope/web-deps}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

# ---- tools: the same way as scripts/install-deps.sh, only what is missing.
packages=(
  emscripten cmake ninja-build ccache dpkg-dev fonttools python3 gzip
  fonts-dejavu-core fonts-wqy-microhei nlohmann-json3-dev libcli11-dev libstb-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "warpscope web: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ---- sources of Dear ImGui 1.86 and giflib 5.2.1 (Debian's, patches applied), header-only copies.
imgui_dir="imgui-1.86+ds"
giflib_dir="giflib-5.2.1"
if [ ! -d "$deps/$imgui_dir" ] || [ ! -d "$deps/$giflib_dir" ]; then
  if ! apt-cache showsrc imgui 2>/dev/null | grep -q '^Package: imgui'; then
    echo "warpscope web: adding Debian's source packages to apt (warpscope-src.sources)"
    $SUDO tee /etc/apt/sources.list.d/warpscope-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    $SUDO apt-get update -qq
  fi
  mkdir -p "$deps"
  for source in imgui giflib; do
    folder="$imgui_dir"
    [ $source = giflib ] && folder="$giflib_dir"
    if [ ! -d "$deps/$folder" ]; then
      echo "warpscope web: apt-get source $source"
      (cd "$deps" && apt-get source -qq "$source" 2>&1 | grep -v "unsandboxed\|^dpkg-source: info" || true)
      [ -d "$deps/$folder" ] || { echo "warpscope web: apt-get source $source made no $deps/$folder" >&2; exit 1; }
    fi
  done
fi
mkdir -p "$deps/include"
for header in nlohmann CLI stb; do
  [ -d "$deps/include/$header" ] || cp -r "/usr/include/$header" "$deps/include/"
done

# ---- configure and build; ccache when it is there. Debian's Emscripten keeps a frozen prebuilt
# cache: EM_CACHE stays unset. Its JS optimizer needs Debian's acorn (NODE_PATH).
export NODE_PATH=/usr/share/nodejs
export CCACHE_BASEDIR="$root"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# build_web FOLDER THREADS: configures (once) and builds one variant. Unity batches of 8 sources
# per compiler run, as preset asan (the exclusions are the top CMakeLists.txt's; docs/ci.md).
build_web() {
  emcmake cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DWARPSCOPE_TESTS=OFF \
    -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
    -DWARPSCOPE_WEB_DEPS="$deps" -DWARPSCOPE_WEB_THREADS="$2" "${launcher[@]}" >/dev/null
  cmake --build "$1" ${JOBS:+-j "$JOBS"}
}
build_web "$build" OFF
site="$build/site"
if [ "${WEB_THREADS:-0}" = "1" ]; then
  build_web "$build-mt" ON
  cp "$build-mt"/site/warpscope-mt.* "$site/"
  echo '{"threads": true}' > "$site/builds.json"  # the page may run warpscope-mt
fi
if [ -n "$site_copy" ]; then
  mkdir -p "$site_copy"
  cp -r "$site"/. "$site_copy/"
  site="$(cd "$site_copy" && pwd)"
fi

# ---- what a visitor downloads, compressed as a web server would (gzip -9).
gzipped() {
  local total=0 file
  for file in "$@"; do
    [ -f "$site/$file" ] && total=$((total + $(gzip -9 -c "$site/$file" | wc -c)))
  done
  echo "$total"
}
megabytes() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1048576 }'; }
common=(index.html warpscope_page.js warpscope.data warpscope.data.js)
echo "warpscope web: the site is $site"
echo "  download, gzip -9: $(megabytes "$(gzipped "${common[@]}" warpscope.js warpscope.wasm)")" \
     "(single-threaded; of it warpscope.data $(megabytes "$(gzipped warpscope.data)"))"
if [ -f "$site/warpscope-mt.wasm" ]; then
  echo "  threaded: $(megabytes "$(gzipped "${common[@]}" warpscope-mt.js warpscope-mt.wasm warpscope-mt.worker.js)")"
fi
echo "  serve it: python3 web/serve.py $site    (then open http://127.0.0.1:8000/)"
