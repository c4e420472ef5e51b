# The convolution scene's part of scripts/device-check.sh (sourced there; see its header): the
# kernels' GPU tests (teach traces against the CPU twins, engine bytes, f32 planes, NPP), then,
# once the scene is registered, filtered photos identical on CUDA and the CPU for every variant,
# the book's 1D example on CUDA, and the benchmark (BENCH=none skips it; CONV_BENCH_ARGS narrows
# it, e.g. "--sizes 8192 --type f32 --set radius=2").
SCENE_GPU_TESTS=(test_convolution_gpu)

scene_checks() {
  scene_registered conv || return 0
  echo "== the conv scene on the CUDA backend: filtered photos against the CPU backend"
  local conv_rc=0 variant backend args
  for variant in 1 2 3 4 5; do
    for args in "--image assets/coffee.png --colour rgb --filter gaussian --radius 3" \
      "--image assets/camera.png --filter sobel --radius 1 --boundary mirror" \
      "--image assets/astronaut.png --colour rgb --filter sharpen --radius 2 --boundary zero"; do
      rm -f "$OUT_DIR/conv_cpu.png" "$OUT_DIR/conv_cuda.png"
      for backend in cpu cuda; do
        # shellcheck disable=SC2086
        "$APP" run --scene conv --mode filter $args --variant $variant --backend $backend \
          --json "$OUT_DIR/conv_$backend.json" --out "$OUT_DIR/conv_$backend.png" \
          2>>"$OUT_DIR/app.log" || conv_rc=1
      done
      if [ -s "$OUT_DIR/conv_cpu.png" ] && cmp -s "$OUT_DIR/conv_cpu.png" "$OUT_DIR/conv_cuda.png"; then
        echo "same filtered image cpu vs cuda: variant $variant $args"
      else
        echo "FILTERED IMAGES DIFFER cpu vs cuda: variant $variant $args"
        conv_rc=1
      fi
    done
  done
  for variant in 1 2 3 4 5; do
    rm -f "$OUT_DIR/conv_teach.json"
    "$APP" run --scene conv --mode teach --values "8 2 5 4 1 7 3" --filter "1 3 5 3 1" \
      --variant $variant --backend cuda --json "$OUT_DIR/conv_teach.json" 2>>"$OUT_DIR/app.log" || conv_rc=1
    python3 - "$OUT_DIR/conv_teach.json" "$variant" <<'PY' || conv_rc=1
import json, re, sys
text = open(sys.argv[1]).read()
j = json.loads(text)
# The book's example must read exactly, wherever the scene's JSON puts the output.
flat = re.sub(r"\.0\b", "", re.sub(r"\s+", "", text))
twin = (j.get("cpu_check") or {}).get("match", False)  # the CUDA trace equals the CPU twin's
ok = "[51,53,52,47,46,51,37]" in flat and j.get("matches_reference", True) is not False and twin
print(("ok  " if ok else "BAD ") + "book example on cuda, variant " + sys.argv[2] +
      ", trace equals the twin's: " + str(twin))
sys.exit(0 if ok else 1)
PY
  done
  tail -n 3 "$OUT_DIR/app.log"
  note "conv scene on cuda" $conv_rc
  # shellcheck disable=SC2086
  bench_scene conv --scene conv --backend cuda ${CONV_BENCH_ARGS:-}
}
