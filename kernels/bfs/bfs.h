// Breadth-first search (PMPP chapter 15): the frontier spreads one level at a time from a source.
// The lesson is irregular parallelism: the frontier grows and shrinks, work per vertex follows the
// degree, and push, pull and direction-optimizing traversals trade work for parallelism.
// CUDA-free API: the CPU twins (bfs_*_cpu.cpp) and the CUDA kernels (*.cu) sit behind it.
//
// Variants (n vertices, m directed edges, D levels; "frontier" = the vertices of the current
// level):
//   1 push             vertex-centric top-down over CSR: one thread per vertex, every vertex every
//                      level; a frontier vertex labels its unvisited out-neighbours (PMPP 15.3).
//                      Work O(n D + m), steps D.
//   2 pull             vertex-centric bottom-up over CSC: one thread per unvisited vertex looks
//                      through its in-neighbours for one in the frontier and stops at the first
//                      (early exit, PMPP 15.3). Work O(n D + m) worst case, far less when the
//                      frontier is large. Steps D.
//   3 direction-opt    Beamer's direction-optimizing BFS: top-down from a queue while the frontier
//                      is small, bottom-up while it is large. Switch to bottom-up when m_f > m_u /
//                      alpha (m_f: edges out of the frontier, m_u: edges out of unvisited
//                      vertices), back to top-down when n_f < n / beta and the frontier shrinks.
//   4 edge-centric     one thread per edge over COO (src[e], dst[e]), every edge every level
//                      (PMPP 15.4). Work O(m D), perfectly balanced.
//   5 global-queue     top-down from a frontier queue; discovered vertices are appended to the next
//                      queue with an atomic on its global tail (PMPP 15.5). Work O(n + m).
//   6 block-queue      the same with privatized queues: a block appends to its shared-memory queue,
//                      then reserves room in the global queue once (PMPP 15.6). Work O(n + m),
//                      one global atomic per block and level.
//   7 fast             the fastest we could make on large graphs (its own header in its .cu file):
//                      direction-optimizing with load balancing for high-degree vertices and a
//                      device-side level loop. Same levels as every other variant.
//
// Every variant gives bfs_reference's levels. Parents may differ between variants and runs (any
// vertex of the level before with an edge is a valid parent); verify() checks them as Graph500 and
// GAP do. Per-level statistics are identical on both backends for a given variant.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"
#include "../graph/graph.h"

