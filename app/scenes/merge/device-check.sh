# The merge and sort scene's part of scripts/device-check.sh (sourced there; see its header): the
# kernels' GPU tests (the merges 1-5 and the sorts 6-9 against std::merge / std::stable_sort and
# their CPU twins, the timings' device checks; one executable), then, once the scene is
# registered, every mode's variants on CUDA against the CPU twin (cpu_check), the benchmark
# (BENCH=none skips it; MERGE_BENCH_ARGS narrows it, e.g. "--set part=merge --sizes 27") and,
# with MERGE_TUNE=1 and a BIN_DIR/merge_tune built from bench/dev/merge_tune.cu, the tuning sweep.
SCENE_GPU_TESTS=(test_merge_gpu)

# merge_twin_check CUDA_FILE WHAT: the CUDA run's cpu_check says its trace equals the twin's.
merge_twin_check() {
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
  if ! "$APP" list 2>/dev/null | grep -q '^merge '; then
    echo "== the merge scene is not registered in this build: app checks skipped"
    summary+=("merge scene: not registered (app checks skipped)")
    return 0
  fi
  local rc=0 entry mode variant file
  echo "== the merge scene on the CUDA backend against the CPU twins"
  # mode:variants; the book's example for the merges, a generated array for the sorts.
  for entry in "path:sequential basic fast" "tiled:tiled circular" "networks:bitonic odd-even" \
    "sort:merge-sort fast"; do
    mode=${entry%%:*}
    for variant in ${entry#*:}; do
      file="$OUT_DIR/merge_${mode}_${variant}"
      if ! "$APP" run --scene merge --mode "$mode" --variant "$variant" --backend cpu \
        --json "${file}_cpu.json" 2>>"$OUT_DIR/app.log"; then
        echo "== merge $mode $variant: not in this build (skipped; see app.log)"
        summary+=("merge $mode $variant: not in this build (skipped)")
        continue
      fi
      rm -f "${file}_cuda.json"
      "$APP" run --scene merge --mode "$mode" --variant "$variant" --backend cuda \
        --json "${file}_cuda.json" 2>>"$OUT_DIR/app.log" || rc=1
      [ -s "${file}_cuda.json" ] && merge_twin_check "${file}_cuda.json" "$mode $variant" || rc=1
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
