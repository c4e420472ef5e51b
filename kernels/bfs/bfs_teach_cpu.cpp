// Teach mode for BFS: the dispatch (CPU twin or CUDA kernels), the checks of a request, the plan
// of a level, the trace model the CPU twins share and the search loop around the levels.
//
// The trace format (both backends emit exactly the same one, event for event):
// - Buffers (Int32, 4 bytes; teach_buffers gives the indices), the graph first:
//     0 "row_offsets" (n + 1), 1 "columns" (m): the CSR, in every trace (read by 1, 3, 5, 6, 7)
//     2 "level" (n): -1, the source 0;  3 "parent" (n): -1, the source itself
//     2, 3, 7  "col_offsets" (n + 1), "rows" (m): the CSC, read by the bottom-up steps
//     4        "src", "dst" (m): the COO, edge e = CSR entry e
//     3, 5-7   "frontier" (n: the source, then unwritten), "next" (n, unwritten), "tail" (1: 0)
//     6        "block queue" (shared, n per block), "block tail" (shared, 1 per block)
//     7        "list" (n, unwritten), "left" (n, unwritten), "left tail" (1: 0): the bottom-up list
//     7        "edge start" (n: 0 for the source, then unwritten), "next edge start" (n,
//              unwritten), "next edges" (1: 0): per queue entry the out-degrees before it
//              summed, and the next queue's edge count; "tile vertex", "tile start", "tile row"
//              (shared, n per block, ceil(m / kTeachTile) blocks): the entries a tile spans,
//              staged by its block; the cluster phase's arrays (shared, kTeachClusterBlocks
//              copies): "cluster queue" (2 kTeachClusterCap, unwritten), "cluster counts" (6: 0),
//              "cluster largest" (3: 0, atomicMax), "cluster first" (2 (kTeachClusterBlocks + 1),
//              unwritten); bfs_teach_cluster_cpu.cpp lays them out
// - Events: Read, Write, Atomic (the buffer's atomic_op: add, or max for "cluster largest"), and
//   kRemoteRead (common/trace_cluster.h): a cluster thread reading another block's copy of a
//   cluster array through distributed shared memory, its address block-major (owner * size +
//   element).
// - Threads: blockIdx.x * blockDim.x + threadIdx.x. Thread t has vertex t (1, 2 and bottom-up
//   levels of 3), edge t (4), frontier entry t (queues), frontier edge t (top-down levels of 7:
//   blocks of kTeachTile threads, one per tile), frontier entry t (7's thread-per-vertex levels:
//   blocks of kTeachBlock), entry j of its block's share (7's cluster: kTeachClusterBlocks blocks
//   of kTeachClusterThreads) or list entry t (bottom-up levels of 7; vertex t in the first). Grids
//   are ceil(threads / block_dim), threads per the statistics rule of bfs.h (7's top-down levels:
//   the frontier; tiles launch ceil(m_f / kTeachTile) blocks); the threads past them have no
//   events.
// - Steps, level by level (phase "level d", and "level d · top-down" / "· bottom-up" for 3 and 7;
//   TeachRun::step_depth gives d; labels "level d: what", for 3 and 7 "level d · top-down ·
//   what"). A step is one lock-step round; a grid-wide barrier ends it.
//     push       "find the frontier": thread v reads level[v]; a frontier vertex (level d) reads
//                row_offsets[v], row_offsets[v + 1].
//     bottom-up  "find the unvisited": thread v reads level[v]; an unvisited one (-1) reads
//                col_offsets[v], col_offsets[v + 1].
//     queues     "read frontier": thread i < n_f reads frontier[i] = v, row_offsets[v],
//                row_offsets[v + 1]. Variant 6: thread 0 of each block first writes block tail 0.
//     "edge k" (k = 1, 2, ...: as many as the longest list a thread walks): every thread with a
//                k-th edge e (its list's first + k - 1) reads it: columns[e] = u (rows[e] = u
//                bottom-up), then level[u].
//                Top-down: when level[u] is -1 the thread writes level[u] = d + 1, parent[u] = v;
//                queues then take a slot: 5 and 3: an Atomic on "tail" (operand 1, slot = the
//                tail before it) and a Write of u to next[slot]; 6: an Atomic on "block tail"
//                and a Write of u to its block's "block queue"[slot].
//                Bottom-up: when level[u] is d the thread writes level[v] = d + 1, parent[v] = u
//                (3 then appends v to "next" as above) and stops: its later rounds are idle
//                (early exit).
//     7 bottom-up "find the unvisited" (its first bottom-up level: thread v has vertex v) or "read
//                the list" (later ones: thread i reads list[i] = v); then level[v] and, when -1,
//                col_offsets[v], col_offsets[v + 1].
//       "in-edges a-b" (a = 4 (k - 1) + 1, b = a + 3; as many as the most chunks a thread
//                reads): a thread with a k-th chunk reads its up to 4 rows entries, then their
//                levels (all 4 rows first). When one is d: it writes level[v] = d + 1, parent[v] =
//                the first such (lowest index), appends v to "next" (7's append, below) and
//                stops. Else, after its last chunk, it appends v to "left" (Atomic on "left
//                tail", Write of v to left[slot]).
//       "left becomes the list", after such a level that left c > 0 vertices and did not end the
//                search (after the queue's step): thread i < c reads left[i], writes list[i];
//                thread 0 then writes "left tail" = 0.
//     7 top-down, tile b = edges [8b, min(8b + 8, m_f)) of the frontier (kTeachTile = 8):
//       "find the tiles' vertices": thread 0 of block b binary-searches "edge start" (entries
//                [0, n_f), probes mid = (lo + hi) / 2) for the last entry starting at or before
//                the tile's first edge, then from there for its last edge's.
//       "stage the rows": thread j of block b takes the spanned entries j, j + 8, ...: reads
//                frontier[q] = v, writes "tile vertex"[j]; reads "edge start"[q], writes "tile
//                start"[j]; reads row_offsets[v], writes "tile row"[j].
//       "tile edges": thread t = 8b + j takes edge e = t (< m_f): binary search of "tile start"
//                over the staged entries, then reads "tile start"[k], "tile row"[k],
//                columns[row + e - start] = u and level[u]; when -1: reads "tile vertex"[k] = v,
//                writes level[u] = d + 1, parent[u] = v and appends u (below).
//       A one-entry frontier's "find the tiles' vertices" has no events: the search starts
//                with one candidate and probes nothing (as the kernel's warp_search).
//     7 top-down, a thread per vertex (bfs_teach_threads_cpu.cpp; largest degree <= 4):
//       "read the entries": thread i reads frontier[i] = v, "edge start"[i] and [i + 1] (not
//                for the last), row_offsets[v].
//       "edges a-b" (a = 4 (k - 1) + 1): a thread with a k-th chunk reads its up to 4 columns
//                entries, then each target's row_offsets[w], [w + 1], then per target its
//                atomicCAS: a Read of level[w] and, when -1, a Write of d + 1; then per claimed
//                target parent[w] = v and its append (below, without the offsets' reads).
//     7 cluster phase (bfs_teach_cluster_cpu.cpp, which lists the events): "the cluster loads
//                the frontier" (its first level), "read the blocks' counts" (every level it
//                runs), then "find the entries", "edges a-b" and "cluster barrier" (a level it
//                expands) or "hand the frontier to the grid kernel" (then the grid kernel's
//                steps of the same level).
//     7 appends (top-down and bottom-up): reads row_offsets[u], row_offsets[u + 1]; Atomic on
//                "tail" (1), Atomic on "next edges" (operand the out-degree); writes next[slot]
//                and "next edge start"[slot] = "next edges" before its atomic.
//     edge-centric "every edge": thread e reads src[e] = v and level[v]; when v is in the
//                frontier it reads dst[e] = u and level[u], and claims u as above (no queue).
//     6 "reserve room in next": thread 0 of each block reads its block tail c and, when c > 0,
//                adds c to "tail" with one Atomic (operand c; the block's base = the tail before).
//       "copy block queue to next": thread j of block b copies entries j, j + block_dim, ... < c:
//                reads "block queue"[j], writes next[base + j].
//     queues, after a level that found c > 0 vertices: "next becomes the frontier": thread
//                i < c reads next[i] and writes frontier[i] (7: then reads "next edge start"[i]
//                and writes "edge start"[i]); thread 0 then writes tail = 0 (7: and "next edges"
//                = 0). Launched with the run's block size.
// - Order: within a step the threads act in thread order, as if one after another: a read sees
//   the writes of lower threads of the same step. So the lowest thread that reaches an unvisited
//   vertex claims it (a higher one reads level d + 1 and leaves it), and the tail atomics and
//   queue slots follow thread order (blocks in order for the per-block reservations). The CUDA
//   teach kernels make the same choices (bfs_teach.cu says how).
// - The search ends after the first level that discovers nothing (that level is traced too).
//   Trace::serial_ops: the edges a sequential queue BFS reads (out-degrees of the reached
//   vertices summed). TraceStep::code_marker is a marker comment in bfs_teach.cu.
#include "bfs_teach_cpu.h"

