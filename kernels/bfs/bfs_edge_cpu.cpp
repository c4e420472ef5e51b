// CPU twin of variant 4, edge-centric over COO (bfs.h): one thread per edge e = (src[e], dst[e])
// every level, in edge order; an edge whose source is in the frontier and whose destination is
// unvisited labels the destination. Every edge is read every level: work O(m D), steps D,
// perfectly balanced (each thread reads one edge).
#include <vector>

#include "bfs_cpu_twins.h"

namespace ws::bfs {

Result edge_centric_cpu(const CpuGraph& g, const Params& p) {
  const Graph& csr = *g.csr;
  const std::vector<int32_t>& src = *g.coo_src;
  const std::vector<int32_t>& dst = csr.columns;
  const int64_t m = csr.edges();
  TwinSearch s(csr, p.source);
  const std::vector<int32_t>& level = s.level();
  do {
    const int32_t depth = s.depth();
    for (int64_t e = 0; e < m; ++e) {  // thread e
      const int32_t u = src[size_t(e)], v = dst[size_t(e)];
      if (level[size_t(u)] == depth && level[size_t(v)] < 0) s.discover(v, u);
    }
    if (!s.end_level(m, m, Direction::TopDown)) break;
  } while (true);
  return s.finish();
}

}  // namespace ws::bfs
