// The CPU twins of the seven variants (bfs_vertex_cpu.cpp, bfs_edge_cpu.cpp, bfs_queue_cpu.cpp,
// bfs_fast_cpu.cpp): each runs its kernel's schedule on the host, one thread after another in
// thread order, and counts the per-level statistics of bfs.h's rule as it goes (the tests check
// the counts against bfs_level_stats.h and a brute-force recount). Parents are deterministic: the
// first writer in the modelled thread order wins.
#pragma once

#include <cstdint>
#include <vector>

#include "bfs.h"

namespace ws::bfs {

// The forms of one graph the variants read: CSR, its CSC (the same object for a symmetric graph)
// and the COO sources (the edge-centric kernel's src[e]; dst[e] is csr.columns[e]).
struct CpuGraph {
  const Graph* csr = nullptr;
  const Graph* csc = nullptr;
  const std::vector<int32_t>* coo_src = nullptr;
};

// The COO sources of g's edges in CSR order.
std::vector<int32_t> coo_sources(const Graph& g);

// One search of p.variant (p already validated): levels, parents, per-level statistics, reached
// and traversed_edges (ms left 0).
Result run_cpu_twin(const CpuGraph& g, const Params& p);

Result push_cpu(const CpuGraph& g, const Params& p);
Result pull_cpu(const CpuGraph& g, const Params& p);
Result direction_optimizing_cpu(const CpuGraph& g, const Params& p);
Result edge_centric_cpu(const CpuGraph& g, const Params& p);
Result global_queue_cpu(const CpuGraph& g, const Params& p);
Result block_queue_cpu(const CpuGraph& g, const Params& p);
Result fast_cpu(const CpuGraph& g, const Params& p);

// The bookkeeping every twin shares: the level and parent arrays with the source set, and the
// per-level counts that follow from the discoveries (n_f, m_f, m_u).
class TwinSearch {
 public:
  TwinSearch(const Graph& g, int32_t source);
  int32_t depth() const { return depth_; }
  int64_t frontier() const { return n_f_; }
  int64_t frontier_edges() const { return m_f_; }
  int64_t unvisited_edges() const { return m_u_; }
  int64_t previous_frontier() const { return previous_n_f_; }
  std::vector<int32_t>& level() { return result_.level; }
  std::vector<int32_t>& parent() { return result_.parent; }

  // Labels v (unvisited) with depth + 1 and parent u.
  void discover(int32_t v, int32_t u) {
    result_.level[size_t(v)] = depth_ + 1;
    result_.parent[size_t(v)] = u;
    discovered_ += 1;
    discovered_edges_ += g_.degree(v);
  }
  // Closes the level with what it read and how many threads it used; false when it discovered
  // nothing (the search is over), else moves to the next depth.
  bool end_level(int64_t edges_examined, int64_t threads, Direction direction);
  Result finish();

 private:
  const Graph& g_;
  Result result_;
  int32_t depth_ = 0;
  int64_t n_f_ = 1, m_f_ = 0, m_u_ = 0, previous_n_f_ = 0;
  int64_t discovered_ = 0, discovered_edges_ = 0;
};

}  // namespace ws::bfs
