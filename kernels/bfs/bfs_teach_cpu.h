// The CPU twins of the traced BFS kernels (bfs_teach.cu) and what they share with the CUDA
// launch: the teach graph (CSR, CSC and COO as int32 arrays), the buffers of a variant's trace,
// the plan of one level (its threads, launch shape and lock-step rounds) and the trace model the
// twins write into. A twin runs its kernel's schedule round by round (every thread of the launch
// in one round, in thread order) and records exactly where the CUDA kernel calls its recorder, so
// both backends emit the same trace (the format: bfs_teach_cpu.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/trace.h"
#include "../common/trace_model.h"
#include "bfs.h"

namespace ws::bfs {

// The graph as the teach kernels read it: int32 offsets, the CSC (in-edges, each row in order of
// the source vertex) and the COO (src[e], dst[e] in CSR order).
struct TeachGraph {
  int32_t n = 0, m = 0;
  std::vector<int32_t> row_offsets, columns;  // CSR
  std::vector<int32_t> col_offsets, rows;  // CSC: the in-neighbours of v are rows[col_offsets[v]..]
  std::vector<int32_t> src, dst;           // COO

  int32_t out_degree(int32_t v) const { return row_offsets[v + 1] - row_offsets[v]; }
};
TeachGraph teach_graph(const Graph& g);

// The trace's buffer indices of a variant (-1: the variant does not have it). Every trace starts
// with "row_offsets", "columns", "level", "parent" (0..3).
struct TeachBuffers {
  int row_offsets = 0, columns = 1, level = 2, parent = 3;
  int col_offsets = -1, rows = -1;           // 2, 3, 7: the CSC (bottom-up steps)
  int src = -1, dst = -1;                    // 4: the COO
  int frontier = -1, next = -1, tail = -1;   // 3, 5, 6, 7: the queues and the tail
  int block_queue = -1, block_tail = -1;     // 6: shared, per block
  int list = -1, left = -1, left_tail = -1;  // 7: the bottom-up list, what it leaves, its length
  // 7: the queues' edge starts (the prefix sum of the out-degrees before each entry) and the next
  // queue's edge count; the tile's staged entries (shared, per block).
  int edge_start = -1, next_edge_start = -1, next_edges = -1;
  int tile_vertex = -1, tile_start = -1, tile_row = -1;
  // 7's cluster phase (shared, per block of the cluster): the entries each block holds (two
  // halves, by depth parity: this level's and the next's), its counts per depth % 3 (entries and
  // out-degrees summed), its largest out-degree per depth % 3 (atomicMax), and the blocks'
  // entries and edges before each block (the prefix sums every block computes from the counts).
  int cluster_queue = -1, cluster_counts = -1, cluster_largest = -1, cluster_first = -1;
};
TeachBuffers teach_buffers(Variant v);

// Variant 7's thresholds at teaching size, all in one place. The kernels' (bfs_fast.cu,
// bfs_fast_cluster.cu) are sized for graphs of millions of vertices; here a graph has at most
// kTeachMaxVertices, so:
//  - per-block quantities of the grid kernel are divided by 32: its blocks of 256 threads become
//    kTeachBlock = 8, a tile of 256 frontier edges kTeachTile = 8 (a block per tile, a thread per
//    edge), a block's shared append queue of 1024 entries kTeachAppendCap = 32. The rule stays the
//    kernel's: a top-down level takes a thread per frontier vertex when its largest out-degree
//    times the block size fits the append queue (degree <= 4 in both), else the tiles;
//  - the cluster phase runs on sparse graphs, average out-degree under kTeachSparseDegree = 8
//    (m < 8 n, the engine's rule: a ratio, not scaled). Its cluster of 16 blocks of 256 threads
//    becomes kTeachClusterBlocks = 4 blocks of kTeachClusterThreads = 8; a block's shared queue of
//    4096 entries kTeachClusterCap = 8 (/ 512) and max_frontier 16384 kTeachMaxFrontier = 8
//    (/ 2048), so that the hand-over rules bind on 64-vertex graphs as the kernel's do on
//    millions: a level hands over to the grid kernel when it turns bottom-up, when its frontier
//    passes kTeachMaxFrontier, or when a block's share of the entries times the largest out-degree
//    passes kTeachClusterCap (what the block may discover must fit its queue).
inline constexpr int kTeachTile = 8;
inline constexpr int kTeachBlock = 8;
inline constexpr int kTeachAppendCap = 32;
inline constexpr int kTeachSparseDegree = 8;
inline constexpr int kTeachClusterBlocks = 4;
inline constexpr int kTeachClusterThreads = 8;
inline constexpr int kTeachClusterCap = 8;
inline constexpr int kTeachMaxFrontier = 8;

// The rules, on the inputs the kernels decide from. Sparse: the cluster phase runs at all.
inline bool teach_sparse(int64_t n, int64_t m) {
  return m < int64_t(kTeachSparseDegree) * n;
}
// A frontier of `count` entries whose largest out-degree is `max_degree` fits the cluster (the
// phase's start check and, with a top-down direction, its per-level check).
inline bool teach_cluster_fits(int64_t count, int64_t max_degree) {
  const int64_t share = (count + kTeachClusterBlocks - 1) / kTeachClusterBlocks;
  return count <= kTeachMaxFrontier && share * max_degree <= kTeachClusterCap;
}
// A top-down level of the grid kernel takes a thread per frontier vertex (else the tiles).
inline bool teach_thread_per_vertex(int64_t max_degree) {
  return max_degree * kTeachBlock <= kTeachAppendCap;
}

// What one level's kernel does.
enum class LevelKind : uint8_t {
  Push,          // 1: a thread per vertex, the frontier's push along their out-edges
  BottomUp,      // 2, and the bottom-up levels of 3: a thread per vertex, the unvisited pull
  EdgeCentric,   // 4: a thread per edge
  TopDownQueue,  // 5, and the top-down levels of 3: a thread per frontier queue entry
  EdgeTiles,     // the top-down levels of 7: the frontier's edges in tiles of kTeachTile, a
                 // block per tile, a thread per edge (its vertex found in the staged edge starts)
  BlockQueue,    // 6: the same with a shared queue per block
  ListBottomUp,  // the bottom-up levels of 7: a thread per entry of the list (every vertex in the
                 // first), in-edges read kBottomUpChunk at a time, the vertices left kept in a list
  VertexThreads,  // the top-down levels of 7 whose largest out-degree is small: a thread per
                  // frontier entry, its row kBottomUpChunk edges a step, blocks of kTeachBlock
  ClusterLevel,   // the top-down levels of 7's cluster phase: kTeachClusterBlocks blocks, the
                  // entries in their shared memory, read by the others through distributed
                  // shared memory, a cluster barrier per level
};

// Where variant 7's cluster phase stands at the start of a level.
enum class ClusterPhase : uint8_t {
  Off,       // not run (a dense graph, another variant) or handed over to the grid kernel
  Starting,  // this level is the first: the cluster loads the source from the global queue
  Running,   // the entries of this level are in the blocks' shared queues
};

struct LevelPlan {
  int32_t depth = 0;
  Direction direction = Direction::TopDown;
  LevelKind kind = LevelKind::Push;
  bool enqueue = false;  // bottom-up levels of 3 and 7 append what they find to "next"
  bool queues = false;   // the level ends with "next" copied into "frontier" (when it found any)
  bool listed = false;   // ListBottomUp: thread i takes "list"[i] (else vertex i: the first level)
  int64_t threads = 0;   // threads given work (the statistics rule's count)
  int64_t frontier = 0;  // n_f: the frontier's vertices (7's cluster steps take them)
  int64_t frontier_edges = 0;  // m_f: the index space of EdgeTiles' edges
  int grid_dim = 1, block_dim = 32;
  int edge_steps = 0;  // lock-step edge rounds: the longest list a thread walks (ListBottomUp:
                       // the most chunks of in-edges a thread reads)
  int first_step = 0;  // the trace index of the level's first step
  // 7's cluster phase: the level starts it (the cluster loads the source first), the cluster
  // reads the blocks' counts at the level's start (ClusterLevel, and the level it hands over at),
  // and hands the frontier over to the grid kernel, whose kernel (`kind`) then runs the level.
  bool cluster_load = false, cluster_counts = false, handover = false;
  int lead_steps() const { return int(cluster_load) + int(cluster_counts) + int(handover); }
  // The trace index of the level kernel's step 0 (after the cluster's lead steps).
  int kernel_step() const { return first_step + lead_steps(); }
  // The steps after the edge rounds: 6 "reserve" and "copy"; the cluster's barrier; then "swap"
  // when `queues`.
  int reserve_step() const { return kernel_step() + edge_steps + 1; }
  int copy_step() const { return kernel_step() + edge_steps + 2; }
  int after_edges() const {
    return kernel_step() + edge_steps + 1 +
           (kind == LevelKind::BlockQueue     ? 2
            : kind == LevelKind::ClusterLevel ? 1
                                              : 0);
  }
};

// The level expanding depth `depth` from the levels `level` (the search's state at its start).
// `list`: variant 7's bottom-up list, the vertices its last bottom-up level left in "left", in
// the order they were appended (nullptr before its first bottom-up level, which takes every
// vertex).
// `cluster`: where 7's cluster phase stands (Off for the other variants).
LevelPlan plan_level(Variant v, const TeachGraph& g, const std::vector<int32_t>& level,
                     int32_t depth, Direction direction, int block_dim, int first_step,
                     const std::vector<int32_t>* list = nullptr,
                     ClusterPhase cluster = ClusterPhase::Off);
// 7's cluster phase after a level planned as `plan`.
ClusterPhase cluster_phase_after(const LevelPlan& plan);
// 7's cluster phase at the search's start: Starting on a sparse graph, else Off.
ClusterPhase cluster_phase_at_start(Variant v, const TeachGraph& g);

// The level's statistics from the levels alone: depth, frontier, frontier_edges,
// unvisited_edges (edges_examined, discovered, threads and direction are the caller's).
LevelStats teach_level_counts(const TeachGraph& g, const std::vector<int32_t>& level,
                              int32_t depth);

// Step labels: "level 2: edge 3", and for 3 and 7 "level 2 · top-down · edge 3".
std::string step_label(Variant v, const LevelPlan& plan, const std::string& what);
std::string step_phase(Variant v, const LevelPlan& plan);

// Throws ws::Error for a request teach() cannot run, naming the limit and what was given.
void check_teach_request(const TeachParams& params, const Graph& g);

// The trace being built: buffers with their current contents, steps added as the search goes,
// events appended to the current step. Reads see the writes of lower threads in the same step
// (the twin runs the threads of a step in thread order).
class TeachModel : public TraceModel {
 public:
  TeachModel(TeachRun& run, const TeachGraph& g);
  const TeachBuffers& buffers() const { return buffers_; }
  const TeachGraph& graph() const { return g_; }
  // Adds a step of `plan`'s level and makes it current; records its depth in run.step_depth.
  // `grid_dim`, `block_dim` < 0: the plan's.
  int step(const LevelPlan& plan, const std::string& what, const std::string& marker,
           int barriers = 0, int grid_dim = -1, int block_dim = -1);
  int32_t value(int buffer, int address) const { return int32_t(state(buffer)[size_t(address)]); }
  const TeachRun& run() const { return run_; }

