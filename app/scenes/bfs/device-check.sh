# The BFS scene's part of scripts/device-check.sh (sourced there; see its header): every variant
# on CUDA against the CPU engine (levels and per-level counts) on shipped and generated graphs,
# the teach traces against their twins, a Kronecker figure rendered on CUDA, and the benchmark.
SCENE_GPU_TESTS=(test_bfs_gpu test_graph_layout_gpu test_bfs_render)

scene_checks() {
  echo "== the BFS scene on the CUDA backend: every variant against the CPU engine, teach traces"
  bfs_rc=0
  for graph in karate.mtx facebook_combined.txt 4elt.graph gen:kron:14:16 gen:grid:64x64 gen:pmpp; do
    for variant in 1 2 3 4 5 6 7; do
      for backend in cpu cuda; do
        "$APP" run --scene bfs --mode graph --backend $backend --graph $graph \
          --variant $variant --json "$OUT_DIR/bfs_$backend.json" 2>>"$OUT_DIR/app.log" || bfs_rc=1
      done
      python3 - "$OUT_DIR/bfs_cpu.json" "$OUT_DIR/bfs_cuda.json" "$graph $variant" <<'PY' || bfs_rc=1
import json, sys
cpu, cuda = (json.load(open(f)) for f in sys.argv[1:3])
strip = lambda rows: [{k: v for k, v in r.items() if k != "ms"} for r in rows]
ok = (cuda["verification"]["passed"] and cuda["result"]["level"] == cpu["result"]["level"]
      and strip(cuda["levels"]) == strip(cpu["levels"]))
if not ok:
    print("BAD " + sys.argv[3] + ": verified " + str(cuda["verification"]) + ", levels equal "
          + str(cuda["result"]["level"] == cpu["result"]["level"]))
sys.exit(0 if ok else 1)
PY
    done
  done
  for variant in 1 2 3 4 5 6 7; do
    graphs="gen:pmpp karate.mtx"
    # 7's paths at teaching size: a grid (the cluster phase, its counts and entries read through
    # distributed shared memory, then the hand-over to the grid kernel and its thread-per-vertex
    # levels), a tree and a path (cluster, then threads), a dense graph (tiles).
    [ $variant = 7 ] && graphs="$graphs gen:grid:8x8 gen:tree:5 gen:path:40 gen:er:64:15"
    for graph in $graphs; do
      "$APP" run --scene bfs --mode teach --backend cuda --graph $graph --variant $variant \
        --json "$OUT_DIR/bfs_teach.json" 2>>"$OUT_DIR/app.log" || bfs_rc=1
      python3 - "$OUT_DIR/bfs_teach.json" "$graph $variant" <<'PY' || bfs_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check") or {}
ok = j["matches_reference"] and check.get("match", False)
if not ok:
    print("BAD teach " + sys.argv[2] + ": " + str(check)[:200])
# 7 at the default alpha goes bottom-up on both graphs, and its later bottom-up levels take the
# list the first one left: the traced chunks and lists are compared there.
if (sys.argv[2] in ("gen:pmpp 7", "karate.mtx 7")
        and sum(l["direction"] == "bottom-up" for l in j["levels"]) < 2):
    print("BAD teach " + sys.argv[2] + ": fewer than two bottom-up levels")
    ok = False
sys.exit(0 if ok else 1)
PY
    done
  done
  # 7 top-down throughout (a small alpha) from karate's hub 33: its levels' tiles (several per
  # level, the hub's 17 edges over 3) are compared with the twin.
  "$APP" run --scene bfs --mode teach --backend cuda --graph karate.mtx --variant 7 --alpha 0.01 \
    --source 33 --json "$OUT_DIR/bfs_teach.json" 2>>"$OUT_DIR/app.log" || bfs_rc=1
  python3 - "$OUT_DIR/bfs_teach.json" <<'PY' || bfs_rc=1
import json, sys
j = json.load(open(sys.argv[1]))
check = j.get("cpu_check") or {}
ok = j["matches_reference"] and check.get("match", False)
tiled = sum(l["direction"] == "top-down" and l["frontier_edges"] > 8 for l in j["levels"])
if not ok or tiled < 2:
    print("BAD teach karate 7 top-down: " + str(check)[:200] + ", levels with several tiles "
          + str(tiled))
    ok = False
sys.exit(0 if ok else 1)
PY
  "$APP" render --scene bfs --backend cuda --graph gen:kron:16:16 --level 2 \
    --out "$OUT_DIR/bfs_kron_cuda.png" 2>>"$OUT_DIR/app.log" || bfs_rc=1
  [ $bfs_rc -eq 0 ] && echo "42 runs: CUDA levels and per-level counts equal the CPU engine's; 19 teach traces equal their twins"
  note "bfs scene on cuda" $bfs_rc
  bench_scene bfs --scene bfs --backend cuda --sizes ${BFS_SCALES:-16,18,20,21,22} \
    --repeats ${BFS_REPEATS:-10}
}
