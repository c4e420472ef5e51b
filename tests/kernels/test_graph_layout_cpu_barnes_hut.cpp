// Barnes-Hut against the exact sum: the quadtree's repulsion on every vertex against a
// brute-force k_r m_u m_v / d written here, on random positions (uniform, clustered, with
// coincident points); a small theta is nearly exact, the default theta within a few percent;
// and one simulation step with a small theta lands where the exact step lands.
#include <gtest/gtest.h>

#include <random>

#include "graph_layout/graph_layout_quadtree.h"
#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

struct Bodies {
  std::vector<double> x, y;
  std::vector<float> mass;
};

Bodies random_bodies(int32_t n, uint64_t seed, bool clustered) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  Bodies b;
  for (int32_t i = 0; i < n; ++i) {
    double x = unit(rng) * 1000, y = unit(rng) * 1000;
    if (clustered && i % 3 != 0) {  // most bodies in a few tight clusters
      const int c = i % 5;
      x = 200 * c + unit(rng) * 5;
      y = 150 * c + unit(rng) * 5;
    }
    b.x.push_back(x);
    b.y.push_back(y);
    b.mass.push_back(float(1 + rng() % 20));
  }
  if (n > 10) {  // two coincident pairs
    b.x[7] = b.x[3];
    b.y[7] = b.y[3];
    b.x[9] = b.x[8];
    b.y[9] = b.y[8];
  }
  return b;
}

// The exact repulsion on i, written independently of the library (coincident pairs skipped).
void brute_force(const Bodies& b, int32_t i, double k_r, double& fx, double& fy) {
  fx = fy = 0;
  for (size_t j = 0; j < b.x.size(); ++j) {
    if (int32_t(j) == i) continue;
    const double dx = b.x[i] - b.x[j], dy = b.y[i] - b.y[j];
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d == 0) continue;
    const double magnitude = k_r * b.mass[i] * b.mass[j] / d;
    fx += magnitude * dx / d;
    fy += magnitude * dy / d;
  }
}

// Median and maximum of |F_tree - F_exact| / |F_exact| over the vertices without a coincident
// partner.
std::pair<double, double> tree_error(const Bodies& b, double theta) {
  detail::QuadTree tree;
  const int32_t n = int32_t(b.x.size());
  tree.build(b.x.data(), b.y.data(), b.mass.data(), n);
  std::vector<double> errors;
  for (int32_t i = 0; i < n; ++i) {
    if (i == 3 || i == 7 || i == 8 || i == 9) continue;
    double ex, ey, tx = 0, ty = 0;
    brute_force(b, i, 2.0, ex, ey);
    tree.add_repulsion(i, b.x[i], b.y[i], b.mass[i], 2.0, theta, tx, ty);
    errors.push_back(std::hypot(tx - ex, ty - ey) / std::hypot(ex, ey));
  }
  std::sort(errors.begin(), errors.end());
  return {errors[errors.size() / 2], errors.back()};
}

TEST(LayoutBarnesHut, CloseToExact) {
  for (bool clustered : {false, true})
    for (uint64_t seed : {1u, 2u, 3u}) {
      const Bodies b = random_bodies(1500, seed, clustered);
      const auto tiny = tree_error(b, 1e-3);
      EXPECT_LT(tiny.second, 1e-6) << "theta ~0 opens every cell (differences: summation order)";
      const auto small = tree_error(b, 0.3);
      EXPECT_LT(small.first, 0.003) << "seed " << seed << " clustered " << clustered;
      EXPECT_LT(small.second, 0.05);
      const auto fast = tree_error(b, 1.2);
      EXPECT_LT(fast.first, 0.05) << "seed " << seed << " clustered " << clustered;
      EXPECT_GT(fast.first, small.first) << "a wider angle approximates more";
    }
}

TEST(LayoutBarnesHut, CoincidentVerticesPushApart) {
  Bodies b;
  b.x = {5, 5, 5, 40};
  b.y = {5, 5, 5, 9};
  b.mass = {1, 2, 3, 1};
  detail::QuadTree tree;
  tree.build(b.x.data(), b.y.data(), b.mass.data(), 4);
  double f0x = 0, f0y = 0, f2x = 0, f2y = 0;
  tree.add_repulsion(0, 5, 5, 1, 2.0, 1.2, f0x, f0y);
  tree.add_repulsion(2, 5, 5, 3, 2.0, 1.2, f2x, f2y);
  EXPECT_TRUE(std::isfinite(f0x) && std::isfinite(f0y));
  EXPECT_LT(f0x, 0);  // the lowest id to the left, the highest to the right
  EXPECT_GT(f2x, 0);
}

// A whole step: theta 0.2 and theta 0 (exact, O(n^2)) from the same start land close together.
TEST(LayoutBarnesHut, StepMatchesExactStep) {
  const graph::Graph g = graph::generate("er:800:5", 3);
  Params exact, tree;
  exact.theta = 0;
  tree.theta = 0.2;
  auto a = Simulation::create(Backend::Cpu, g, exact);
  auto b = Simulation::create(Backend::Cpu, g, tree);
  const Positions start = a->positions();
  a->step(1);
  b->step(1);
  const Positions pa = a->positions(), pb = b->positions();
  double moved = 0, apart = 0;
  for (int32_t v = 0; v < g.vertices; ++v) {
    moved += std::hypot(pa.x[v] - start.x[v], pa.y[v] - start.y[v]);
    apart += std::hypot(pa.x[v] - pb.x[v], pa.y[v] - pb.y[v]);
  }
  EXPECT_GT(moved, 0);
  EXPECT_LT(apart, 0.02 * moved);
}

}  // namespace
}  // namespace ws::graph_layout
