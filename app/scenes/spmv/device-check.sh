# The SpMV scene's part of scripts/device-check.sh (sourced there; see its header): the kernels'
# GPU tests (variants 1-6 against their CPU twins, output and trace; variant 7 against its twin
# bit for bit and the reference within the summation-order bound; the timings' own checks,
# cuSPARSE included; one executable), then, once the scene is registered, the threads mode's
# variants on CUDA against the CPU twin (cpu_check), the benchmark (BENCH=none skips it;
# SPMV_BENCH_ARGS narrows it, e.g. "--sizes 100 --set families=poisson,powerlaw") and, with
# SPMV_TUNE=1 and a BIN_DIR/spmv_tune built from bench/dev/spmv_tune.cu, the tuning sweep.
SCENE_GPU_TESTS=(test_spmv_gpu)

# spmv_twin_check CUDA_FILE WHAT: the CUDA run's cpu_check says its trace equals the twin's.
spmv_twin_check() {
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

scene_checks() {
  if ! "$APP" list 2>/dev/null | grep -q '^spmv '; then
    echo "== the spmv scene is not registered in this build: app checks skipped"
    summary+=("spmv scene: not registered (app checks skipped)")
    return 0
  fi
  local rc=0 variant type file
  echo "== the spmv scene's threads mode on the CUDA backend against the CPU twins"
  # The book's example (the scene's default matrix), every teach variant, both value types.
  for variant in coo csr ell hybrid jds csr-vector; do
    for type in float32 float64; do
      file="$OUT_DIR/spmv_threads_${variant}_${type}"
      if ! "$APP" run --scene spmv --mode threads --variant "$variant" --precision "$type" \
        --backend cpu --json "${file}_cpu.json" 2>>"$OUT_DIR/app.log"; then
        echo "== spmv threads $variant $type: not in this build (skipped; see app.log)"
        summary+=("spmv threads $variant $type: not in this build (skipped)")
        continue
      fi
      rm -f "${file}_cuda.json"
      "$APP" run --scene spmv --mode threads --variant "$variant" --precision "$type" \
        --backend cuda --json "${file}_cuda.json" 2>>"$OUT_DIR/app.log" || rc=1
      [ -s "${file}_cuda.json" ] && spmv_twin_check "${file}_cuda.json" "threads $variant $type" ||
        rc=1
    done
  done
  tail -n 3 "$OUT_DIR/app.log"
  note "spmv scene on cuda" $rc
  # shellcheck disable=SC2086
  bench_scene spmv --scene spmv --backend cuda ${SPMV_BENCH_ARGS:-}
  if [ "${SPMV_TUNE:-0}" = "1" ] && [ -x "$BIN/spmv_tune" ]; then
    echo "== spmv_tune (bench/dev/spmv_tune.cu): $OUT_DIR/spmv_tune.txt"
    "$BIN/spmv_tune" >"$OUT_DIR/spmv_tune.txt" 2>&1
    note "spmv_tune" $?
    cat "$OUT_DIR/spmv_tune.txt"
  fi
}
