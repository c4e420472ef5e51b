# The summed-area-table scene's part of scripts/device-check.sh (sourced there; see its header):
# the teach traces of every variant and type (and of the fused box filter) on CUDA against the CPU
# twins, filtered photos identical on both backends (the fused filter among them), and a filter
# figure rendered on CUDA.
SCENE_GPU_TESTS=(test_sat_gpu test_pixel_image_gpu)

# A teach run's JSON ($1, named $2 in the log): the reference matched and the CPU twin's trace.
sat_teach_ok() {
  python3 - "$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
ok = j["matches_reference"] and j["cpu_check"]["match"]
print(("ok  " if ok else "BAD ") + sys.argv[2] + ": reference " + str(j["matches_reference"]) +
      ", cpu_check " + str(j["cpu_check"]["match"]) + " " + j["cpu_check"].get("difference", "")[:160])
sys.exit(0 if ok else 1)
PY
}

scene_checks() {
  echo "== the sat scene on the CUDA backend: traces against the CPU twins, tables and filters"
  sat_rc=0
  for variant in 1 2 3 4 5; do
    for type in u8 f32 f32-f64; do
      "$APP" run --scene sat --mode teach --backend cuda --variant $variant --type $type \
        --size 29x23 --seed 4 --tile 5 --json "$OUT_DIR/sat_teach.json" 2>>"$OUT_DIR/app.log" || sat_rc=1
      sat_teach_ok "$OUT_DIR/sat_teach.json" "teach $variant $type" || sat_rc=1
    done
  done
  # The fused box filter's traced kernels: r = 0, clamped windows, a radius past the image.
  for radius in 0 3 11 40; do
    "$APP" run --scene sat --mode teach --backend cuda --kernel fused --radius $radius \
      --size 29x23 --seed 4 --json "$OUT_DIR/sat_teach.json" 2>>"$OUT_DIR/app.log" || sat_rc=1
    sat_teach_ok "$OUT_DIR/sat_teach.json" "teach fused filter r $radius" || sat_rc=1
  done
  for args in "--image assets/coffee.png --colour rgb --radius 9" \
    "--image assets/bluemarble_day.jpg --radius 300 --variant 4" \
    "--image assets/camera.png --depth bowl --focus 0.2 --aperture 12" \
    "--image assets/coffee.png --colour rgb --radius 40 --method fused --compare sat"; do
    for backend in cpu cuda; do
      "$APP" run --scene sat $args --backend $backend --json "$OUT_DIR/sat_$backend.json" \
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
  "$APP" render --scene sat --backend cuda --image assets/coffee.png --colour rgb \
    --radius 12 --out "$OUT_DIR/sat_filter_cuda.png" 2>>"$OUT_DIR/app.log" || sat_rc=1
  tail -n 3 "$OUT_DIR/app.log"
  note "sat scene on cuda" $sat_rc
}
