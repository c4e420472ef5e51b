#!/usr/bin/env bash
# Checks the CUDA backend ON the GPU machine, from the repository root, with prebuilt binaries
# (no cmake there). Usage: scripts/device-check.sh [BIN_DIR]   (default .device), where BIN_DIR
# holds test_reduce_gpu, test_stencil_gpu, test_interop_gpu and the app binary warpscope.
# Order: the GPU, the gpu tests, compute-sanitizer (memcheck, racecheck, synccheck) on the small
# SanitizerSmoke and StencilSanitizerSmoke tests, then the benchmarks: reduce at 2^20, 2^24,
# 2^28 float32 sum and the heat stencil at 4096^2, 8192^2, 512^3; their JSON goes to
# $OUT/bench_reduce.json and $OUT/bench_heat.json ($OUT defaults to BIN_DIR/out) and their tables
# are printed last (BENCH=heat skips the reduce benchmark, BENCH=none every benchmark). With the app binary it also runs the
# heat scene on CUDA against the CPU backend and the display benchmarks (bench --interop, --live).
# SCENES="reduce heat scan sat histogram bfs" (the default) chooses the scenes to check; the scan part runs
# test_scan_gpu, test_scan_apps_gpu and test_radix_teach_gpu, compute-sanitizer on their
# *ForTheSanitizers tests (and racecheck on the deliberate race, which must report hazards), every
# scan variant on CUDA against
# its CPU twin through the app, and `bench --scene scan` (int32, float32; --mode apps).
# Exit status: 0 when every step passed.
set -u -o pipefail
BIN=${1:-.device}
OUT_DIR=${OUT:-$BIN/out}
mkdir -p "$OUT_DIR"
SCENES=${SCENES:-reduce heat scan sat histogram bfs}
# The figures need a font; the GPU machine may have none: a DejaVuSans.ttf carried in BIN_DIR.
[ -z "${WARPSCOPE_FONT:-}" ] && [ -f "$BIN/DejaVuSans.ttf" ] && export WARPSCOPE_FONT="$BIN/DejaVuSans.ttf"
status=0
summary=()

want() { [[ " $SCENES " == *" $1 "* ]]; }

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

# gpu_tests BINARY LABEL: one GPU test binary, its log, and a loud failure when it only skipped.
gpu_tests() {
  local binary=$1 label=$2 start=$SECONDS rc
  echo "== $label ($BIN/$binary)"
  "$BIN/$binary" --gtest_brief=1 >"$OUT_DIR/$binary.log" 2>&1
  rc=$?
  tail -n 60 "$OUT_DIR/$binary.log"
  echo "(took $((SECONDS - start)) s; full log: $OUT_DIR/$binary.log)"
  note "$label" $rc
  if grep -q "SKIPPED" "$OUT_DIR/$binary.log"; then
    # Tests skip only without a usable device: say so instead of reporting a green run.
    echo "$label were SKIPPED: no usable CUDA device (a CUDA 13 runtime needs driver >= 580)"
    summary+=("$label: SKIPPED (no usable device)")
    status=1
  fi
}

want reduce && gpu_tests test_reduce_gpu "gpu tests"
want heat && [ -x "$BIN/test_stencil_gpu" ] && gpu_tests test_stencil_gpu "stencil gpu tests"
if want scan; then
  gpu_tests test_scan_gpu "scan gpu tests"
  gpu_tests test_scan_apps_gpu "scan apps gpu tests"
  [ -x "$BIN/test_radix_teach_gpu" ] && gpu_tests test_radix_teach_gpu "radix teach gpu tests"
  grep -h -E "^(race|fast|scan|timeline)" "$OUT_DIR/test_scan_gpu.log" | head -20
fi

