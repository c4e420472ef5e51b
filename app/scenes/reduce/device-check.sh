# The reduction scene's part of scripts/device-check.sh (sourced there; see its header): every
# variant and finish on CUDA, its trace against the CPU twin; a figure rendered on the GPU's EGL;
# the in-place global-memory variants (8-10) and the segmented mode likewise; the benchmark at
# 2^20, 2^24, 2^28 (float32 sum).
SCENE_GPU_TESTS=(test_reduce_gpu test_reduce_gpu_global)

scene_checks() {
  echo "== the app on the CUDA backend: every variant, its trace checked against the CPU reference"
  app_rc=0
  for variant in 1 2 3 4 5 6 7; do
    for finish in two-pass atomic last-block; do
      "$APP" run --backend cuda --variant $variant --finish $finish --n 1000 --seed 3 \
        --json "$OUT_DIR/run.json" 2>>"$OUT_DIR/app.log" || app_rc=1
      grep -q '"match": true' "$OUT_DIR/run.json" || { echo "variant $variant $finish: GPU trace differs"; app_rc=1; }
    done
  done
  for variant in simple-global convergent-global reduce-global; do
    "$APP" run --backend cuda --variant $variant --n 2048 --seed 3 \
      --json "$OUT_DIR/run.json" 2>>"$OUT_DIR/app.log" || app_rc=1
    grep -q '"match": true' "$OUT_DIR/run.json" || { echo "variant $variant: GPU trace differs"; app_rc=1; }
  done
  "$APP" run --backend cuda --mode segmented --segments "[1 2] [6 7 1] [1 2 3 4]" \
    --json "$OUT_DIR/run.json" 2>>"$OUT_DIR/app.log" || app_rc=1
  grep -q '"match": true' "$OUT_DIR/run.json" || { echo "segmented: GPU trace differs"; app_rc=1; }
  "$APP" render --backend cuda --variant warp-shuffle --compare sequential --n 64 \
    --block 32 --step 6 --out "$OUT_DIR/reduce_cuda.png" 2>>"$OUT_DIR/app.log" || app_rc=1
  [ $app_rc -eq 0 ] && echo "25 runs: GPU traces match the CPU reference; figure rendered on the GPU's EGL"
  tail -n 3 "$OUT_DIR/app.log"
  note "app on cuda" $app_rc
  bench_scene reduce --scene reduce --sizes 20,24,28 --type float32 --backend cuda --repeats 20
}