 private:
  TeachRun& run_;
  const TeachGraph& g_;
  TeachBuffers buffers_;
};

// The twins of one level, one per family file: they add the level's steps and record them.
void teach_push_level(TeachModel& m, const LevelPlan& plan);            // bfs_teach_vertex_cpu.cpp
void teach_bottom_up_level(TeachModel& m, const LevelPlan& plan);       // bfs_teach_vertex_cpu.cpp
void teach_edge_level(TeachModel& m, const LevelPlan& plan);            // bfs_teach_edge_cpu.cpp
void teach_queue_level(TeachModel& m, const LevelPlan& plan);           // bfs_teach_queue_cpu.cpp
void teach_block_queue_level(TeachModel& m, const LevelPlan& plan);     // bfs_teach_queue_cpu.cpp
void teach_edge_tiles_level(TeachModel& m, const LevelPlan& plan);      // bfs_teach_tile_cpu.cpp
void teach_list_bottom_up_level(TeachModel& m, const LevelPlan& plan);  // bfs_teach_list_cpu.cpp
void teach_vertex_threads_level(TeachModel& m, const LevelPlan& plan);  // bfs_teach_threads_cpu.cpp
// 7's thread-per-vertex expansion of `count` (<= kBottomUpChunk) edges of v's row from columns
// index `first` by thread t (bfs_teach_threads_cpu.cpp): the targets, their rows' offsets, the
// atomicCAS claims (a read of the level, and the write of depth + 1 when it was -1), then each
// claimed target's parent (and, with `append`, its append to "next"). Returns the claimed
// targets with their out-degrees, in order.
struct TeachClaim {
  int32_t vertex = 0, degree = 0;
};
std::vector<TeachClaim> teach_claim_chunk(TeachModel& m, int t, int32_t depth, int32_t v,
                                          int32_t first, int count, bool append);
// 7's cluster phase (bfs_teach_cluster_cpu.cpp): the lead steps of a level (the load, the counts,
// the hand-over), and a ClusterLevel's expansion and barrier.
void teach_cluster_lead(TeachModel& m, const LevelPlan& plan);
void teach_cluster_level(TeachModel& m, const LevelPlan& plan);
// 7: appends v to "next" with an atomic on "tail" (the slot) and one on "next edges" (operand
// v's out-degree, read from row_offsets: its edge range) and writes "next edge start"[slot].
void teach_append_with_edges(TeachModel& m, int t, int32_t v);  // bfs_teach_tile_cpu.cpp
// The same for a vertex whose out-degree the thread has read already.
void teach_append_with_degree(TeachModel& m, int t, int32_t v, int32_t degree);
// The queue variants after a level that found `count` vertices: "next" becomes the frontier.
void teach_swap_queues(TeachModel& m, const LevelPlan& plan, int count);
// Variant 7 after a bottom-up level that left `count` > 0 vertices: "left" becomes the list.
void teach_swap_lists(TeachModel& m, const LevelPlan& plan, int count);  // bfs_teach_list_cpu.cpp

// Fills run.result from the final level and parent arrays, once the trace's events are in their
// steps: the statistics already in run.result.levels (one per plan) get edges_examined counted
// from the trace (adjacency_reads), and reached, traversed_edges and the trace's serial_ops.
void finish_teach_result(TeachRun& run, const TeachGraph& tg, const Graph& g,
                         const std::vector<LevelPlan>& plans, std::vector<int32_t> level,
                         std::vector<int32_t> parent);

// The CPU twin of any variant, and the CUDA teach run (bfs_teach.cu; bfs_teach_none.cpp in
// CPU-only builds).
TeachRun teach_cpu(const TeachParams& params, const Graph& g);
TeachRun teach_cuda(const TeachParams& params, const Graph& g);

// The level's direction for variant v: next_direction for 3 and 7, else the variant's own.
Direction level_direction(const TeachParams& p, Direction previous, const LevelStats& now,
                          int64_t previous_frontier, int64_t n);
// The adjacency entries (columns, rows, src) read in steps [first, last) of a trace: a level's
// edges_examined, counted the same way from the twin's and the GPU's trace.
int64_t adjacency_reads(const Trace& trace, const TeachBuffers& b, int first, int last);

}  // namespace ws::bfs
