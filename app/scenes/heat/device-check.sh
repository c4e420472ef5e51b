# The heat scene's part of scripts/device-check.sh (sourced there; see its header): fields on CUDA
# identical to the CPU backend's for every variant, shape and boundary, the teach trace against
# its twin, a figure rendered on CUDA, the display benchmarks (bench --interop, --live) and the
# stencil benchmark.
SCENE_GPU_TESTS=(test_stencil_gpu)

scene_checks() {
  echo "== the heat scene on the CUDA backend against the CPU backend (fields must be identical)"
  heat_rc=0
  for args in "--size 64x40 --variant basic --shape 9 --boundary fixed" \
    "--size 60x64 --variant shared-tiled --tile 16 --boundary periodic" \
    "--size 64x48 --variant temporal-blocked --tile 24 --k 4 --material walls" \
    "--size 200x130 --variant temporal-blocked --tile 24 --k 2 --boundary periodic" \
    "--dim 3 --size 40x36x32 --variant register-tiled --tile 8 --boundary fixed" \
    "--dim 3 --size 64x40x70 --variant coarsened-z --tile 16 --boundary insulated" \
    "--dim 3 --size 36x30x20 --variant shared-tiled --tile 8 --boundary periodic" \
    "--size 64x64 --variant basic --init image:assets/camera.png --boundary insulated"; do
    for backend in cpu cuda; do
      "$APP" run --scene heat $args --steps 57 --backend $backend \
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
  "$APP" run --scene heat --mode teach --size 24x24 --variant shared-tiled --tile 8 \
    --backend cuda --json "$OUT_DIR/heat_teach.json" 2>>"$OUT_DIR/app.log" || heat_rc=1
  python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))["cpu_check"]["match"] else 1)' \
    "$OUT_DIR/heat_teach.json" && echo "teach mode: GPU trace == CPU trace" \
    || { echo "teach mode: GPU trace differs"; heat_rc=1; }
  "$APP" render --scene heat --backend cuda --size 512x512 --steps 300 --material walls \
    --probes "256,256;100,100" --out "$OUT_DIR/heat_cuda.png" 2>>"$OUT_DIR/app.log" || heat_rc=1
  note "heat scene on cuda" $heat_rc

  # The display benchmarks take minutes (the copy fallback draws 20 ms frames): BENCH=none skips
  # them with the others.
  if benching; then
    echo "== display: interop breakdown and the live loop (headless EGL)"
    "$APP" bench --interop --sizes 512,1024,4096 --frames 100 \
      >"$OUT_DIR/bench_interop.txt" 2>&1
    note "bench --interop" $?
    for spf in 1 10; do
      "$APP" bench --live --sizes 4096,8192 --frames 300 --steps-per-frame $spf \
        >"$OUT_DIR/bench_live_$spf.txt" 2>&1
      note "bench --live steps/frame $spf" $?
    done
  fi
  bench_scene heat --scene heat --backend cuda --repeats 20
}
