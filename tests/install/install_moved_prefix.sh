#!/usr/bin/env bash
# Usage: install_moved_prefix.sh CMAKE BUILD_DIR. Installs the build to a prefix, moves the prefix,
# and runs the moved app from an unrelated folder with no help from the environment: it must find
# its samples, graphs, catalogs and kernel sources as ../share/warpscope.
set -euo pipefail
cmake=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$work/first" >/dev/null
mv "$work/first" "$work/moved"
mkdir "$work/elsewhere"
cd "$work/elsewhere"
app="$work/moved/bin/warpscope"
# Nothing points at the source tree: no data or source variable, and a data variable that is wrong.
unset WARPSCOPE_SOURCE_DIR WARPSCOPE_I18N_DIR
export WARPSCOPE_DATA_DIR="$work/nowhere"

version=$("$app" --version)
echo "$version"
grep -q "^warpscope [0-9]" <<<"$version" || fail "--version prints no version"
grep -qE "^build: (CUDA sm_[0-9]|no CUDA)" <<<"$version" || fail "--version names no build"
grep -qF "data: $work/moved/share/warpscope (installed)" <<<"$version" ||
  fail "the moved prefix's data folder is not the one in use"

"$app" render --scene reduce --out reduce.png
[ "$(head -c 8 reduce.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "reduce.png is not a PNG"

"$app" run --scene reduce --json reduce.json
grep -q '"found": *true' reduce.json || fail "the code panel's kernel source was not found"
grep -q '"file": *"kernels/reduce/reduce.cu"' reduce.json || fail "run --json names no kernel source"

# A shipped graph and a shipped photo by their bare names.
"$app" run --scene bfs --graph karate.mtx --json bfs.json
grep -q '"vertices": *34' bfs.json || fail "karate.mtx was not loaded (34 vertices)"
"$app" run --scene sat --image camera.png --json sat.json
grep -q '"matches_reference": *true' sat.json || fail "the SAT of camera.png does not match its reference"

# The Chinese catalogs: a scene's own (the histogram's figure title) and the shared one (the
# kit's "step" in the reduction's caption).
"$app" --lang zh render --scene histogram --out histogram.svg
grep -q "直方图：" histogram.svg || fail "the histogram's Chinese catalog was not found"
"$app" --lang zh render --scene reduce --out reduce.svg
grep -q "步" reduce.svg || fail "the shared Chinese catalog was not found"
echo "the moved prefix works from $PWD"
