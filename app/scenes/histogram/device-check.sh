# The histogram scene's part of scripts/device-check.sh (sourced there; see its header): the
# injected race (variant 4's shared counters without atomics) racecheck must report, every
# variant's teach trace on CUDA against its twin, full-size counts and the equalized image
# identical on both backends, and the benchmarks (the matrix and the skew sweep).
SCENE_GPU_TESTS=(test_histogram_gpu)

scene_checks() {
  reports_race "the histogram's injected race" test_histogram_gpu '*InjectedRaceForRacecheck*'
  echo "== the histogram scene on the CUDA backend: traces against the CPU twins, counts, equalization"
  hist_rc=0
  for variant in 1 2 3 4 5 6 7 8; do
    for args in "" "--race" "--dist zipf:1.5 --n 700 --bins 19 --block 64 --grid 3 --seed 5"; do
      "$APP" run --scene histogram --mode teach --backend cuda --variant $variant $args \
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
      "$APP" run --scene histogram --mode contention --variant 8 $args --backend $backend \
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
    "$APP" run --scene histogram --mode image --image assets/blackmarble_night.jpg \
      --backend $backend --out "$OUT_DIR/hist_eq_$backend.png" 2>>"$OUT_DIR/app.log" || hist_rc=1
  done
  cmp "$OUT_DIR/hist_eq_cpu.png" "$OUT_DIR/hist_eq_cuda.png" && echo "equalized image: cpu == cuda" \
    || { echo "EQUALIZED IMAGES DIFFER"; hist_rc=1; }
  "$APP" render --scene histogram --mode image --backend cuda \
    --image assets/blackmarble_night.jpg --out "$OUT_DIR/hist_image_cuda.png" 2>>"$OUT_DIR/app.log" || hist_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "histogram scene on cuda" $hist_rc
  bench_scene histogram --scene histogram --backend cuda --repeats 20
  bench_scene histogram_skew --scene histogram --mode skew --backend cuda --repeats 20 &&
  [ -f "$OUT_DIR/bench_histogram_skew.json" ] &&
  "$APP" render --bench "$OUT_DIR/bench_histogram_skew.json" \
    --out "$OUT_DIR/histogram_skew.svg" 2>>"$OUT_DIR/app.log"
}
