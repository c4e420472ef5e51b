// The CPU layout draws neighbours together: after the layout the mean edge length, relative to
// the mean distance of random vertex pairs, falls far below its value at the random start, on a
// social graph (karate), a finite-element mesh (4elt), a grid given without coordinates and a
// tree; with LinLog and with strong gravity too; several seeds on the small graphs.
#include <gtest/gtest.h>

#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

using test::edge_length_ratio;

struct Case {
  const char* name;
  double at_most;  // the ratio after the layout (about 1 at the random start)
  int seeds;
  int iterations;  // 0: default_iterations
};

graph::Graph load(const std::string& name) {
  if (name == "grid") return test::grid_without_coordinates(30, 20);
  if (name == "tree") return graph::generate("tree:8", 1);
  return graph::load_graph(test::graphs_dir() + "/" + name);
}

class LayoutQuality : public ::testing::TestWithParam<Case> {};

TEST_P(LayoutQuality, EdgesShorterThanRandomPairs) {
  test::ScopedCacheHome cache;
  const Case c = GetParam();
  const graph::Graph g = load(c.name);
  ASSERT_FALSE(g.has_coordinates());
  for (uint64_t seed = 1; seed <= uint64_t(c.seeds); ++seed) {
    Params p;
    p.seed = seed * 7919;
    p.iterations = c.iterations;
    const double before = edge_length_ratio(g, initial_positions(g, p.seed));
    EXPECT_GT(before, 0.8) << c.name;  // random start: edges as long as random pairs
    const Positions out = layout(g, p, Backend::Cpu);
    ASSERT_EQ(out.x.size(), size_t(g.vertices));
    ASSERT_TRUE(test::all_finite(out));
    const double after = edge_length_ratio(g, out);
    EXPECT_LT(after, c.at_most) << c.name << " seed " << p.seed << " before " << before;
    if (g.vertices <= 4000) {  // O(n^2)
      EXPECT_GT(test::min_pair_distance(out), 0.0) << c.name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, LayoutQuality,
                         ::testing::Values(Case{"karate.mtx", 0.55, 3, 0},
                                           Case{"4elt.graph", 0.35, 1, 20},
                                           Case{"grid", 0.15, 1, 0}, Case{"tree", 0.2, 2, 0}),
                         [](const auto& info) {
                           std::string s = info.param.name;
                           return s.substr(0, s.find('.'));
                         });

// The options change the forces, not the outcome's quality.
TEST(LayoutQualityOptions, LinLogAndStrongGravity) {
  test::ScopedCacheHome cache;
  for (const char* name : {"karate", "tree"}) {
    const graph::Graph g = std::string(name) == "tree"
                               ? graph::generate("tree:7", 1)
                               : graph::load_graph(test::graphs_dir() + "/karate.mtx");
    for (int option = 0; option < 3; ++option) {
      Params p;
      p.lin_log = option == 0 || option == 2;
      p.strong_gravity = option == 1 || option == 2;
      p.iterations = 300;
      const Positions out = layout(g, p, Backend::Cpu);
      ASSERT_TRUE(test::all_finite(out));
      // LinLog's weak attraction against strong gravity's pull packs a small graph tighter.
      EXPECT_LT(edge_length_ratio(g, out), option == 2 ? 0.75 : 0.6)
          << name << " option " << option;
      EXPECT_GT(test::min_pair_distance(out), 0.0);
    }
  }
}

// Strong gravity keeps the layout near the centre: its radius is below the plain layout's.
TEST(LayoutQualityOptions, StrongGravityPullsIn) {
  const graph::Graph g = graph::generate("tree:7", 1);
  auto radius = [](const Positions& p) {
    double r = 0;
    for (size_t v = 0; v < p.x.size(); ++v)
      r = std::max(r, std::hypot(double(p.x[v]), double(p.y[v])));
    return r;
  };
  Params plain, strong;
  plain.iterations = strong.iterations = 300;
  strong.strong_gravity = true;
  auto a = Simulation::create(Backend::Cpu, g, plain),
       b = Simulation::create(Backend::Cpu, g, strong);
  a->step(300);
  b->step(300);
  EXPECT_LT(radius(b->positions()), radius(a->positions()));
}

}  // namespace
}  // namespace ws::graph_layout