namespace ws::bfs {

using graph::Graph;

enum class Variant : uint8_t {
  Push = 1,
  Pull = 2,
  DirectionOptimizing = 3,
  EdgeCentric = 4,
  GlobalQueue = 5,
  BlockQueue = 6,
  Fast = 7,
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name: "push", "pull", "direction-opt", "edge-centric",
                       // "global-queue", "block-queue", "fast"
  const char* title;   // e.g. "Frontier queue with a global atomic tail"
  const char* source;  // the kernel file the code panel shows, relative to kernels/bfs/
  const char* work;    // "O(n D + m)"
  const char* lesson;  // one sentence a student should take away
};
const std::vector<VariantInfo>& variant_infos();  // 1..7 in order
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or its number

enum class Direction : uint8_t { TopDown = 0, BottomUp = 1 };
const char* direction_name(Direction d);  // "top-down", "bottom-up"

struct Params {
  Variant variant = Variant::GlobalQueue;
  int32_t source = 0;
  double alpha = 15;    // direction-optimizing (3, 7): top-down -> bottom-up when m_f > m_u / alpha
  double beta = 18;     // bottom-up -> top-down when n_f < n / beta (and the frontier shrinks)
  int block_dim = 256;  // threads per block, a multiple of 32 from 32 to 1024
};
// Throws ws::Error naming the problem: a source outside 0..n-1, alpha or beta not > 0 or not
// finite, a block_dim that is not a multiple of 32 in 32..1024, an empty graph.
void validate(const Params& p, const Graph& g);

// One level: expanding the vertices at depth `depth` into depth + 1.
struct LevelStats {
  int32_t depth = 0;            // the frontier's level (0: the source alone)
  int64_t frontier = 0;         // n_f: vertices at `depth`
  int64_t frontier_edges = 0;   // m_f: the out-degrees of the frontier summed
  int64_t unvisited_edges = 0;  // m_u: the out-degrees of the vertices not yet reached, summed
  int64_t edges_examined = 0;   // adjacency entries (CSR, CSC or COO) the variant read
  int64_t discovered = 0;       // vertices that got depth + 1 (0 on the last level)
  int64_t threads = 0;          // threads launched (push: n, edge-centric: m, queue: n_f...)
  Direction direction = Direction::TopDown;
  double ms = 0;  // measured time of this level (CUDA engine); 0 when not
                  // measured (CPU engine, a device-side loop without timestamps)
};

struct Result {
  std::vector<int32_t> level;      // per vertex: hops from the source, -1 when unreached
  std::vector<int32_t> parent;     // per vertex: the BFS-tree parent; the source's is itself; -1
                                   // when unreached
  std::vector<LevelStats> levels;  // one per expanded level, depth 0 first (the last one
                                   // discovers nothing)
  int64_t reached = 0;             // vertices with a level
  int64_t traversed_edges = 0;     // traversed_edges(g, level)
  double ms = 0;                   // the whole search (CUDA engine: device time)
};

// Per-level statistics, the same rule on both backends (tests compare them exactly):
//   frontier, frontier_edges, unvisited_edges, discovered: from the levels alone, any variant;
//   edges_examined: push, global-queue, block-queue and top-down levels of 3 and 7: m_f (every
//     frontier vertex reads its whole row); pull and bottom-up levels: for every unvisited vertex,
//     its in-edges in CSC order up to and including the first whose end is in the frontier (all of
//     them when none is); edge-centric: m;
//   threads: the threads given work, not rounded up to whole blocks: push and pull n (bottom-up
//     levels of 3 too), edge-centric m, queues and top-down levels of 3 and 7: n_f; bottom-up
//     levels of 7: n on its first, then the vertices the bottom-up level before left unvisited
//     with in-edges (its list, fast_bottom_up_threads in bfs_level_stats.h);
//   direction: top-down except pull and the bottom-up levels of 3 and 7 (next_direction).
// Variant 7 takes variant 3's directions and reports the entries its own kernels read: the same
// as variant 3's except on bottom-up levels, where a thread reads its in-list 4 entries at a
// time, up to the end of the chunk that holds the first frontier in-neighbour (bottom_up_reads
// in bfs_level_stats.h).
//
// The direction rule of variants 3 and 7 (GAP's form of Beamer's rule): the direction to expand a
// frontier in, from the direction the previous level took (`current`), this frontier's n_f, m_f
// and m_u, and the previous frontier's size. From top-down, go bottom-up when m_f > m_u / alpha;
// from bottom-up, go back when the frontier shrank (n_f < previous n_f) and n_f < n / beta. Level 0
// (the source alone) is decided from top-down like any other.
inline Direction next_direction(Direction current, int64_t n_f, int64_t previous_n_f, int64_t m_f,
                                int64_t m_u, int64_t n, double alpha, double beta) {
  if (current == Direction::TopDown)
    return double(m_f) > double(m_u) / alpha ? Direction::BottomUp : Direction::TopDown;
  return (n_f < previous_n_f && double(n_f) < double(n) / beta) ? Direction::TopDown
                                                                : Direction::BottomUp;
}

// Graph500's TEPS numerator: the input edges within the traversed component (for a symmetric
// graph each undirected edge counts once: the out-degrees of the reached vertices summed, halved;
// for a directed graph the out-degrees of the reached vertices summed).
int64_t traversed_edges(const Graph& g, const std::vector<int32_t>& level);

// The Graph500 / GAP checks of a result against the graph, "" when it passes, else the first
// failure in words ("vertex 17: parent 4 is at level 2, not 2 - 1"): the source has level 0 and
// is its own parent; every reached vertex's parent is reached, one level less, and the edge
// parent -> vertex exists; every edge u -> v with u reached has v reached and level[v] <=
// level[u] + 1; unreached vertices have no parent; the levels equal bfs_reference's.
std::string verify(const Graph& g, int32_t source, const std::vector<int32_t>& level,
                   const std::vector<int32_t>& parent);

// The in-edges as CSR rows (CSC of g): the pull direction's adjacency. For a symmetric graph it
// is g itself (callers may skip the copy).
Graph transpose(const Graph& g);

// ---- Full-size runs: the engine the scene, the CLI and the benchmarks drive. The graph lives on
// the backend (CSR, and the CSC and COO forms the variants need, built once per graph).
class Engine {
 public:
  // Throws ws::Error for Backend::Cuda in a CPU-only build or without a usable device.
  static std::unique_ptr<Engine> create(Backend backend);
  virtual ~Engine() = default;
  virtual Backend backend() const = 0;

