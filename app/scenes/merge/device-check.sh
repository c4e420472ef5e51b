# The merge and sort scene's part of scripts/device-check.sh (sourced there; see its header): the
# kernels' GPU tests (the merges 1-5 and the sorts 6-9 against std::merge / std::stable_sort and
# their CPU twins, the timings' device checks; one executable), then, once the scene is
# registered, every mode's variants on CUDA against the CPU twin (twin_run), the benchmark
# (BENCH=none skips it; MERGE_BENCH_ARGS narrows it, e.g. "--set part=merge --sizes 27") and,
# with MERGE_TUNE=1 and a BIN_DIR/merge_tune built from bench/dev/merge_tune.cu, the tuning sweep.
SCENE_GPU_TESTS=(test_merge_gpu)

scene_checks() {
  scene_registered merge || return 0
  local rc=0 entry mode variant
  echo "== the merge scene on the CUDA backend against the CPU twins"
  # mode:variants; the book's example for the merges, a generated array for the sorts.
  for entry in "path:sequential basic fast" "tiled:tiled circular" "networks:bitonic odd-even" \
    "sort:merge-sort fast"; do
    mode=${entry%%:*}
    for variant in ${entry#*:}; do
      twin_run "merge $mode $variant" "$OUT_DIR/merge_${mode}_${variant}" --scene merge \
        --mode "$mode" --variant "$variant" || rc=1
    done
  done
  tail -n 3 "$OUT_DIR/app.log"
  note "merge scene on cuda" $rc
  # shellcheck disable=SC2086
  bench_scene merge --scene merge --backend cuda ${MERGE_BENCH_ARGS:-}
  if [ "${MERGE_TUNE:-0}" = "1" ] && [ -x "$BIN/merge_tune" ]; then
    echo "== merge_tune (bench/dev/merge_tune.cu): $OUT_DIR/merge_tune.txt"
    "$BIN/merge_tune" >"$OUT_DIR/merge_tune.txt" 2>&1
    note "merge_tune" $?
    cat "$OUT_DIR/merge_tune.txt"
  fi
}
