// The CPU layout draws neighbours together: after the layout the mean edge length, relative to
// the mean distance of random vertex pairs, falls far below its value at the random start, on a
// social graph (karate), a finite-element mesh (4elt), a grid given without coordinates and a
// tree; with LinLog and strong gravity too; several seeds.
#include <gtest/gtest.h>

#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

using test::edge_length_ratio;

struct Case {
  const char* name;
  double at_most;  // the ratio after the layout
};

graph::Graph load(const std::string& name) {
  if (name == "grid") return test::grid_without_coordinates(30, 20);
  if (name == "tree") return graph::generate("tree:8", 1);
  return graph::load_graph(test::graphs_dir() + "/" + name);
}

class LayoutQuality : public ::testing::TestWithParam<Case> {};

TEST_P(LayoutQuality, EdgesShorterThanRandomPairs) {
  const Case c = GetParam();
  const graph::Graph g = load(c.name);
  ASSERT_FALSE(g.has_coordinates());
  for (uint64_t seed : {1u, 7u}) {
    Params p;
    p.seed = seed;
    const double before = edge_length_ratio(g, initial_positions(g, seed));
    EXPECT_GT(before, 0.7) << c.name;  // random start: edges as long as random pairs
    const Positions out = layout(g, p, Backend::Cpu);
    ASSERT_EQ(out.x.size(), size_t(g.vertices));
    ASSERT_TRUE(test::all_finite(out));
    const double after = edge_length_ratio(g, out);
    EXPECT_LT(after, c.at_most) << c.name << " seed " << seed << " before " << before;
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, LayoutQuality,
                         ::testing::Values(Case{"karate.mtx", 0.6}, Case{"4elt.graph", 0.1},
                                           Case{"grid", 0.15}, Case{"tree", 0.35}),
                         [](const auto& info) {
                           std::string s = info.param.name;
                           return s.substr(0, s.find('.'));
                         });

}  // namespace
}  // namespace ws::graph_layout