  // Copies the graph to the backend. Throws ws::Error when it does not fit in memory (naming the
  // bytes needed); the previous graph is kept then.
  virtual void set_graph(const Graph& g) = 0;
  virtual int32_t vertices() const = 0;
  virtual int64_t edges() const = 0;

  // One search with per-level statistics (CUDA: each level timed with events where the variant
  // has a host-side level loop). Throws ws::Error for invalid params (validate).
  virtual Result run(const Params& p) = 0;
  // Median wall time of `repeats` searches in milliseconds, without per-level timing or copies
  // back (CUDA: events around the search, clearing the level array included).
  virtual double time_ms(const Params& p, int repeats) = 0;

  // CUDA: the level and parent arrays of the last search (run() or time_ms()) in device memory,
  // ordered on the legacy default stream and valid until the next search or set_graph, so the
  // graph view colours its buffers from them without a copy. Null on the CPU engine.
  virtual const int32_t* device_level() const { return nullptr; }
  virtual const int32_t* device_parent() const { return nullptr; }
};

// ---- The CPU baseline for the benchmarks: a tuned direction-optimizing BFS on `threads` host
// threads (0: all hardware threads, at most one per 32768 vertices and edges), the same alpha /
// beta rule; median of `repeats`.
struct CpuBaseline {
  Result result;
  double ms = 0;
  int threads = 0;
  std::string name;  // "CPU direction-optimizing BFS, 16 threads"
};
CpuBaseline time_cpu_baseline(const Graph& g, int32_t source, int repeats, int threads = 0,
                              double alpha = 15, double beta = 18);

// ---- Teach mode: one traced search on a small graph (up to kTeachMaxVertices vertices and
// kTeachMaxEdges directed edges).
//
// Buffers by name (find them with teach_buffer): "row_offsets", "columns" (CSR; CSC's
// "col_offsets", "rows" for the pull steps; "src", "dst" for edge-centric), "level" (per vertex,
// -1 unreached), "parent", and the variant's own: "frontier" and "next" (queues) with "tail" (one
// element, the atomics on it), "block queue" and "block tail" (shared, per block), and 7's
// bottom-up "list", the vertices it leaves, "left", and their length, "left tail".
// A step is one lock-step round of the kernel's loop: for a vertex-centric kernel, step 0 of a
// level reads each thread's vertex and its row offsets, step k (k >= 1) has every thread that
// still has an edge look at its k-th; threads with short lists sit idle (the load imbalance), and
// the steps of one level end with the kernel. The exact format is written at the top of
// bfs_teach_cpu.cpp. The CUDA teach kernels order the tail atomics by thread index so that their
// trace equals the twin's (the fast kernels take whatever order the hardware gives).
inline constexpr int32_t kTeachMaxVertices = 64;
inline constexpr int64_t kTeachMaxEdges = 1024;

struct TeachParams {
  Variant variant = Variant::GlobalQueue;
  int32_t source = 0;
  double alpha = 15, beta = 18;
  int block_dim = 32;  // 32, 64, 96 or 128
};
struct TeachRun {
  Trace trace;
  TeachParams params;
  Result result;                    // levels, parents, per-level statistics (ms = 0)
  std::vector<int32_t> step_depth;  // per trace step: the depth of the frontier being expanded
};
// Throws ws::Error for a graph past the teach limits, invalid params, or Backend::Cuda without a
// device.
TeachRun teach(const TeachParams& params, const Graph& g, Backend backend);
// The index of the buffer called `name` in run.trace, or -1.
int teach_buffer(const Trace& trace, const std::string& name);

}  // namespace ws::bfs
