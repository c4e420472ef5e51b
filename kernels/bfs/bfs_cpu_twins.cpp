// The twins' shared bookkeeping (bfs_cpu_twins.h) and the dispatch by variant.
#include "bfs_cpu_twins.h"

namespace ws::bfs {

std::vector<int32_t> coo_sources(const Graph& g) {
  std::vector<int32_t> src(size_t(g.edges()));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      src[size_t(e)] = u;
  return src;
}

TwinSearch::TwinSearch(const Graph& g, int32_t source) : g_(g) {
  result_.level.assign(size_t(g.vertices), -1);
  result_.parent.assign(size_t(g.vertices), -1);
  result_.level[size_t(source)] = 0;
  result_.parent[size_t(source)] = source;
  m_f_ = g.degree(source);
  m_u_ = g.edges() - m_f_;
}

bool TwinSearch::end_level(int64_t edges_examined, int64_t threads, Direction direction) {
  LevelStats s;
  s.depth = depth_;
  s.frontier = n_f_;
  s.frontier_edges = m_f_;
  s.unvisited_edges = m_u_;
  s.edges_examined = edges_examined;
  s.discovered = discovered_;
  s.threads = threads;
  s.direction = direction;
  result_.levels.push_back(s);
  if (discovered_ == 0) return false;
  previous_n_f_ = n_f_;
  n_f_ = discovered_;
  m_f_ = discovered_edges_;
  m_u_ -= discovered_edges_;
  discovered_ = discovered_edges_ = 0;
  depth_ += 1;
  return true;
}

Result TwinSearch::finish() {
  result_.reached = 0;
  for (int32_t l : result_.level) result_.reached += l >= 0;
  result_.traversed_edges = traversed_edges(g_, result_.level);
  return std::move(result_);
}

Result run_cpu_twin(const CpuGraph& g, const Params& p) {
  switch (p.variant) {
    case Variant::Push:
      return push_cpu(g, p);
    case Variant::Pull:
      return pull_cpu(g, p);
    case Variant::DirectionOptimizing:
      return direction_optimizing_cpu(g, p);
    case Variant::EdgeCentric:
      return edge_centric_cpu(g, p);
    case Variant::GlobalQueue:
      return global_queue_cpu(g, p);
    case Variant::BlockQueue:
      return block_queue_cpu(g, p);
    case Variant::Fast:
      return fast_cpu(g, p);
  }
  return global_queue_cpu(g, p);
}

}  // namespace ws::bfs