#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "bfs_level_stats.h"

namespace ws::bfs {

namespace {

bool direction_optimizing(Variant v) {
  return v == Variant::DirectionOptimizing || v == Variant::Fast;
}

int blocks_for(int64_t threads, int block_dim) {
  return std::max(1, int((threads + block_dim - 1) / block_dim));
}

std::vector<double> as_values(const std::vector<int32_t>& v) {
  return std::vector<double>(v.begin(), v.end());
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Requests and dispatch.

void check_teach_request(const TeachParams& p, const Graph& g) {
  if (g.vertices > kTeachMaxVertices)
    throw Error("teach mode takes graphs of up to " + std::to_string(kTeachMaxVertices) +
                " vertices; \"" + g.name + "\" has " + std::to_string(g.vertices) +
                " (fast mode runs larger graphs)");
  if (g.edges() > kTeachMaxEdges)
    throw Error("teach mode takes graphs of up to " + std::to_string(kTeachMaxEdges) +
                " directed edges; \"" + g.name + "\" has " + std::to_string(g.edges()) +
                " (fast mode runs larger graphs)");
  if (p.block_dim != 32 && p.block_dim != 64 && p.block_dim != 96 && p.block_dim != 128)
    throw Error("teach mode's block size must be 32, 64, 96 or 128, not " +
                std::to_string(p.block_dim));
  Params full;
  full.variant = p.variant;
  full.source = p.source;
  full.alpha = p.alpha;
  full.beta = p.beta;
  full.block_dim = p.block_dim;
  validate(full, g);  // the variant, an empty graph, the source, alpha and beta
  graph::validate(g);
}

TeachRun teach(const TeachParams& params, const Graph& g, Backend backend) {
  check_teach_request(params, g);
  if (backend == Backend::Cuda) return teach_cuda(params, g);
  return teach_cpu(params, g);
}

int teach_buffer(const Trace& trace, const std::string& name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return int(i);
  return -1;
}

// ---------------------------------------------------------------------------------------------
// The graph, the buffers and the plan of a level.

TeachGraph teach_graph(const Graph& g) {
  TeachGraph t;
  t.n = g.vertices;
  t.m = int32_t(g.edges());
  t.row_offsets.assign(g.row_offsets.begin(), g.row_offsets.end());
  t.columns = g.columns;
  t.col_offsets.assign(size_t(t.n) + 1, 0);
  for (int32_t c : g.columns) ++t.col_offsets[size_t(c) + 1];
  for (int32_t v = 0; v < t.n; ++v) t.col_offsets[size_t(v) + 1] += t.col_offsets[size_t(v)];
  t.rows.assign(size_t(t.m), 0);
  std::vector<int32_t> fill(t.col_offsets.begin(), t.col_offsets.end() - 1);
  t.src.assign(size_t(t.m), 0);
  t.dst = g.columns;
  for (int32_t u = 0; u < t.n; ++u)
    for (int32_t e = t.row_offsets[size_t(u)]; e < t.row_offsets[size_t(u) + 1]; ++e) {
      t.src[size_t(e)] = u;
      t.rows[size_t(fill[size_t(g.columns[size_t(e)])]++)] = u;
    }
  return t;
}

TeachBuffers teach_buffers(Variant v) {
  TeachBuffers b;
  int next = 4;
  if (v == Variant::Pull || direction_optimizing(v)) {
    b.col_offsets = next++;
    b.rows = next++;
  }
  if (v == Variant::EdgeCentric) {
    b.src = next++;
    b.dst = next++;
  }
  if (v == Variant::GlobalQueue || v == Variant::BlockQueue || direction_optimizing(v)) {
    b.frontier = next++;
    b.next = next++;
    b.tail = next++;
  }
  if (v == Variant::BlockQueue) {
    b.block_queue = next++;
    b.block_tail = next++;
  }
  if (v == Variant::Fast) {
    b.list = next++;
    b.left = next++;
    b.left_tail = next++;
    b.edge_start = next++;
    b.next_edge_start = next++;
    b.next_edges = next++;
    b.tile_vertex = next++;
    b.tile_start = next++;
    b.tile_row = next++;
    b.cluster_queue = next++;
    b.cluster_counts = next++;
    b.cluster_largest = next++;
    b.cluster_first = next++;
  }
  return b;
}

LevelPlan plan_level(Variant v, const TeachGraph& g, const std::vector<int32_t>& level,
                     int32_t depth, Direction direction, int block_dim, int first_step,
                     const std::vector<int32_t>* list, ClusterPhase cluster) {
  LevelPlan p;
  p.depth = depth;
  p.direction = direction;
  p.block_dim = block_dim;
  p.first_step = first_step;
  int64_t frontier = 0, frontier_edges = 0;
  int longest = 0;  // the longest out-edge list of a frontier vertex
  for (int32_t u = 0; u < g.n; ++u)
    if (level[size_t(u)] == depth) {
      ++frontier;
      frontier_edges += g.out_degree(u);
      longest = std::max(longest, g.out_degree(u));
    }
  p.frontier = frontier;
  p.frontier_edges = frontier_edges;
  // 7's cluster phase (bfs_fast_cluster.cu): at its start the cluster loads the frontier unless
  // it does not fit (then it never runs); every level it reads the blocks' counts and expands the
  // level itself while the level is top-down and fits, else it hands over to the grid kernel.
  if (cluster == ClusterPhase::Starting) p.cluster_load = teach_cluster_fits(frontier, longest);
  p.cluster_counts = cluster == ClusterPhase::Running || p.cluster_load;
  p.handover = p.cluster_counts &&
               (direction != Direction::TopDown || !teach_cluster_fits(frontier, longest));
  if (v == Variant::EdgeCentric) {
    p.kind = LevelKind::EdgeCentric;
    p.threads = g.m;
  } else if (direction == Direction::BottomUp && v == Variant::Fast) {
    p.kind = LevelKind::ListBottomUp;
    p.listed = list != nullptr;
    p.threads = p.listed ? int64_t(list->size()) : g.n;
    p.enqueue = true;
    p.queues = true;
    // An unvisited vertex of the list reads its in-edges a chunk at a time up to the chunk that
    // holds the first from the frontier.
    for (int64_t i = 0; i < p.threads; ++i) {
      const int32_t u = p.listed ? (*list)[size_t(i)] : int32_t(i);
      if (level[size_t(u)] != -1) continue;
      const int32_t first = g.col_offsets[size_t(u)], end = g.col_offsets[size_t(u) + 1];
      int64_t hit = -1;
      for (int32_t e = first; e < end && hit < 0; ++e)
        if (level[size_t(g.rows[size_t(e)])] == depth) hit = e - first;
      const int64_t reads = bottom_up_reads(hit, end - first, true);
      p.edge_steps = std::max(p.edge_steps, int((reads + kBottomUpChunk - 1) / kBottomUpChunk));
    }
  } else if (direction == Direction::BottomUp) {
    p.kind = LevelKind::BottomUp;
    p.threads = g.n;
    p.enqueue = direction_optimizing(v);
    p.queues = p.enqueue;
    // An unvisited vertex walks its in-edges up to the first from the frontier.
    for (int32_t u = 0; u < g.n; ++u) {
      if (level[size_t(u)] != -1) continue;
      int walked = 0;
      for (int32_t e = g.col_offsets[size_t(u)]; e < g.col_offsets[size_t(u) + 1]; ++e) {
        ++walked;
        if (level[size_t(g.rows[size_t(e)])] == depth) break;
      }
      p.edge_steps = std::max(p.edge_steps, walked);
    }
  } else if (v == Variant::Push) {
    p.kind = LevelKind::Push;
    p.threads = g.n;
    p.edge_steps = longest;
  } else if (v == Variant::Fast && p.cluster_counts && !p.handover) {
    // The cluster expands the level: kTeachClusterBlocks blocks, an equal share of the entries
    // each, a thread per entry, its row kBottomUpChunk edges a step. threads: the frontier.
    p.kind = LevelKind::ClusterLevel;
    p.threads = frontier;
    p.edge_steps = int((longest + kBottomUpChunk - 1) / kBottomUpChunk);
    p.block_dim = kTeachClusterThreads;
    p.grid_dim = kTeachClusterBlocks;
    return p;
  } else if (v == Variant::Fast && teach_thread_per_vertex(longest)) {
    // A thread per frontier entry, blocks of kTeachBlock: its row kBottomUpChunk edges a step.
    p.kind = LevelKind::VertexThreads;
    p.threads = frontier;
    p.queues = true;
    p.edge_steps = int((longest + kBottomUpChunk - 1) / kBottomUpChunk);
    p.block_dim = kTeachBlock;
    p.grid_dim = blocks_for(frontier, kTeachBlock);
    return p;
  } else if (v == Variant::Fast) {
    // Tiles of the frontier's edges: a block of kTeachTile threads each, after the steps that
    // find the tiles' vertices and stage their rows. threads: the frontier (the statistics rule).
    p.kind = LevelKind::EdgeTiles;
    p.threads = frontier;
    p.queues = true;
    p.edge_steps = 2;  // "stage the rows", "tile edges"
    p.block_dim = kTeachTile;
    p.grid_dim = blocks_for(frontier_edges, kTeachTile);
    return p;
  } else {
    p.kind = v == Variant::BlockQueue ? LevelKind::BlockQueue : LevelKind::TopDownQueue;
    p.threads = frontier;
    p.queues = true;
    p.edge_steps = longest;
  }
  p.grid_dim = blocks_for(p.threads, block_dim);
  return p;
}

ClusterPhase cluster_phase_at_start(Variant v, const TeachGraph& g) {
  return v == Variant::Fast && teach_sparse(g.n, g.m) ? ClusterPhase::Starting : ClusterPhase::Off;
}

ClusterPhase cluster_phase_after(const LevelPlan& plan) {
  return plan.kind == LevelKind::ClusterLevel ? ClusterPhase::Running : ClusterPhase::Off;
}

LevelStats teach_level_counts(const TeachGraph& g, const std::vector<int32_t>& level,
                              int32_t depth) {
  LevelStats s;
  s.depth = depth;
  for (int32_t u = 0; u < g.n; ++u) {
    const int32_t l = level[size_t(u)];
    if (l == depth) {
      ++s.frontier;
      s.frontier_edges += g.out_degree(u);
    } else if (l == -1) {
      s.unvisited_edges += g.out_degree(u);
    }
  }
  return s;
}

Direction level_direction(const TeachParams& p, Direction previous, const LevelStats& now,
                          int64_t previous_frontier, int64_t n) {
  if (p.variant == Variant::Pull) return Direction::BottomUp;
  if (!direction_optimizing(p.variant)) return Direction::TopDown;
  return next_direction(previous, now.frontier, previous_frontier, now.frontier_edges,
                        now.unvisited_edges, n, p.alpha, p.beta);
}

std::string step_phase(Variant v, const LevelPlan& plan) {
  const std::string level = "level " + std::to_string(plan.depth);
  if (!direction_optimizing(v)) return level;
  return level + " \u00b7 " + direction_name(plan.direction);
}

std::string step_label(Variant v, const LevelPlan& plan, const std::string& what) {
  if (!direction_optimizing(v)) return "level " + std::to_string(plan.depth) + ": " + what;
  return step_phase(v, plan) + " \u00b7 " + what;
}

int64_t adjacency_reads(const Trace& trace, const TeachBuffers& b, int first, int last) {
  int64_t reads = 0;
  for (int s = first; s < last && s < int(trace.steps.size()); ++s)
    for (const TraceEvent& e : trace.steps[size_t(s)].events)
      if (e.kind == EventKind::Read &&
          (e.buffer == b.columns || e.buffer == b.rows || e.buffer == b.src))
        ++reads;
  return reads;
}

void finish_teach_result(TeachRun& run, const TeachGraph& tg, const Graph& g,
                         const std::vector<LevelPlan>& plans, std::vector<int32_t> level,
                         std::vector<int32_t> parent) {
  Result& r = run.result;
  const TeachBuffers b = teach_buffers(run.params.variant);
  WS_REQUIRE(r.levels.size() == plans.size(), "a teach run's statistics and plans disagree");
  for (size_t i = 0; i < plans.size(); ++i) {
    const int last = i + 1 < plans.size() ? plans[i + 1].first_step : int(run.trace.steps.size());
    r.levels[i].edges_examined = adjacency_reads(run.trace, b, plans[i].first_step, last);
  }
  r.level = std::move(level);
  r.parent = std::move(parent);
  r.reached = std::count_if(r.level.begin(), r.level.end(), [](int32_t l) { return l >= 0; });
  int64_t out_edges = 0;  // of the reached vertices: what a sequential BFS reads
  for (int32_t v = 0; v < tg.n; ++v)
    if (r.level[size_t(v)] >= 0) out_edges += tg.out_degree(v);
  r.traversed_edges = traversed_edges(g, r.level);
  r.ms = 0;
  run.trace.serial_ops = out_edges;
}

// ---------------------------------------------------------------------------------------------
// The model.

TeachModel::TeachModel(TeachRun& run, const TeachGraph& g)
    : TraceModel(run.trace), run_(run), g_(g), buffers_(teach_buffers(run.params.variant)) {
  const int32_t n = g.n, s = run.params.source;
  std::vector<double> level(size_t(n), -1.0), parent(size_t(n), -1.0);
  level[size_t(s)] = 0;
  parent[size_t(s)] = s;
  const double unwritten = std::nan("");
  add_buffer("row_offsets", MemSpace::Global, n + 1, 1, as_values(g.row_offsets));
  add_buffer("columns", MemSpace::Global, g.m, 1, as_values(g.columns));
  add_buffer("level", MemSpace::Global, n, 1, level);
  add_buffer("parent", MemSpace::Global, n, 1, parent);
  const TeachBuffers& b = buffers_;
  if (b.col_offsets >= 0) {
    add_buffer("col_offsets", MemSpace::Global, n + 1, 1, as_values(g.col_offsets));
    add_buffer("rows", MemSpace::Global, g.m, 1, as_values(g.rows));
  }
  if (b.src >= 0) {
    add_buffer("src", MemSpace::Global, g.m, 1, as_values(g.src));
    add_buffer("dst", MemSpace::Global, g.m, 1, as_values(g.dst));
  }
  if (b.frontier >= 0) {
    std::vector<double> frontier(size_t(n), unwritten);
    frontier[0] = s;
    add_buffer("frontier", MemSpace::Global, n, 1, frontier);
    add_buffer("next", MemSpace::Global, n, 1);
    add_buffer("tail", MemSpace::Global, 1, 1, {0.0});
  }
  if (b.list >= 0) {
    add_buffer("list", MemSpace::Global, n, 1);
    add_buffer("left", MemSpace::Global, n, 1);
    add_buffer("left tail", MemSpace::Global, 1, 1, {0.0});
  }
  if (b.edge_start >= 0) {
    std::vector<double> start(size_t(n), unwritten);
    start[0] = 0;  // the source's edges are the first level's 0 .. degree
    add_buffer("edge start", MemSpace::Global, n, 1, start);
    add_buffer("next edge start", MemSpace::Global, n, 1);
    add_buffer("next edges", MemSpace::Global, 1, 1, {0.0});
    // A tile spans at most n entries (zero-degree ones take no edge); one block per tile.
    const int tiles = blocks_for(g.m, kTeachTile);
    add_buffer("tile vertex", MemSpace::Shared, n, tiles);
    add_buffer("tile start", MemSpace::Shared, n, tiles);
    add_buffer("tile row", MemSpace::Shared, n, tiles);
    // The cluster phase: per block two halves of kTeachClusterCap entries, the counts (entries,
    // edges) and largest out-degree of 3 levels (depth % 3: read, written, cleared; zero at the
    // start, as the kernel clears them), the entries and edges before each block.
    const int blocks = kTeachClusterBlocks;
    add_buffer("cluster queue", MemSpace::Shared, 2 * kTeachClusterCap, blocks);
    add_buffer("cluster counts", MemSpace::Shared, 6, blocks, std::vector<double>(6 * blocks, 0.0));
    add_buffer("cluster largest", MemSpace::Shared, 3, blocks,
               std::vector<double>(3 * blocks, 0.0));
    trace_.buffers[size_t(b.cluster_largest)].atomic_op = BinaryOp::Max;
    add_buffer("cluster first", MemSpace::Shared, 2 * (blocks + 1), blocks);
  }
  if (b.block_queue >= 0) {
    const int blocks = blocks_for(n, run.params.block_dim);
    add_buffer("block queue", MemSpace::Shared, n, blocks);
    add_buffer("block tail", MemSpace::Shared, 1, blocks);
  }
}

int TeachModel::step(const LevelPlan& plan, const std::string& what, const std::string& marker,
                     int barriers, int grid_dim, int block_dim) {
  const Variant v = run_.params.variant;
  const int s = add_step(step_label(v, plan, what), step_phase(v, plan), marker,
                         grid_dim < 0 ? plan.grid_dim : grid_dim,
                         block_dim < 0 ? plan.block_dim : block_dim, barriers);
  run_.step_depth.push_back(plan.depth);
  at(s);
  return s;
}

// ---------------------------------------------------------------------------------------------
// The search.

TeachRun teach_cpu(const TeachParams& p, const Graph& g) {
  check_teach_request(p, g);
  const TeachGraph tg = teach_graph(g);
  TeachRun run;
  run.params = p;
  Trace& trace = run.trace;
  trace.op = BinaryOp::Sum;
  trace.op_label = "+";
  trace.type = ValueType::Int32;
  trace.elem_bytes = 4;
  TeachModel m(run, tg);
  const TeachBuffers& b = m.buffers();

  auto levels_now = [&] {
    const std::vector<double>& s = m.state(b.level);
    return std::vector<int32_t>(s.begin(), s.end());
  };
  std::vector<LevelPlan> plans;
  Direction direction = Direction::TopDown;
  int64_t previous_frontier = 0;
  std::vector<int32_t> list;  // 7: the vertices its last bottom-up level left
  bool listed = false;        // 7: a bottom-up level has run (`list` holds what it left)
  ClusterPhase cluster = cluster_phase_at_start(p.variant, tg);
  for (int32_t d = 0;; ++d) {
    const std::vector<int32_t> level = levels_now();
    LevelStats s = teach_level_counts(tg, level, d);
    direction = level_direction(p, direction, s, previous_frontier, tg.n);
    const LevelPlan plan = plan_level(p.variant, tg, level, d, direction, p.block_dim,
                                      int(trace.steps.size()), listed ? &list : nullptr, cluster);
    cluster = cluster_phase_after(plan);
    if (plan.lead_steps() > 0) teach_cluster_lead(m, plan);
    switch (plan.kind) {
      case LevelKind::Push:
        teach_push_level(m, plan);
        break;
      case LevelKind::BottomUp:
        teach_bottom_up_level(m, plan);
        break;
      case LevelKind::EdgeCentric:
        teach_edge_level(m, plan);
        break;
      case LevelKind::TopDownQueue:
        teach_queue_level(m, plan);
        break;
      case LevelKind::EdgeTiles:
        teach_edge_tiles_level(m, plan);
        break;
      case LevelKind::BlockQueue:
        teach_block_queue_level(m, plan);
        break;
      case LevelKind::ListBottomUp:
        teach_list_bottom_up_level(m, plan);
        break;
      case LevelKind::VertexThreads:
        teach_vertex_threads_level(m, plan);
        break;
      case LevelKind::ClusterLevel:
        teach_cluster_level(m, plan);
        break;
    }
    const std::vector<int32_t> after = levels_now();
    s.discovered = std::count(after.begin(), after.end(), d + 1);
    s.threads = plan.threads;
    s.direction = plan.direction;
    run.result.levels.push_back(s);
    plans.push_back(plan);
    previous_frontier = s.frontier;
    if (s.discovered == 0) break;
    if (plan.queues) teach_swap_queues(m, plan, int(s.discovered));
    if (plan.kind == LevelKind::ListBottomUp) {
      const std::vector<double>& left = m.state(b.left);  // in the order appended
      list.assign(left.begin(), left.begin() + m.value(b.left_tail, 0));
      listed = true;
      if (!list.empty()) teach_swap_lists(m, plan, int(list.size()));
    }
  }
  m.finish();
  const std::vector<double>& parent = m.state(b.parent);
  finish_teach_result(run, tg, g, plans, levels_now(),
                      std::vector<int32_t>(parent.begin(), parent.end()));
  return run;
}

}  // namespace ws::bfs
