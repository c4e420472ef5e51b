#!/usr/bin/env bash
# Accepts the images the render tests wrote for failed or missing goldens: copies
# <build>/tests/render/render_out/NAME.actual.png to tests/render/golden/NAME.png.
# Look at each actual image first; commit the goldens with the change that explains them.
#
#   scripts/approve-goldens.sh [--run] [BUILD_DIR]     (BUILD_DIR defaults to ./build)
#     --run   run the render tests first (ctest -L render) to produce fresh actual images
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run=0
build="$repo/build"
for arg in "$@"; do
  case "$arg" in
    --run) run=1 ;;
    -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) build="$(cd "$arg" && pwd)" ;;
  esac
done

out="$build/tests/render/render_out"
golden="$repo/tests/render/golden"
if [[ ! -d "$build" ]]; then
  echo "approve-goldens: no build folder $build" >&2
  exit 1
fi
if (( run )); then
  # Failing tests are expected here: they are what writes the actual images.
  ctest --test-dir "$build" -L render --output-on-failure >/dev/null || true
fi

shopt -s nullglob
actuals=("$out"/*.actual.png)
if (( ${#actuals[@]} == 0 )); then
  echo "approve-goldens: nothing to approve in $out (run 'ctest -L render' first, or pass --run)"
  exit 0
fi
mkdir -p "$golden"
for actual in "${actuals[@]}"; do
  name="$(basename "$actual" .actual.png)"
  cp "$actual" "$golden/$name.png"
  rm -f "$actual" "$out/$name.diff.png"
  echo "approved $golden/$name.png"
done