want histogram && gpu_tests test_histogram_gpu "histogram gpu tests"
if want bfs; then
  # The GPU tests read the shipped graphs at the path they were built with: point it here.
  graphs_dir=$(strings "$BIN/test_bfs_gpu" 2>/dev/null | grep -m1 -E '/assets/graphs$' || true)
  if [ -n "$graphs_dir" ] && [ ! -d "$graphs_dir" ]; then
    mkdir -p "$(dirname "$(dirname "$graphs_dir")")" && ln -sfn "$PWD" "$(dirname "$(dirname "$graphs_dir")")/$(basename "$(dirname "$graphs_dir")")"
  fi
  gpu_tests test_bfs_gpu "bfs gpu tests"
  [ -x "$BIN/test_graph_layout_gpu" ] && gpu_tests test_graph_layout_gpu "graph layout gpu tests"
  [ -x "$BIN/test_bfs_render" ] && gpu_tests test_bfs_render "bfs render tests (EGL, interop)"
fi
if want sat; then
  gpu_tests test_sat_gpu "sat gpu tests"
  [ -x "$BIN/test_pixel_image_gpu" ] && gpu_tests test_pixel_image_gpu "pixel image gpu tests"
fi

echo "== compute-sanitizer"
sanitizer=""
for candidate in "$(command -v compute-sanitizer 2>/dev/null)" \
  /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then sanitizer=$candidate; break; fi
done
if [ -z "$sanitizer" ]; then
  echo "compute-sanitizer not found on this machine: skipped"
  summary+=("compute-sanitizer: not available")
