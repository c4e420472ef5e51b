// The CPU simulation's contract: the same seed gives the same layout bit for bit (and another
// seed another), pinned vertices stay where the user put them while their neighbours follow,
// graphs with coordinates are drawn at them, and the odd shapes (no vertex, one, two, isolated
// vertices, self-loops, a directed graph, components) give finite, distinct positions.
#include <gtest/gtest.h>

#include "common/cuda_device.h"
#include "common/error.h"
#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

Positions run(const graph::Graph& g, Params p, int iterations) {
  auto sim = Simulation::create(Backend::Cpu, g, p);
  sim->step(iterations);
  EXPECT_EQ(sim->iterations_done(), iterations);
  return sim->positions();
}

TEST(LayoutSimulation, SameSeedSameLayoutBitForBit) {
  const graph::Graph karate = graph::load_graph(test::graphs_dir() + "/karate.mtx");
  const graph::Graph er = graph::generate("er:5000:4", 5);  // threads split the forces
  for (const graph::Graph* g : {&karate, &er})
    for (uint64_t seed : {1u, 99u}) {
      Params p;
      p.seed = seed;
      const Positions a = run(*g, p, 10), b = run(*g, p, 10);
      EXPECT_EQ(a.x, b.x) << g->name << " seed " << seed;
      EXPECT_EQ(a.y, b.y) << g->name << " seed " << seed;
      p.seed = seed + 1000;
      const Positions c = run(*g, p, 10);
      EXPECT_NE(a.x, c.x) << "another seed, another layout";
    }
}

TEST(LayoutSimulation, StepsAddUp) {  // 10 + 15 steps == 25 steps
  const graph::Graph g = graph::generate("tree:5", 1);
  auto sim = Simulation::create(Backend::Cpu, g, Params{});
  sim->step(10);
  sim->step(15);
  EXPECT_EQ(sim->iterations_done(), 25);
  const Positions whole = run(g, Params{}, 25);
  EXPECT_EQ(sim->positions().x, whole.x);
  EXPECT_EQ(sim->backend(), Backend::Cpu);
}

TEST(LayoutSimulation, PinnedVertexStaysAndNeighboursFollow) {
  const graph::Graph g = graph::load_graph(test::graphs_dir() + "/karate.mtx");
  auto sim = Simulation::create(Backend::Cpu, g, Params{});
  sim->step(200);
  const int32_t v = 0;  // the instructor: 16 neighbours
  const Positions before = sim->positions();
  const float far_x = before.x[v] + 300, far_y = before.y[v] - 200;
  sim->set_position(v, far_x, far_y, /*pin=*/true);
  EXPECT_EQ(sim->positions().x[v], far_x);
  std::vector<double> distance_before;
  for (int64_t e = g.row_offsets[v]; e < g.row_offsets[v + 1]; ++e)
    distance_before.push_back(test::distance(sim->positions(), v, g.columns[e]));
  sim->step(100);
  const Positions after = sim->positions();
  EXPECT_EQ(after.x[v], far_x);  // exactly where the user left it
  EXPECT_EQ(after.y[v], far_y);
  double closer = 0;
  for (int64_t e = g.row_offsets[v]; e < g.row_offsets[v + 1]; ++e)
    closer +=
        distance_before[size_t(e - g.row_offsets[v])] - test::distance(after, v, g.columns[e]);
  EXPECT_GT(closer / double(g.degree(v)), 100.0) << "the neighbours follow the dragged vertex";

  sim->unpin_all();
  sim->step(50);
  EXPECT_NE(sim->positions().x[v], far_x) << "unpinned, it moves again";
}

TEST(LayoutSimulation, SetPositionWithoutPinMoves) {
  const graph::Graph g = graph::generate("tree:4", 1);
  auto sim = Simulation::create(Backend::Cpu, g, Params{});
  sim->step(50);
  sim->set_position(3, 500, 500, /*pin=*/false);
  EXPECT_EQ(sim->positions().x[3], 500.0f);
  sim->step(5);
  EXPECT_NE(sim->positions().x[3], 500.0f);
  EXPECT_THROW(sim->set_position(-1, 0, 0, true), Error);
  EXPECT_THROW(sim->set_position(g.vertices, 0, 0, true), Error);
}

TEST(LayoutSimulation, GraphWithCoordinatesIsDrawnAtThem) {
  test::ScopedCacheHome cache;
  const graph::Graph g = graph::generate("grid:12x7", 1);
  ASSERT_TRUE(g.has_coordinates());
  const Positions p = layout(g, Params{}, Backend::Cpu);
  EXPECT_EQ(p.x, g.x);
  EXPECT_EQ(p.y, g.y);
  // Even on a backend this build may lack: nothing is laid out.
  EXPECT_EQ(layout(g, Params{}, Backend::Cuda).x, g.x);
}

