# The global-memory scene's part of scripts/device-check.sh (sourced there; see its header): the
# kernels' GPU tests (access-pattern traces against the CPU twin, occupancy arithmetic against the
# CUDA occupancy API, timings; T's transposes and G's matmuls in the same executable), then, once
# the scene is registered, every mode on CUDA: access and the teach modes' traces equal to the
# CPU twin's (cpu_check), the book's launches counted alike on both backends, and the benchmark
# (BENCH=none skips it; MEMORY_BENCH_ARGS narrows it, e.g. "--set part=transpose --sizes 8192").
SCENE_GPU_TESTS=(test_memory_gpu)

# memory_twin_check CUDA_FILE CPU_FILE WHAT: the CUDA run's cpu_check says its trace equals the
# twin's; a document without one (null) must at least give the CPU run's counters and steps (every
# buffer after every step).
memory_twin_check() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check")
if isinstance(check, dict):
    ok = bool(check.get("match", False))
    detail = "" if ok else " " + str(check.get("difference", ""))[:160]
    how = "cpu_check"
else:
    cpu = json.load(open(sys.argv[2]))
    ok = j.get("counters") is not None and all(j.get(k) == cpu.get(k) for k in ("counters", "steps"))
    detail = "" if ok else " (counters or steps differ from the CPU run's)"
    how = "no cpu_check; counters and steps against the CPU run"
print(("ok  " if ok else "BAD ") + sys.argv[3] + ": CUDA equals the CPU twin (" + how + "): " +
      str(ok) + detail)
sys.exit(0 if ok else 1)
PY
}

# memory_same_counts CPU_FILE CUDA_FILE WHAT: every launch count (blocks, warps, divergent, idle,
# full warps, threads in range) wherever the documents hold one is the same on both backends.
memory_same_counts() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
keys = {"blocks", "warps", "divergent_warps", "idle_warps", "full_warps", "threads_in_range"}
def counts(node, path, out):
    if isinstance(node, dict):
        for k, v in node.items():
            if k in keys and isinstance(v, (int, float)) and "occupancy" not in path:
                out[path + "/" + k] = v
            counts(v, path + "/" + k, out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            counts(v, path + "/" + str(i), out)
    return out
cpu = counts(json.load(open(sys.argv[1])), "", {})
cuda = counts(json.load(open(sys.argv[2])), "", {})
ok = bool(cpu) and cpu == cuda
print(("ok  " if ok else "BAD ") + sys.argv[3] + ": " + str(len(cpu)) + " launch counts, " +
      ("the same on both backends" if ok else "cpu " + str(cpu)[:120] + " cuda " + str(cuda)[:120]))
sys.exit(0 if ok else 1)
PY
}

scene_checks() {
  scene_registered memory || return 0
  local rc=0 pattern launch backend mode variant file
  echo "== the memory scene on the CUDA backend against the CPU twins"
  for pattern in row column strided misaligned gather local-gather scatter stencil transpose \
    corner-turning; do
    for backend in cpu cuda; do
      file="$OUT_DIR/memory_access_${pattern}_$backend.json"
      rm -f "$file"
      "$APP" run --scene memory --mode access --pattern "$pattern" --warps 4 --backend $backend \
        --json "$file" 2>>"$OUT_DIR/app.log" || rc=1
    done
    [ -s "$file" ] && memory_twin_check "$file" "$OUT_DIR/memory_access_${pattern}_cpu.json" \
      "access $pattern" || rc=1
  done
  for launch in "--data 1003 --block 64" "--data 76x62 --block 16x16" \
    "--data 200x150 --block 16x16"; do
    for backend in cpu cuda; do
      rm -f "$OUT_DIR/memory_warps_$backend.json"
      # shellcheck disable=SC2086
      "$APP" run --scene memory --mode warps $launch --backend $backend \
        --json "$OUT_DIR/memory_warps_$backend.json" 2>>"$OUT_DIR/app.log" || rc=1
    done
    memory_same_counts "$OUT_DIR/memory_warps_cpu.json" "$OUT_DIR/memory_warps_cuda.json" \
      "warps $launch" || rc=1
  done
  # The teach modes of the transposes and matmuls (S2), each variant once, when the scene has them.
  for mode in transpose matmul; do
    if ! "$APP" run --scene memory --mode "$mode" --backend cpu --json "$OUT_DIR/memory_probe.json" \
      2>>"$OUT_DIR/app.log"; then
      echo "== memory mode $mode: not in this build (skipped)"
      summary+=("memory mode $mode: not in this build (skipped)")
      continue
    fi
    for variant in 1 2 3 4 5 6; do
      for backend in cpu cuda; do
        file="$OUT_DIR/memory_${mode}_${variant}_$backend.json"
        rm -f "$file"
        "$APP" run --scene memory --mode "$mode" --variant "$variant" --backend $backend \
          --json "$file" 2>>"$OUT_DIR/app.log" || rc=1
      done
      [ -s "$file" ] && memory_twin_check "$file" "$OUT_DIR/memory_${mode}_${variant}_cpu.json" \
        "$mode variant $variant" || rc=1
    done
  done
  tail -n 3 "$OUT_DIR/app.log"
  note "memory scene on cuda" $rc
  # shellcheck disable=SC2086
  bench_scene memory --scene memory --backend cuda ${MEMORY_BENCH_ARGS:-}
}
