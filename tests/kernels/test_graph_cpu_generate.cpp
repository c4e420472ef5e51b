// The deterministic generators (grid, path, star, tree, pmpp): sizes, symmetry and BFS levels by
// formula; the textbook graph's levels exactly; the spec parser's messages and limits.
#include <gtest/gtest.h>

#include <cstdlib>

#include "graph/graph.h"
#include "graph_generate_test_support.h"

namespace ws::graph {
namespace {

using test::error_of;

TEST(GraphGenerate, GridCountsCoordinatesAndLevelsByFormula) {
  for (auto [w, h] : {std::pair{1, 1}, {1, 7}, {7, 1}, {2, 2}, {5, 3}, {17, 33}, {64, 65}}) {
    const std::string spec = "grid:" + std::to_string(w) + "x" + std::to_string(h);
    SCOPED_TRACE(spec);
    const Graph g = generate(spec, 1);
    EXPECT_EQ(g.name, spec);
    ASSERT_EQ(g.vertices, w * h);
    EXPECT_EQ(g.edges(), 2 * (int64_t(w - 1) * h + int64_t(h - 1) * w));
    test::expect_sorted_csr(g);
    test::expect_simple(g);
    test::expect_symmetric(g);
    ASSERT_TRUE(g.has_coordinates());
    ASSERT_EQ(g.y.size(), size_t(w * h));
    // From the corner (0, 0) vertex (x, y) is x + y hops away; from the opposite corner
    // (W-1-x) + (H-1-y); the diameter is W + H - 2.
    const auto from_origin = bfs_reference(g, 0);
    const auto from_far = bfs_reference(g, w * h - 1);
    int32_t deepest = 0;
    for (int32_t v = 0; v < g.vertices; ++v) {
      const int32_t x = int32_t(g.x[v]), y = int32_t(g.y[v]);
      ASSERT_EQ(float(x), g.x[v]);
      ASSERT_EQ(v, y * w + x);  // x is the column, y the row
      ASSERT_EQ(from_origin[v], x + y);
      ASSERT_EQ(from_far[v], (w - 1 - x) + (h - 1 - y));
      deepest = std::max(deepest, from_origin[v]);
      EXPECT_EQ(g.degree(v), (x > 0) + (x + 1 < w) + (y > 0) + (y + 1 < h));
    }
    EXPECT_EQ(deepest, w + h - 2);
  }
}

TEST(GraphGenerate, PathStarAndTreeLevelsByFormula) {
  for (int32_t n : {1, 2, 3, 10, 1001}) {
    const Graph path = generate("path:" + std::to_string(n));
    ASSERT_EQ(path.vertices, n);
    EXPECT_EQ(path.edges(), 2 * int64_t(n - 1));
    test::expect_sorted_csr(path);
    test::expect_simple(path);
    test::expect_symmetric(path);
    const auto from_start = bfs_reference(path, 0), from_middle = bfs_reference(path, n / 2);
    for (int32_t v = 0; v < n; ++v) {
      ASSERT_EQ(from_start[v], v);
      ASSERT_EQ(from_middle[v], std::abs(v - n / 2));
    }

    const Graph star = generate("star:" + std::to_string(n));
    ASSERT_EQ(star.vertices, n);
    EXPECT_EQ(star.edges(), 2 * int64_t(n - 1));
    EXPECT_EQ(star.degree(0), n - 1);
    test::expect_sorted_csr(star);
    test::expect_simple(star);
    test::expect_symmetric(star);
    const auto from_centre = bfs_reference(star, 0), from_leaf = bfs_reference(star, n - 1);
    for (int32_t v = 0; v < n; ++v) {
      ASSERT_EQ(from_centre[v], v == 0 ? 0 : 1);
      ASSERT_EQ(from_leaf[v], v == n - 1 ? 0 : v == 0 ? 1 : 2);
    }
  }
  for (int32_t depth : {0, 1, 2, 5, 12}) {
    const Graph tree = generate("tree:" + std::to_string(depth));
    const int32_t n = (1 << (depth + 1)) - 1;
    ASSERT_EQ(tree.vertices, n);
    EXPECT_EQ(tree.edges(), 2 * int64_t(n - 1));
    test::expect_sorted_csr(tree);
    test::expect_simple(tree);
    test::expect_symmetric(tree);
    const auto level = bfs_reference(tree, 0);
    std::vector<int32_t> per_level(size_t(depth) + 1, 0);
    for (int32_t v = 0; v < n; ++v) {
      int32_t floor_log2 = 0;
      while ((int64_t{2} << floor_log2) <= int64_t(v) + 1) ++floor_log2;
      ASSERT_EQ(level[v], floor_log2) << "vertex " << v;
      ++per_level[level[v]];
    }
    for (int32_t d = 0; d <= depth; ++d) EXPECT_EQ(per_level[d], 1 << d);  // complete
  }
}

TEST(GraphGenerate, PmppLevelsAreTheTextbooks) {
  const Graph g = generate("pmpp");
  ASSERT_EQ(g.vertices, 9);
  EXPECT_FALSE(g.symmetric);  // the book's graph is directed
  test::expect_sorted_csr(g);
  test::expect_simple(g);
  const auto level = bfs_reference(g, 0);
  const std::vector<int32_t> want = {0, 1, 1, 2, 2, 2, 2, 2, 3};  // {1,2}, {3,4,5,6,7}, {8}
  EXPECT_EQ(level, want);
  EXPECT_EQ(test::sweep_levels(g, 0), want);
  EXPECT_EQ(g.degree(8), 0);  // 8 is a sink: from 8 nothing else is reached
  const auto from_sink = bfs_reference(g, 8);
  for (int32_t v = 0; v < 8; ++v) EXPECT_EQ(from_sink[v], -1);
}

TEST(GraphGenerate, SeedDoesNotChangeDeterministicFamilies) {
  for (const char* spec : {"grid:9x4", "path:12", "star:6", "tree:3", "pmpp"}) {
    const Graph a = generate(spec, 1), b = generate(spec, 99);
    EXPECT_EQ(a.row_offsets, b.row_offsets) << spec;
    EXPECT_EQ(a.columns, b.columns) << spec;
  }
}

TEST(GraphGenerate, BadSpecsGetMessagesNamingTheAcceptedSpecs) {
  struct Case {
    const char* spec;
    const char* says;
  };
  for (const Case& c :
       {Case{"kron:40:16", "SCALE must be 1..26"}, Case{"kron:0:16", "SCALE must be 1..26"},
        Case{"kron:26:32", "EF*2^SCALE must be at most"}, Case{"kron:10", "expected kron:SCALE:EF"},
        Case{"kron:10:-1", "EF must be 1..1024, got '-1'"}, Case{"grid:10", "expected grid:WxH"},
        Case{"grid:0x5", "W must be 1.."}, Case{"grid:65536x65536", "W*H must be at most"},
        Case{"grid:3x4x5", "expected grid:WxH"}, Case{"er:10:10", "D must be at most N-1 = 9"},
        Case{"er:10:abc", "D must be a non-negative number"},
        Case{"er:100000000:100", "N*D must be at most"}, Case{"path:0", "N must be 1.."},
        Case{"path:99999999999999999999", "N must be 1.."}, Case{"star: 5", "N must be 1.."},
        Case{"tree:30", "DEPTH must be 0..29"}, Case{"pmpp:1", "pmpp with no arguments"},
        Case{"", "unknown generator ''"}, Case{"hypercube:4", "unknown generator 'hypercube'"}}) {
    const std::string message = test::error_of([&] { generate(c.spec); });
    EXPECT_NE(message.find(std::string("graph spec '") + c.spec + "'"), std::string::npos)
        << message;
    EXPECT_NE(message.find(c.says), std::string::npos) << message;
    EXPECT_NE(message.find("accepted specs: grid:WxH, er:N:D, kron:SCALE:EF"), std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace ws::graph
