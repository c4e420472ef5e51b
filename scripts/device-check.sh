#!/usr/bin/env bash
# Checks the CUDA backend ON the GPU machine, from the repository root, with prebuilt binaries
# (no cmake there). Usage: scripts/device-check.sh [BIN_DIR]   (default .device), where BIN_DIR
# holds the GPU test executables (test_*_gpu, test_bfs_render) and the app: an installed prefix in
# BIN_DIR/prefix (`cmake --install build --prefix BIN_DIR/prefix`), whose bin/warpscope finds its
# data by itself and whose share/warpscope the tests read (WARPSCOPE_DATA_DIR), else a bare
# BIN_DIR/warpscope (then set WARPSCOPE_DATA_DIR to a data folder: no source path is faked).
#
# Found by convention, so a new scene edits nothing here: every scene folder with a
# device-check.sh (app/scenes/<scene>/device-check.sh) is one part. Such a file, sourced here,
# sets SCENE_GPU_TESTS (the GPU test executables of its algorithms) and defines scene_checks (its
# checks through the app on CUDA against the CPU backend, deliberate races racecheck must report,
# and its benchmarks, which honour BENCH; the helpers below, bench_scene, twin_run and
# scene_registered among them, serve it). For each scene: its GPU tests, compute-sanitizer
# (memcheck, racecheck, synccheck) on each one's *ForTheSanitizers* tests, then scene_checks.
# GPU test executables no scene names (interop, pixel images, graph layout) run first.
#
# SCENES="reduce heat ..." chooses the scenes (default: every scene folder with a part);
# BENCH=none skips every benchmark. Results, logs and benchmark JSON go to $OUT (default
# BIN_DIR/out); the benchmark tables are printed last. Exit status: 0 when every step passed.
set -u -o pipefail
BIN=${1:-.device}
OUT_DIR=${OUT:-$BIN/out}
mkdir -p "$OUT_DIR"
# The figures need a font; the GPU machine may have none: a DejaVuSans.ttf carried in BIN_DIR.
[ -z "${WARPSCOPE_FONT:-}" ] && [ -f "$BIN/DejaVuSans.ttf" ] && export WARPSCOPE_FONT="$BIN/DejaVuSans.ttf"
parts=()
for f in app/scenes/*/device-check.sh; do parts+=("$(basename "$(dirname "$f")")"); done
SCENES=${SCENES:-${parts[*]}}
status=0
summary=()

want() { [[ " $SCENES " == *" $1 "* ]]; }
benching() { [ "${BENCH:-all}" != "none" ]; }

note() {  # note "step" rc
  if [ "$2" -eq 0 ]; then summary+=("$1: ok"); else summary+=("$1: FAILED (exit $2)"); status=1; fi
}

echo "== GPU"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total,clocks.max.sm \
    --format=csv,noheader
else
  echo "nvidia-smi not found"
fi

# The app and its data: the installed prefix when BIN_DIR holds one.
if [ -x "$BIN/prefix/bin/warpscope" ]; then
  APP="$BIN/prefix/bin/warpscope"
  WARPSCOPE_DATA_DIR=$(cd "$BIN/prefix/share/warpscope" && pwd)
  export WARPSCOPE_DATA_DIR
else
  APP="$BIN/warpscope"
fi
[ -x "$APP" ] && "$APP" --version

# gpu_tests BINARY: one GPU test executable, its log, and a loud failure when it only skipped.
gpu_tests() {
  local binary=$1 start=$SECONDS rc
  echo "== $binary"
  "$BIN/$binary" --gtest_brief=1 >"$OUT_DIR/$binary.log" 2>&1
  rc=$?
  tail -n 60 "$OUT_DIR/$binary.log"
  echo "(took $((SECONDS - start)) s; full log: $OUT_DIR/$binary.log)"
  note "$binary" $rc
  if grep -q "SKIPPED" "$OUT_DIR/$binary.log"; then
    # Tests skip only without a usable device: say so instead of reporting a green run.
    echo "$binary was SKIPPED: no usable CUDA device (a CUDA 13 runtime needs driver >= 580)"
    summary+=("$binary: SKIPPED (no usable device)")
    status=1
  fi
}

sanitizer=""
for candidate in "$(command -v compute-sanitizer 2>/dev/null)" \
  /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then sanitizer=$candidate; break; fi
done
sanitizer_filter='*ForTheSanitizers*:*SanitizerSmoke.*'

# sanitize BINARY: memcheck, racecheck and synccheck on the binary's tests for the sanitizers.
sanitize() {
  local binary=$1 tool log rc
  [ -n "$sanitizer" ] || return 0
  "$BIN/$binary" --gtest_list_tests --gtest_filter="$sanitizer_filter" | grep -q '^  ' || return 0
  for tool in memcheck racecheck synccheck; do
    log="$OUT_DIR/sanitizer_${binary}_$tool.log"
    "$sanitizer" --tool "$tool" --error-exitcode 99 \
      "$BIN/$binary" --gtest_filter="$sanitizer_filter" --gtest_brief=1 >"$log" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
      echo "$binary $tool: clean ($(grep -m1 -E '(ERROR|RACECHECK) SUMMARY' "$log" || echo 'no summary line'))"
    else
      echo "$binary $tool: NOT clean (exit $rc), first findings:"
      grep -m 20 -E '=========|FAILED|Failure' "$log"
    fi
    note "compute-sanitizer $binary $tool" $rc
  done
}

# reports_race NAME BINARY FILTER: racecheck must report hazards on a deliberate race.
reports_race() {
  local name=$1 binary=$2 filter=$3 log rc
  [ -n "$sanitizer" ] || return 0
  log="$OUT_DIR/sanitizer_${binary}_race.log"
  "$sanitizer" --tool racecheck --error-exitcode 99 "$BIN/$binary" --gtest_filter="$filter" \
    --gtest_brief=1 >"$log" 2>&1
  rc=$?
  grep -m 3 -E "RACECHECK SUMMARY|Race reported|hazard" "$log"
  if [ $rc -eq 99 ] && grep -q -E "RACECHECK SUMMARY: [1-9][0-9]* hazard" "$log"; then
    echo "racecheck reports $name: ok"
    note "racecheck reports $name" 0
  else
    echo "racecheck did NOT report $name (exit $rc)"
    note "racecheck reports $name" 1
  fi
}

# bench_scene NAME ARGS...: `warpscope bench ARGS` with its table in bench_NAME_table.txt, its
# JSON in bench_NAME.json and its progress in bench_NAME_progress.log.
bench_scene() {
  local name=$1 rc
  shift
  benching && [ -x "$APP" ] || return 0
  echo "== bench $name (progress: $OUT_DIR/bench_${name}_progress.log)"
  "$APP" bench "$@" --json "$OUT_DIR/bench_$name.json" \
    >"$OUT_DIR/bench_${name}_table.txt" 2>"$OUT_DIR/bench_${name}_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_${name}_progress.log"
  note "bench $name" $rc
}

# scene_registered NAME: the app lists scene NAME; else a line saying its app checks are skipped.
scene_registered() {
  # grep reads all of it (not -q): an early exit would end the app with SIGPIPE under pipefail.
  "$APP" list 2>/dev/null | grep "^$1 " >/dev/null && return 0
  echo "== the $1 scene is not registered in this build: app checks skipped"
  summary+=("$1 scene: not registered (app checks skipped)")
  return 1
}

# twin_check CUDA_FILE WHAT: the CUDA run's cpu_check says its trace equals the CPU twin's.
twin_check() {
  python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check")
ok = isinstance(check, dict) and bool(check.get("match", False))
detail = "" if ok else " " + str(check)[:200]
print(("ok  " if ok else "BAD ") + sys.argv[2] + ": CUDA equals the CPU twin: " + str(ok) + detail)
sys.exit(0 if ok else 1)
PY
}

# twin_run WHAT FILE RUN_ARGS...: `warpscope run RUN_ARGS` on the CPU (FILE_cpu.json), then on
# CUDA (FILE_cuda.json) and twin_check. A CPU run that fails means this build lacks the variant:
# noted as skipped, status 0. Status 1 when the CUDA run fails or differs from the twin.
twin_run() {
  local what=$1 file=$2 rc=0
  shift 2
  if ! "$APP" run "$@" --backend cpu --json "${file}_cpu.json" 2>>"$OUT_DIR/app.log"; then
    echo "== $what: not in this build (skipped; see app.log)"
    summary+=("$what: not in this build (skipped)")
    return 0
  fi
  rm -f "${file}_cuda.json"
  "$APP" run "$@" --backend cuda --json "${file}_cuda.json" 2>>"$OUT_DIR/app.log" || rc=1
  [ -s "${file}_cuda.json" ] && twin_check "${file}_cuda.json" "$what" || rc=1
  return $rc
}

[ -z "$sanitizer" ] && { echo "compute-sanitizer not found: skipped"; summary+=("compute-sanitizer: not available"); }

# The GPU tests no scene names.
claimed=" "
for scene in "${parts[@]}"; do
  SCENE_GPU_TESTS=()
  # shellcheck disable=SC1090
  source "app/scenes/$scene/device-check.sh"
  claimed+="${SCENE_GPU_TESTS[*]} "
done
for path in "$BIN"/test_*_gpu; do
  binary=$(basename "$path")
  [ -x "$path" ] && [[ "$claimed" != *" $binary "* ]] || continue
  gpu_tests "$binary"
  sanitize "$binary"
done

for scene in "${parts[@]}"; do
  want "$scene" || continue
  SCENE_GPU_TESTS=()
  unset -f scene_checks
  # shellcheck disable=SC1090
  source "app/scenes/$scene/device-check.sh"
  echo "===== scene $scene"
  for binary in "${SCENE_GPU_TESTS[@]}"; do
    [ -x "$BIN/$binary" ] || continue
    gpu_tests "$binary"
    sanitize "$binary"
  done
  if [ -x "$APP" ] && declare -F scene_checks >/dev/null; then scene_checks; fi
done

echo "== summary"
printf '  %s\n' "${summary[@]}"
for f in "$OUT_DIR"/bench_*table.txt "$OUT_DIR"/bench_interop.txt "$OUT_DIR"/bench_live_*.txt; do
  [ -f "$f" ] && { echo "== $(basename "$f")"; cat "$f"; }
done
exit $status
