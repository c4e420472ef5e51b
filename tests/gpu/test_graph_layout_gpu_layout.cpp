// The CUDA layout against the CPU twin. The two sum forces in different orders and precisions,
// so they are compared by outcome: the layout's quality (mean edge length over the mean distance
// of random pairs) within a margin of the CPU's on the same graph and params; one step from the
// same start lands where the CPU's exact step lands (the device tree's Barnes-Hut against the
// exact sum); no NaN or inf; pinned vertices stay exactly; odd shapes. Skips without a device.
#include <gtest/gtest.h>

#include "../kernels/graph_layout_test_support.h"
#include "common/error.h"
#include "gpu_test_support.h"

namespace ws::graph_layout {
namespace {

struct Named {
  std::string name;
  graph::Graph g;
};

std::vector<Named> quality_graphs() {
  std::vector<Named> out;
  out.push_back({"tree:8", graph::generate("tree:8", 1)});
  out.push_back({"grid 30x20", test::grid_without_coordinates(30, 20)});
  out.push_back({"er:3000:6", graph::generate("er:3000:6", 2)});
  out.push_back({"kron:11:8", graph::generate("kron:11:8", 3)});
  out.push_back({"karate", graph::load_graph(test::graphs_dir() + "/karate.mtx")});
  out.push_back({"4elt", graph::load_graph(test::graphs_dir() + "/4elt.graph")});
  return out;
}

TEST(LayoutGpu, QualityWithinMarginOfCpu) {
  WS_SKIP_WITHOUT_GPU();
  test::ScopedCacheHome cache;
  for (const Named& c : quality_graphs()) {
    for (uint64_t seed : {1u, 5u}) {
      Params p;
      p.seed = seed;
      const Positions cpu = layout(c.g, p, Backend::Cpu);
      const Positions gpu = layout(c.g, p, Backend::Cuda);
      ASSERT_EQ(gpu.x.size(), size_t(c.g.vertices));
      ASSERT_TRUE(test::all_finite(gpu)) << c.name;
      const double rc = test::edge_length_ratio(c.g, cpu), rg = test::edge_length_ratio(c.g, gpu);
      EXPECT_LT(rg, rc * 1.25 + 0.03) << c.name << " seed " << seed << ": cpu " << rc;
      EXPECT_LT(rg, 0.7) << c.name;
      if (c.g.vertices <= 4000) {
        EXPECT_GT(test::min_pair_distance(gpu), 0.0) << c.name;
      }
    }
  }
}

TEST(LayoutGpu, OptionsAndExactRepulsion) {
  WS_SKIP_WITHOUT_GPU();
  const graph::Graph g = graph::generate("er:1500:5", 4);
  for (int option = 0; option < 4; ++option) {
    Params p;
    p.lin_log = option == 1;
    p.strong_gravity = option == 2;
    p.theta = option == 3 ? 0.0 : 1.2;
    p.iterations = 200;
    auto cpu = Simulation::create(Backend::Cpu, g, p),
         gpu = Simulation::create(Backend::Cuda, g, p);
    cpu->step(200);
    gpu->step(200);
    EXPECT_EQ(gpu->iterations_done(), 200);
    EXPECT_EQ(gpu->backend(), Backend::Cuda);
    ASSERT_TRUE(test::all_finite(gpu->positions())) << "option " << option;
    const double rc = test::edge_length_ratio(g, cpu->positions());
    const double rg = test::edge_length_ratio(g, gpu->positions());
    EXPECT_LT(rg, rc * 1.25 + 0.03) << "option " << option << ": cpu " << rc;
  }
}

// One step from the same start: the GPU (exact, and Barnes-Hut with a small theta over the
// device tree) moves every vertex where the CPU's exact step moves it.
TEST(LayoutGpu, StepMatchesCpuExactStep) {
  WS_SKIP_WITHOUT_GPU();
  for (const char* spec : {"er:2000:5", "kron:10:8"}) {
    const graph::Graph g = graph::generate(spec, 9);
    Params exact;
    exact.theta = 0;
    auto reference = Simulation::create(Backend::Cpu, g, exact);
    const Positions start = reference->positions();
    reference->step(1);
    const Positions want = reference->positions();
    for (double theta : {0.0, 0.25}) {
      Params p;
      p.theta = theta;
      auto gpu = Simulation::create(Backend::Cuda, g, p);
      gpu->step(1);
      const Positions got = gpu->positions();
      double moved = 0, apart = 0;
      for (int32_t v = 0; v < g.vertices; ++v) {
        moved += std::hypot(want.x[v] - start.x[v], want.y[v] - start.y[v]);
        apart += std::hypot(got.x[v] - want.x[v], got.y[v] - want.y[v]);
      }
      ASSERT_GT(moved, 0);
      EXPECT_LT(apart, (theta == 0 ? 0.002 : 0.03) * moved) << spec << " theta " << theta;
    }
  }
}

TEST(LayoutGpu, PinnedVertexStaysAndNeighboursFollow) {
  WS_SKIP_WITHOUT_GPU();
  const graph::Graph g = graph::generate("tree:7", 1);
  auto sim = Simulation::create(Backend::Cuda, g, Params{});
  sim->step(200);
  const int32_t v = 0;  // the root: two children
  const Positions before = sim->positions();
  const float far_x = before.x[v] + 400, far_y = before.y[v] + 250;
  sim->set_position(v, far_x, far_y, /*pin=*/true);
  EXPECT_EQ(sim->positions().x[v], far_x);
  std::vector<double> d0;
  for (int64_t e = g.row_offsets[v]; e < g.row_offsets[v + 1]; ++e)
    d0.push_back(test::distance(sim->positions(), v, g.columns[e]));
  sim->step(100);
  const Positions after = sim->positions();
  EXPECT_EQ(after.x[v], far_x);
  EXPECT_EQ(after.y[v], far_y);
  for (int64_t e = g.row_offsets[v]; e < g.row_offsets[v + 1]; ++e)
    EXPECT_LT(test::distance(after, v, g.columns[e]), 0.5 * d0[size_t(e - g.row_offsets[v])]);
  sim->unpin_all();
  sim->step(50);
  EXPECT_NE(sim->positions().x[v], far_x);
  EXPECT_THROW(sim->set_position(g.vertices, 0, 0, true), Error);
}

TEST(LayoutGpu, OddShapes) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<graph::Graph> graphs;
  graphs.push_back(test::undirected(0, {}));
  graphs.push_back(test::undirected(1, {}));
  graphs.push_back(test::undirected(2, {{0, 1}}));
  graphs.push_back(test::undirected(2, {}));
  graphs.push_back(test::undirected(5, {{0, 1}, {1, 1}, {2, 2}, {3, 4}}, false));
  graphs.push_back(test::undirected(300, {{0, 1}, {1, 2}}));
  graphs.push_back(graph::generate("star:2000", 1));  // one warp walks a 1999-edge row
  for (const graph::Graph& g : graphs)
    for (double theta : {0.0, 1.2}) {
      Params p;
      p.theta = theta;
      p.iterations = 150;
      auto sim = Simulation::create(Backend::Cuda, g, p);
      sim->step(150);
      const Positions out = sim->positions();
      SCOPED_TRACE(std::to_string(g.vertices) + " vertices, theta " + std::to_string(theta));
      ASSERT_EQ(out.x.size(), size_t(g.vertices));
      EXPECT_TRUE(test::all_finite(out));
      if (g.vertices >= 2) {
        EXPECT_GT(test::min_pair_distance(out), 1e-3);
      }
    }
}

// Many vertices at one point: the tree's equal Morton codes are split by position, the vertices
// push apart, nothing overflows.
TEST(LayoutGpu, CoincidentStart) {
  WS_SKIP_WITHOUT_GPU();
  const graph::Graph g = graph::generate("er:5000:4", 1);
  auto sim = Simulation::create(Backend::Cuda, g, Params{});
  for (int32_t v = 0; v < 1000; ++v) sim->set_position(v, 3.0f, -2.0f, false);
  sim->step(60);
  const Positions out = sim->positions();
  ASSERT_TRUE(test::all_finite(out));
  int still = 0;
  for (int32_t v = 0; v < 1000; ++v) still += out.x[v] == 3.0f && out.y[v] == -2.0f;
  EXPECT_LT(still, 2);
}

TEST(LayoutGpu, LargeGraph) {
  WS_SKIP_WITHOUT_GPU();
  const graph::Graph g = graph::generate("er:100000:8", 1);
  Params p;
  auto sim = Simulation::create(Backend::Cuda, g, p);
  sim->step(default_iterations(g, Backend::Cuda));
  const Positions out = sim->positions();
  ASSERT_TRUE(test::all_finite(out));
  EXPECT_LT(test::edge_length_ratio(g, out), 0.8);
}

}  // namespace
}  // namespace ws::graph_layout
