// The CPU engine: every variant gives bfs_reference's levels and passes verify().
#include <gtest/gtest.h>

#include "bfs/bfs.h"
#include "bfs/bfs_level_stats.h"
#include "graph/graph.h"

namespace ws::bfs {
namespace {

TEST(BfsCpuEngine, EveryVariantMatchesTheReference) {
  auto engine = Engine::create(Backend::Cpu);
  for (const char* spec :
       {"pmpp", "grid:9x7", "er:300:3", "kron:9:8", "path:20", "star:30", "tree:5"}) {
    const Graph g = graph::generate(spec, 3);
    engine->set_graph(g);
    const Graph csc = transpose(g);
    for (const VariantInfo& vi : variant_infos()) {
      Params p;
      p.variant = vi.variant;
      p.source = g.vertices / 3;
      const Result r = engine->run(p);
      EXPECT_EQ(r.level, graph::bfs_reference(g, p.source)) << spec << " " << vi.id;
      EXPECT_EQ(verify(g, p.source, r.level, r.parent), "") << spec << " " << vi.id;
      const auto stats = level_stats(p, g, csc, r.level);
      ASSERT_EQ(stats.size(), r.levels.size()) << spec << " " << vi.id;
      for (size_t d = 0; d < stats.size(); ++d) {
        EXPECT_EQ(stats[d].edges_examined, r.levels[d].edges_examined) << spec << vi.id << d;
        EXPECT_EQ(stats[d].unvisited_edges, r.levels[d].unvisited_edges) << spec << vi.id << d;
        EXPECT_EQ(stats[d].direction, r.levels[d].direction) << spec << vi.id << d;
        EXPECT_EQ(stats[d].threads, r.levels[d].threads) << spec << vi.id << d;
      }
    }
  }
}

}  // namespace
}  // namespace ws::bfs
