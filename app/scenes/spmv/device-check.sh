# The SpMV scene's part of scripts/device-check.sh (sourced there; see its header): the kernels'
# GPU tests (variants 1-6 against their CPU twins, output and trace; variant 7 against its twin
# bit for bit and the reference within the summation-order bound; the timings' own checks,
# cuSPARSE included; one executable), then, once the scene is registered, the threads mode's
# variants on CUDA against the CPU twin (twin_run), the benchmark (BENCH=none skips it;
# SPMV_BENCH_ARGS narrows it, e.g. "--sizes 100 --set families=poisson,powerlaw") and, with
# SPMV_TUNE=1 and a BIN_DIR/spmv_tune built from bench/dev/spmv_tune.cu, the tuning sweep.
SCENE_GPU_TESTS=(test_spmv_gpu)

scene_checks() {
  scene_registered spmv || return 0
  local rc=0 variant type
  echo "== the spmv scene's threads mode on the CUDA backend against the CPU twins"
  # The book's example (the scene's default matrix), every teach variant, both value types.
  for variant in coo csr ell hybrid jds csr-vector; do
    for type in float32 float64; do
      twin_run "spmv threads $variant $type" "$OUT_DIR/spmv_threads_${variant}_${type}" \
        --scene spmv --mode threads --variant "$variant" --precision "$type" || rc=1
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