void expect_sane(const graph::Graph& g, const Positions& p) {
  ASSERT_EQ(p.x.size(), size_t(g.vertices));
  ASSERT_EQ(p.y.size(), size_t(g.vertices));
  EXPECT_TRUE(test::all_finite(p));
  if (g.vertices >= 2) {
    EXPECT_GT(test::min_pair_distance(p), 1e-3) << g.name;
  }
}

TEST(LayoutSimulation, OddShapes) {
  test::ScopedCacheHome cache;
  std::vector<graph::Graph> graphs;
  graphs.push_back(test::undirected(0, {}));
  graphs.push_back(test::undirected(1, {}));
  graphs.push_back(test::undirected(1, {{0, 0}}, /*remove_self_loops=*/false));
  graphs.push_back(test::undirected(2, {{0, 1}}));
  graphs.push_back(test::undirected(2, {}));  // two isolated vertices
  graphs.push_back(test::undirected(5, {{0, 1}, {1, 1}, {2, 2}, {3, 4}, {4, 4}}, false));
  graphs.push_back(test::undirected(40, {{0, 1}, {1, 2}}));  // mostly isolated
  graphs.push_back(graph::generate("star:50", 1));
  graphs.push_back(graph::generate("path:30", 1));
  // Directed: only u -> v stored; laid out as the undirected shadow.
  graphs.push_back(
      graph::build_csr(6, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, {}, false, true, true));
  for (const graph::Graph& g : graphs)
    for (double theta : {0.0, 1.2}) {
      Params p;
      p.theta = theta;
      SCOPED_TRACE(std::to_string(g.vertices) + " vertices, " + std::to_string(g.edges()) +
                   " edges, theta " + std::to_string(theta));
      expect_sane(g, layout(g, p, Backend::Cpu));
    }
  // The directed triangles: edges pull both ends.
  const Positions d = layout(graphs.back(), Params{}, Backend::Cpu);
  EXPECT_LT(test::edge_length_ratio(graphs.back(), d, 500), 0.8);
}

// Components repel each other: they never collapse onto one point, and each stays compact.
TEST(LayoutSimulation, ComponentsStayApart) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t c = 0; c < 4; ++c)  // four disjoint 10-cycles
    for (int32_t i = 0; i < 10; ++i) edges.emplace_back(c * 10 + i, c * 10 + (i + 1) % 10);
  const graph::Graph g = test::undirected(40, edges);
  const Positions p = run(g, Params{}, 400);
  expect_sane(g, p);
  auto centre = [&](int32_t c) {
    double x = 0, y = 0;
    for (int32_t i = 0; i < 10; ++i) x += p.x[c * 10 + i], y += p.y[c * 10 + i];
    return std::make_pair(x / 10, y / 10);
  };
  for (int32_t a = 0; a < 4; ++a)
    for (int32_t b = a + 1; b < 4; ++b) {
      const auto ca = centre(a), cb = centre(b);
      EXPECT_GT(std::hypot(ca.first - cb.first, ca.second - cb.second), 1.0);
    }
  EXPECT_LT(test::edge_length_ratio(g, p, 2000), 0.6);
}

TEST(LayoutSimulation, BadParametersNamed) {
  const graph::Graph g = graph::generate("path:5", 1);
  auto message = [&](Params p) {
    try {
      Simulation::create(Backend::Cpu, g, p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  Params p;
  p.scaling = 0;
  EXPECT_NE(message(p).find("scaling"), std::string::npos);
  p = Params{};
  p.gravity = -1;
  EXPECT_NE(message(p).find("gravity"), std::string::npos);
  p = Params{};
  p.theta = std::nan("");
  EXPECT_NE(message(p).find("theta"), std::string::npos);
  p = Params{};
  p.iterations = -3;
  EXPECT_NE(message(p).find("iterations"), std::string::npos);
  EXPECT_THROW(layout(g, p, Backend::Cpu), Error);
}

// Without a device (or in a CPU-only build) the CUDA backend says so; layout() too.
TEST(LayoutSimulation, CudaWithoutDeviceThrows) {
  if (cuda_device_available()) GTEST_SKIP() << "a device is present (tests/gpu covers it)";
  test::ScopedCacheHome cache;
  const graph::Graph g = graph::generate("path:5", 1);
  EXPECT_THROW(Simulation::create(Backend::Cuda, g, Params{}), Error);
  EXPECT_THROW(layout(g, Params{}, Backend::Cuda), Error);
}

TEST(LayoutSimulation, DefaultIterationsFallWithSize) {
  const int small = default_iterations(graph::generate("tree:4", 1));
  const int mid = default_iterations(graph::generate("er:20000:8", 1));
  const int big = default_iterations(graph::generate("er:200000:4", 1));
  EXPECT_GE(small, mid);
  EXPECT_GE(mid, big);
  EXPECT_GE(big, 1);
  EXPECT_LE(small, 1000);
}

}  // namespace
}  // namespace ws::graph_layout