else
  # binary:filter pairs; the stencil's smoke tests run when its test binary is there.
  smoke=()
  want reduce && smoke+=("test_reduce_gpu:SanitizerSmoke.*")
  want heat && [ -x "$BIN/test_stencil_gpu" ] && smoke+=("test_stencil_gpu:StencilSanitizerSmoke.*")
  want scan && smoke+=("test_scan_gpu:*ForTheSanitizers" "test_scan_apps_gpu:*ForTheSanitizers")
  want scan && [ -x "$BIN/test_radix_teach_gpu" ] && smoke+=("test_radix_teach_gpu:*ForTheSanitizers")
  want sat && smoke+=("test_sat_gpu:*ForTheSanitizers*")
  want histogram && smoke+=("test_histogram_gpu:*ForTheSanitizers*")
  want bfs && smoke+=("test_bfs_gpu:*ForTheSanitizers*")
  for pair in "${smoke[@]}"; do
    binary=${pair%%:*}
    filter=${pair#*:}
    for tool in memcheck racecheck synccheck; do
      log="$OUT_DIR/sanitizer_${binary}_$tool.log"
      "$sanitizer" --tool "$tool" --error-exitcode 99 \
        "$BIN/$binary" --gtest_filter="$filter" --gtest_brief=1 >"$log" 2>&1
      rc=$?
      if [ $rc -eq 0 ]; then
        echo "$binary $tool: clean ($(grep -m1 -E '(ERROR|RACECHECK) SUMMARY' "$log" || echo 'no summary line'))"
      else
        echo "$binary $tool: NOT clean (exit $rc), first findings:"
        grep -m 20 -E '=========|FAILED|Failure' "$log"
      fi
      note "compute-sanitizer $binary $tool" $rc
    done
  done
  if want scan; then
    # The deliberate race (Kogge-Stone without its second barrier, fast mode): racecheck must
    # report it. (The teach-mode race, whose recorder does an atomic per access, came out with
    # 0 hazards on an H100 with compute-sanitizer 2025.3: docs/performance.md.)
    log="$OUT_DIR/sanitizer_scan_race_racecheck.log"
    "$sanitizer" --tool racecheck --error-exitcode 99 "$BIN/test_scan_gpu" \
      --gtest_filter=ScanKoggeStoneTreeGpu.TheRaceInFastModeRunsWithoutTheBarrier --gtest_brief=1 \
      >"$log" 2>&1
    rc=$?
    grep -m 3 -E "RACECHECK SUMMARY|Race reported|hazard" "$log"
    if [ $rc -eq 99 ] && grep -q -E "RACECHECK SUMMARY: [1-9][0-9]* hazard" "$log"; then
      echo "racecheck reports the deliberate race: ok"
      note "racecheck reports the race mode" 0
    else
      echo "racecheck did NOT report the deliberate race (exit $rc)"
      note "racecheck reports the race mode" 1
    fi
  fi
  if want histogram; then
    # The histogram's injected bug (variant 4's shared counters updated without atomics, fast
    # mode): racecheck must report it.
    log="$OUT_DIR/sanitizer_histogram_race_racecheck.log"
    "$sanitizer" --tool racecheck --error-exitcode 99 "$BIN/test_histogram_gpu" \
      --gtest_filter='*InjectedRaceForRacecheck*' --gtest_brief=1 >"$log" 2>&1
    rc=$?
    grep -m 3 -E "RACECHECK SUMMARY|hazard" "$log"
    if [ $rc -eq 99 ] && grep -q -E "RACECHECK SUMMARY: [1-9][0-9]* hazard" "$log"; then
      echo "racecheck reports the histogram's injected race: ok"
      note "racecheck reports the histogram race" 0
    else
      echo "racecheck did NOT report the histogram's injected race (exit $rc)"
      note "racecheck reports the histogram race" 1
    fi
  fi
fi

if [ -x "$BIN/test_interop_gpu" ]; then
  echo "== interop tests ($BIN/test_interop_gpu)"
  "$BIN/test_interop_gpu" --gtest_brief=1 >"$OUT_DIR/test_interop_gpu.log" 2>&1
  rc=$?
  grep -E "platform|renderer|TimingPrint|us|PASSED|FAILED|Failure|SKIPPED" "$OUT_DIR/test_interop_gpu.log" | head -40
  note "interop tests" $rc
fi

if [ -x "$BIN/warpscope" ] && want reduce; then
  echo "== the app on the CUDA backend: every variant, its trace checked against the CPU reference"
  app_rc=0
  for variant in 1 2 3 4 5 6 7; do
    for finish in two-pass atomic last-block; do
      "$BIN/warpscope" run --backend cuda --variant $variant --finish $finish --n 1000 --seed 3 \
        --json "$OUT_DIR/run.json" 2>>"$OUT_DIR/app.log" || app_rc=1
      grep -q '"match": true' "$OUT_DIR/run.json" || { echo "variant $variant $finish: GPU trace differs"; app_rc=1; }
    done
  done
  "$BIN/warpscope" render --backend cuda --variant warp-shuffle --compare sequential --n 64 \
    --block 32 --step 6 --out "$OUT_DIR/reduce_cuda.png" 2>>"$OUT_DIR/app.log" || app_rc=1
  [ $app_rc -eq 0 ] && echo "21 runs: GPU traces match the CPU reference; figure rendered on the GPU's EGL"
  tail -n 3 "$OUT_DIR/app.log"
  note "app on cuda" $app_rc
fi

if [ -x "$BIN/warpscope" ] && want scan; then
  echo "== the scan scene on the CUDA backend: every variant's trace against its CPU twin"
  scan_rc=0
  for variant in 1 2 3 4 5 6 7 8 9 10; do
    direction=--inclusive
    [ $variant = 3 ] && direction=--exclusive  # kogge-stone-excl scans exclusive only
    for args in "--n 1000 --seed 3 --op sum $direction" "--n 333 --seed 5 --op max --exclusive --type float32"; do
      "$BIN/warpscope" run --scene scan --backend cuda --variant $variant $args \
        --json "$OUT_DIR/scan_run.json" 2>>"$OUT_DIR/app.log" || scan_rc=1
      python3 - "$OUT_DIR/scan_run.json" "$variant $args" <<'PY' || scan_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check", {})
ok = j["matches_reference"] and check.get("match", False)
print(("ok  " if ok else "BAD ") + sys.argv[2] + ": reference " + str(j["matches_reference"]) +
      ", cpu_check " + str(check.get("match")) + " " + check.get("difference", "")[:160] +
      (" (" + check["note"][:80] + ")" if check.get("note") else ""))
sys.exit(0 if ok else 1)
PY
    done
  done
  for mode in compact segmented radix; do
    extra=(--n 500 --seed 2)
    [ $mode = segmented ] && extra=(--segments "[1 2] [6 7 1] [1 2 3 4] [5 5 5 5 5 5 5 5 5]")
    "$BIN/warpscope" run --scene scan --mode $mode --backend cuda "${extra[@]}" \
      --json "$OUT_DIR/scan_$mode.json" 2>>"$OUT_DIR/app.log" || scan_rc=1
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(sys.argv[2], 'cpu_check', j.get('cpu_check'))" \
      "$OUT_DIR/scan_$mode.json" "$mode" || scan_rc=1
  done
  "$BIN/warpscope" render --scene scan --backend cuda --variant decoupled-lookback --record 65536 \
    --out "$OUT_DIR/scan_lookback_cuda.png" 2>>"$OUT_DIR/app.log" || scan_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "scan scene on cuda" $scan_rc
fi

if [ -x "$BIN/warpscope" ] && want sat; then
  echo "== the sat scene on the CUDA backend: traces against the CPU twins, tables and filters"
  sat_rc=0
  for variant in 1 2 3 4; do
    for type in u8 f32 f32-f64; do
      "$BIN/warpscope" run --scene sat --mode teach --backend cuda --variant $variant --type $type \
        --size 29x23 --seed 4 --tile 5 --json "$OUT_DIR/sat_teach.json" 2>>"$OUT_DIR/app.log" || sat_rc=1
      python3 - "$OUT_DIR/sat_teach.json" "teach $variant $type" <<'PY' || sat_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
ok = j["matches_reference"] and j["cpu_check"]["match"]
print(("ok  " if ok else "BAD ") + sys.argv[2] + ": reference " + str(j["matches_reference"]) +
      ", cpu_check " + str(j["cpu_check"]["match"]) + " " + j["cpu_check"].get("difference", "")[:160])
sys.exit(0 if ok else 1)
PY
    done
  done
  for args in "--image assets/coffee.png --colour rgb --radius 9" \
    "--image assets/bluemarble_day.jpg --radius 300 --variant 4" \
    "--image assets/camera.png --depth bowl --focus 0.2 --aperture 12"; do
    for backend in cpu cuda; do
      "$BIN/warpscope" run --scene sat $args --backend $backend --json "$OUT_DIR/sat_$backend.json" \
        --out "$OUT_DIR/sat_$backend.png" 2>>"$OUT_DIR/app.log" || sat_rc=1
    done
    python3 - "$OUT_DIR/sat_cpu.json" "$OUT_DIR/sat_cuda.json" "$args" <<'PY' || sat_rc=1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
same = a["result"]["filtered"] == b["result"]["filtered"] and b["matches_reference"]
print(("same filtered image" if same else "FILTERED IMAGES DIFFER"), "cpu vs cuda:", sys.argv[3],
      "run_ms cuda", round(b["run_ms"], 3))
sys.exit(0 if same else 1)
PY
  done
  "$BIN/warpscope" render --scene sat --backend cuda --image assets/coffee.png --colour rgb \
    --radius 12 --out "$OUT_DIR/sat_filter_cuda.png" 2>>"$OUT_DIR/app.log" || sat_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "sat scene on cuda" $sat_rc
fi

if [ -x "$BIN/warpscope" ] && want histogram; then
  echo "== the histogram scene on the CUDA backend: traces against the CPU twins, counts, equalization"
  hist_rc=0
  for variant in 1 2 3 4 5 6 7 8; do
    for args in "" "--race" "--dist zipf:1.5 --n 700 --bins 19 --block 64 --grid 3 --seed 5"; do
      "$BIN/warpscope" run --scene histogram --mode teach --backend cuda --variant $variant $args \
        --json "$OUT_DIR/hist_teach.json" 2>>"$OUT_DIR/app.log" || hist_rc=1
      python3 - "$OUT_DIR/hist_teach.json" "teach $variant $args" <<'PY' || hist_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
race = j["launch"]["race"]
ok = (j["matches_reference"] or race) and j["cpu_check"]["match"]
print(("ok  " if ok else "BAD ") + sys.argv[2] + ": reference " + str(j["matches_reference"]) +
      ", cpu_check " + str(j["cpu_check"]["match"]) + " " + j["cpu_check"].get("difference", "")[:160])
sys.exit(0 if ok else 1)
PY
    done
  done
  for args in "--dist zipf:1.2 --n 16777216 --bins 256" "--dist uniform --n 3000001 --bins 65536" \
    "--image assets/blackmarble_night.jpg"; do
    for backend in cpu cuda; do
      "$BIN/warpscope" run --scene histogram --mode contention --variant 8 $args --backend $backend \
        --json "$OUT_DIR/hist_$backend.json" 2>>"$OUT_DIR/app.log" || hist_rc=1
    done
    python3 - "$OUT_DIR/hist_cpu.json" "$OUT_DIR/hist_cuda.json" "$args" <<'PY' || hist_rc=1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
same = a["result"]["counts"] == b["result"]["counts"] and b["matches_reference"]
print(("same counts" if same else "COUNTS DIFFER"), "cpu vs cuda:", sys.argv[3])
sys.exit(0 if same else 1)
PY
  done
  for backend in cpu cuda; do
    "$BIN/warpscope" run --scene histogram --mode image --image assets/blackmarble_night.jpg \
      --backend $backend --out "$OUT_DIR/hist_eq_$backend.png" 2>>"$OUT_DIR/app.log" || hist_rc=1
  done
  cmp "$OUT_DIR/hist_eq_cpu.png" "$OUT_DIR/hist_eq_cuda.png" && echo "equalized image: cpu == cuda" \
    || { echo "EQUALIZED IMAGES DIFFER"; hist_rc=1; }
  "$BIN/warpscope" render --scene histogram --mode image --backend cuda \
    --image assets/blackmarble_night.jpg --out "$OUT_DIR/hist_image_cuda.png" 2>>"$OUT_DIR/app.log" || hist_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "histogram scene on cuda" $hist_rc
fi

if [ -x "$BIN/warpscope" ] && want heat; then
  echo "== the heat scene on the CUDA backend against the CPU backend (fields must be identical)"
  heat_rc=0
  for args in "--size 64x40 --variant basic --shape 9 --boundary fixed" \
    "--size 60x64 --variant shared-tiled --tile 16 --boundary periodic" \
    "--size 64x48 --variant temporal-blocked --tile 24 --k 4 --material walls" \
    "--dim 3 --size 40x36x32 --variant register-tiled --tile 8 --boundary fixed" \
    "--size 64x64 --variant basic --init image:assets/camera.png --boundary insulated"; do
    for backend in cpu cuda; do
      "$BIN/warpscope" run --scene heat $args --steps 57 --backend $backend \
        --json "$OUT_DIR/heat_$backend.json" 2>>"$OUT_DIR/app.log" || heat_rc=1
    done
    python3 - "$OUT_DIR/heat_cpu.json" "$OUT_DIR/heat_cuda.json" "$args" <<'PY' || heat_rc=1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
same = a["result"] == b["result"]  # the field, its statistics and the probes
print(("same field" if same else "FIELDS DIFFER"), "cpu vs cuda:", sys.argv[3])
sys.exit(0 if same else 1)
PY
  done
  "$BIN/warpscope" run --scene heat --mode teach --size 24x24 --variant shared-tiled --tile 8 \
    --backend cuda --json "$OUT_DIR/heat_teach.json" 2>>"$OUT_DIR/app.log" || heat_rc=1
  python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["cpu_check"]["match"] else 1)' \
    "$OUT_DIR/heat_teach.json" && echo "teach mode: GPU trace == CPU trace" \
    || { echo "teach mode: GPU trace differs"; heat_rc=1; }
  "$BIN/warpscope" render --scene heat --backend cuda --size 512x512 --steps 300 --material walls \
    --probes "256,256;100,100" --out "$OUT_DIR/heat_cuda.png" 2>>"$OUT_DIR/app.log" || heat_rc=1
  note "heat scene on cuda" $heat_rc

  echo "== display: interop breakdown and the live loop (headless EGL)"
  "$BIN/warpscope" bench --interop --sizes 512,1024,4096 --frames 100 \
    >"$OUT_DIR/bench_interop.txt" 2>&1
  note "bench --interop" $?
  for spf in 1 10; do
    "$BIN/warpscope" bench --live --sizes 4096,8192 --frames 300 --steps-per-frame $spf \
      >"$OUT_DIR/bench_live_$spf.txt" 2>&1
    note "bench --live steps/frame $spf" $?
  done
