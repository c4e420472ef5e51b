# The kernel lab's part of scripts/device-check.sh (sourced there; see its header): the lab
# runtime's GPU tests (NVRTC, launches, the CPU and CUDA traces event for event, diagnostics,
# timing, resources; one executable, whose *ForTheSanitizers* test compute-sanitizer runs), then,
# once the scene is registered, `warpscope lab` on every exercise's files on both backends: each
# solution passes on CUDA with the CPU's counters at every traced size, each planted bug fails on
# CUDA with the CPU's first diagnostic (kind, thread, line) at every size both backends trace to
# the end, and the solutions' times against the
# reference and the built-in kernel are printed (BENCH=none skips the timing table).
SCENE_GPU_TESTS=(test_lab_gpu)

scene_checks() {
  scene_registered lab || return 0
  local rc=0 dir file id stem want got
  local assets="${WARPSCOPE_DATA_DIR:-.}/assets/lab"
  [ -d "$assets" ] || assets=assets/lab
  echo "== the kernel lab on CUDA against the CPU backend ($assets)"
  for dir in "$assets"/*/; do
    id=$(basename "$dir")
    for file in "$dir"solution.cu "$dir"bug_*.cu; do
      [ -f "$file" ] || continue
      stem="$OUT_DIR/lab_${id}_$(basename "$file" .cu)"
      "$APP" lab --exercise "$id" --kernel "$file" --backend cpu --json "${stem}_cpu.json" \
        >"${stem}_cpu.txt" 2>&1
      want=$?
      "$APP" lab --exercise "$id" --kernel "$file" --backend cuda --json "${stem}_cuda.json" \
        >"${stem}_cuda.txt" 2>&1
      got=$?
      if ! python3 - "${stem}_cpu.json" "${stem}_cuda.json" "$id/$(basename "$file")" "$want" "$got" <<'PY'
import json, sys
cpu, cuda = (json.load(open(p)) for p in sys.argv[1:3])
what, want, got = sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
solution = what.endswith("solution.cu")
problems = []
if solution and (want, got) != (0, 0): problems.append(f"exit cpu {want} cuda {got}, want 0 0")
if not solution and (want, got) != (1, 1): problems.append(f"exit cpu {want} cuda {got}, want 1 1")
sizes = {s["name"]: s for s in cuda["sizes"]}
for s in cpu["sizes"]:
    c = sizes.get(s["name"])
    if c is None: problems.append("no CUDA size " + s["name"]); continue
    # Traced on both backends and run to its end: a run the budget stopped depends on which
    # threads got there first (the GPU runs them at once, the CPU one after another).
    ended = lambda d: not any(x.get("kind") in ("budget", "timeout", "crash") for x in d["diagnostics"])
    if not (s.get("traced") and c.get("traced") and ended(s) and ended(c)): continue
    if s.get("counters") != c.get("counters"):
        problems.append(f"{s['name']}: counters differ cpu {s.get('counters')} cuda {c.get('counters')}")
    first = lambda d: [(x.get("kind"), x.get("thread"), x.get("line")) for x in d["diagnostics"][:1]]
    if first(s) != first(c): problems.append(f"{s['name']}: first diagnostic cpu {first(s)} cuda {first(c)}")
times = " ".join(f"{s['name']}: {s.get('ms')} ms (reference {s.get('reference_ms')}, built-in {s.get('builtin_ms')})"
                 for s in cuda["sizes"] if s.get("ms") not in (None, -1))
print(("ok  " if not problems else "BAD ") + what + (": " + "; ".join(problems) if problems else "") + ("  " + times if times else ""))
sys.exit(1 if problems else 0)
PY
      then rc=1; fi
    done
  done
  note "lab exercises on cuda" $rc
}
