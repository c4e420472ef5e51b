# The scan scene's part of scripts/device-check.sh (sourced there; see its header): the deliberate
# race (Kogge-Stone without its second barrier) that racecheck must report, every scan variant and
# application on CUDA against its CPU twin through the app, the look-back timeline figure, and the
# benchmarks (int32, float32; --mode apps).
SCENE_GPU_TESTS=(test_scan_gpu test_scan_apps_gpu test_radix_teach_gpu)

scene_checks() {
  # The deliberate race (Kogge-Stone without its second barrier, fast mode). (The teach-mode
  # race, whose recorder does an atomic per access, came out with 0 hazards on an H100 with
  # compute-sanitizer 2025.3: docs/performance.md.)
  reports_race "the scan's race mode" test_scan_gpu \
    ScanKoggeStoneTreeGpu.TheRaceInFastModeRunsWithoutTheBarrier
  grep -h -E "^(race|fast|scan|timeline)" "$OUT_DIR/test_scan_gpu.log" | head -20
  echo "== the scan scene on the CUDA backend: every variant's trace against its CPU twin"
  scan_rc=0
  for variant in 1 2 3 4 5 6 7 8 9 10; do
    direction=--inclusive
    [ $variant = 3 ] && direction=--exclusive  # kogge-stone-excl scans exclusive only
    for args in "--n 1000 --seed 3 --op sum $direction" "--n 333 --seed 5 --op max --exclusive --type float32"; do
      "$APP" run --scene scan --backend cuda --variant $variant $args \
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
    "$APP" run --scene scan --mode $mode --backend cuda "${extra[@]}" \
      --json "$OUT_DIR/scan_$mode.json" 2>>"$OUT_DIR/app.log" || scan_rc=1
    python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(sys.argv[2], 'cpu_check', j.get('cpu_check'))" \
      "$OUT_DIR/scan_$mode.json" "$mode" || scan_rc=1
  done
  "$APP" render --scene scan --backend cuda --variant decoupled-lookback --record 65536 \
    --out "$OUT_DIR/scan_lookback_cuda.png" 2>>"$OUT_DIR/app.log" || scan_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "scan scene on cuda" $scan_rc
  for type in int32 float32; do
  bench_scene scan_$type --scene scan --sizes 20,24,28 --type $type --backend cuda --repeats 20
  done
  bench_scene scan_apps --scene scan --mode apps --backend cuda --repeats 20
}