fi

if [ "${BENCH:-all}" != "heat" ] && [ "${BENCH:-all}" != "none" ] && want reduce; then
  echo "== bench (progress: $OUT_DIR/bench_progress.log)"
  bench=("$BIN/warpscope" bench --scene reduce --sizes 20,24,28 --type float32 --backend cuda
    --repeats 20 --json "$OUT_DIR/bench_reduce.json")
  "${bench[@]}" >"$OUT_DIR/bench_table.txt" 2>"$OUT_DIR/bench_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_progress.log"
  note "bench" $rc
fi

if [ -x "$BIN/warpscope" ] && want scan && [ "${BENCH:-all}" != "none" ]; then
  for type in int32 float32; do
    echo "== scan bench $type (progress: $OUT_DIR/bench_scan_${type}_progress.log)"
    "$BIN/warpscope" bench --scene scan --sizes 20,24,28 --type $type --backend cuda --repeats 20 \
      --json "$OUT_DIR/bench_scan_$type.json" >"$OUT_DIR/bench_scan_${type}_table.txt" \
      2>"$OUT_DIR/bench_scan_${type}_progress.log"
    rc=$?
    [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_scan_${type}_progress.log"
    note "scan bench $type" $rc
  done
  echo "== scan applications bench"
  "$BIN/warpscope" bench --scene scan --mode apps --backend cuda --repeats 20 \
    --json "$OUT_DIR/bench_scan_apps.json" >"$OUT_DIR/bench_scan_apps_table.txt" \
    2>"$OUT_DIR/bench_scan_apps_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_scan_apps_progress.log"
  note "scan applications bench" $rc
fi

if [ -x "$BIN/warpscope" ] && want heat && [ "${BENCH:-all}" != "none" ]; then
  echo "== heat bench (progress: $OUT_DIR/bench_heat_progress.log)"
  "$BIN/warpscope" bench --scene heat --backend cuda --repeats 20 \
    --json "$OUT_DIR/bench_heat.json" >"$OUT_DIR/bench_heat_table.txt" \
    2>"$OUT_DIR/bench_heat_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_heat_progress.log"
  note "heat bench" $rc
fi

if [ -x "$BIN/warpscope" ] && want histogram && [ "${BENCH:-all}" != "none" ]; then
  echo "== histogram bench (progress: $OUT_DIR/bench_histogram_progress.log)"
  "$BIN/warpscope" bench --scene histogram --backend cuda --repeats 20 \
    --json "$OUT_DIR/bench_histogram.json" >"$OUT_DIR/bench_histogram_table.txt" \
    2>"$OUT_DIR/bench_histogram_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_histogram_progress.log"
  note "histogram bench" $rc
  echo "== histogram skew sweep"
  "$BIN/warpscope" bench --scene histogram --mode skew --backend cuda --repeats 20 \
    --json "$OUT_DIR/bench_histogram_skew.json" >"$OUT_DIR/bench_histogram_skew_table.txt" \
    2>>"$OUT_DIR/bench_histogram_progress.log"
  rc=$?
  note "histogram skew sweep" $rc
  [ $rc -eq 0 ] && "$BIN/warpscope" render --bench "$OUT_DIR/bench_histogram_skew.json" \
    --out "$OUT_DIR/histogram_skew.svg" 2>>"$OUT_DIR/app.log"
fi

if [ -x "$BIN/warpscope" ] && want bfs; then
  echo "== the BFS scene on the CUDA backend: every variant against the CPU engine, teach traces"
  bfs_rc=0
  for graph in karate.mtx facebook_combined.txt 4elt.graph gen:kron:14:16 gen:grid:64x64 gen:pmpp; do
    for variant in 1 2 3 4 5 6 7; do
      for backend in cpu cuda; do
        "$BIN/warpscope" run --scene bfs --mode graph --backend $backend --graph $graph \
          --variant $variant --json "$OUT_DIR/bfs_$backend.json" 2>>"$OUT_DIR/app.log" || bfs_rc=1
      done
      python3 - "$OUT_DIR/bfs_cpu.json" "$OUT_DIR/bfs_cuda.json" "$graph $variant" <<'PY' || bfs_rc=1
import json, sys
cpu, cuda = (json.load(open(f)) for f in sys.argv[1:3])
strip = lambda rows: [{k: v for k, v in r.items() if k != "ms"} for r in rows]
ok = (cuda["verification"]["passed"] and cuda["result"]["level"] == cpu["result"]["level"]
      and strip(cuda["levels"]) == strip(cpu["levels"]))
if not ok:
    print("BAD " + sys.argv[3] + ": verified " + str(cuda["verification"]) + ", levels equal "
          + str(cuda["result"]["level"] == cpu["result"]["level"]))
sys.exit(0 if ok else 1)
PY
    done
  done
  for variant in 1 2 3 4 5 6 7; do
    for graph in gen:pmpp karate.mtx; do
      "$BIN/warpscope" run --scene bfs --mode teach --backend cuda --graph $graph --variant $variant \
        --json "$OUT_DIR/bfs_teach.json" 2>>"$OUT_DIR/app.log" || bfs_rc=1
      python3 - "$OUT_DIR/bfs_teach.json" "$graph $variant" <<'PY' || bfs_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check") or {}
ok = j["matches_reference"] and check.get("match", False)
if not ok:
    print("BAD teach " + sys.argv[2] + ": " + str(check)[:200])
sys.exit(0 if ok else 1)
PY
    done
  done
  "$BIN/warpscope" render --scene bfs --backend cuda --graph gen:kron:16:16 --level 2 \
    --out "$OUT_DIR/bfs_kron_cuda.png" 2>>"$OUT_DIR/app.log" || bfs_rc=1
  [ $bfs_rc -eq 0 ] && echo "42 runs: CUDA levels and per-level counts equal the CPU engine's; 14 teach traces equal their twins"
  note "bfs scene on cuda" $bfs_rc
fi

if [ -x "$BIN/warpscope" ] && want bfs && [ "${BENCH:-all}" != "none" ]; then
  echo "== bfs bench (progress: $OUT_DIR/bench_bfs_progress.log)"
  "$BIN/warpscope" bench --scene bfs --backend cuda --sizes ${BFS_SCALES:-16,18,20,21,22} \
    --repeats ${BFS_REPEATS:-10} --json "$OUT_DIR/bench_bfs.json" >"$OUT_DIR/bench_bfs_table.txt" \
    2>"$OUT_DIR/bench_bfs_progress.log"
  rc=$?
  [ $rc -ne 0 ] && tail -n 20 "$OUT_DIR/bench_bfs_progress.log"
  note "bfs bench" $rc
fi

echo "== summary"
printf '  %s\n' "${summary[@]}"
for f in bench_interop.txt bench_live_1.txt bench_live_10.txt bench_table.txt; do
  [ -f "$OUT_DIR/$f" ] && { echo "== $f"; cat "$OUT_DIR/$f"; }
done
if [ -f "$OUT_DIR/bench_heat_table.txt" ]; then
  echo "== heat bench table"
  cat "$OUT_DIR/bench_heat_table.txt"
fi
for f in bench_scan_int32_table.txt bench_scan_float32_table.txt bench_scan_apps_table.txt \
  bench_histogram_table.txt bench_histogram_skew_table.txt bench_bfs_table.txt; do
  [ -f "$OUT_DIR/$f" ] && { echo "== $f"; cat "$OUT_DIR/$f"; }
done
exit $status
