// The load options (symmetrize, self-loops, duplicates, renumbering) against a brute-force
// reference on seeded random edge lists; coordinates in every accepted layout; validate().
#include <map>
#include <set>

#include "common/split_mix.h"
#include "graph_load_test_support.h"

namespace ws::graph {
namespace {

using test::edge_set;
using test::EdgeSet;
using test::error_of;

// The edges a loader must produce from (u, v, w) lines with the given options, by original id:
// brute force over std::map / std::set, independent of build_csr.
EdgeSet reference(const std::vector<std::tuple<int64_t, int64_t, float>>& lines,
                  const LoadOptions& o) {
  std::vector<std::tuple<int64_t, int64_t, float>> all;
  for (auto [u, v, w] : lines) {
    if (o.remove_self_loops && u == v) continue;
    all.emplace_back(u, v, w);
  }
  if (o.symmetrize)
    for (auto [u, v, w] : std::vector(all))
      if (u != v) all.emplace_back(v, u, w);
  EdgeSet out;
  std::set<std::pair<int64_t, int64_t>> seen;
  for (auto [u, v, w] : all) {
    if (o.remove_duplicates && !seen.insert({u, v}).second) continue;
    out.emplace_back(u, v, w);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(GraphLoadOptions, EveryOptionCombinationMatchesTheReference) {
  for (uint64_t seed : {1u, 2u, 3u, 17u}) {
    SplitMix64 rng{seed};
    // Sparse, large ids (the hash renumbering) on odd seeds; dense small ids on even ones.
    const bool sparse = seed % 2;
    const int lines = 1 + int(rng.next() % 300);
    std::vector<int64_t> pool;
    for (int i = 0; i < 1 + int(rng.next() % 40); ++i)
      pool.push_back(sparse ? int64_t(rng.next() >> 12) : int64_t(rng.next() % 50));
    std::vector<std::tuple<int64_t, int64_t, float>> edges;
    std::string text = "# seeded\n";
    for (int i = 0; i < lines; ++i) {
      const int64_t u = pool[rng.next() % pool.size()], v = pool[rng.next() % pool.size()];
      const float w = float(rng.next() % 1000) / 8;  // exact in float and in text
      edges.emplace_back(u, v, w);
      text += std::to_string(u) + (i % 2 ? "\t" : " ") + std::to_string(v) + " " +
              std::to_string(w) + "\n";
    }
    for (int mask = 0; mask < 8; ++mask) {
      LoadOptions o;
      o.symmetrize = mask & 1;
      o.remove_self_loops = mask & 2;
      o.remove_duplicates = mask & 4;
      SCOPED_TRACE("seed " + std::to_string(seed) + " mask " + std::to_string(mask));
      Graph g = parse_graph(text, "r.txt", o);
      validate(g);
      EXPECT_EQ(edge_set(g, true), reference(edges, o));
      EXPECT_EQ(g.symmetric, o.symmetrize);
      // Renumbered ids are 0..n-1 in order of first appearance.
      std::vector<int64_t> order;
      std::set<int64_t> met;
      for (auto [u, v, w] : edges)
        for (int64_t id : {u, v})
          if (met.insert(id).second) order.push_back(id);
      if (g.original_ids.empty()) {
        for (size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], int64_t(i));
      } else {
        EXPECT_EQ(g.original_ids, order);
      }
      if (!sparse) {
        // Without renumbering the file's ids are the vertex ids, up to the largest.
        o.renumber = false;
        Graph k = parse_graph(text, "r.txt", o);
        EXPECT_EQ(k.vertices, *std::max_element(order.begin(), order.end()) + 1);
        EXPECT_TRUE(k.original_ids.empty());
        EXPECT_EQ(edge_set(k), reference(edges, o));
      }
    }
  }
}

TEST(GraphLoadOptions, DeclaredCountFormatsKeepTheirIdsAndIsolatedVertices) {
  LoadOptions o;
  o.renumber = true;
  Graph g =
      parse_graph("%%MatrixMarket matrix coordinate pattern general\n6 6 1\n6 4\n", "d.mtx", o);
  EXPECT_EQ(g.vertices, 6);
  EXPECT_TRUE(g.original_ids.empty());
  EXPECT_EQ(edge_set(g), (EdgeSet{{5, 3, 0.f}}));
}

TEST(GraphLoadOptions, SelfLoopsAndDuplicatesInDeclaredFormats) {
  const std::string text = "p sp 3 4\na 1 1 5\na 1 2 6\na 1 2 7\na 2 3 8\n";
  LoadOptions keep;
  keep.remove_self_loops = false;
  keep.remove_duplicates = false;
  EXPECT_EQ(edge_set(parse_graph(text, "d.gr", keep)),
            (EdgeSet{{0, 0, 5.f}, {0, 1, 6.f}, {0, 1, 7.f}, {1, 2, 8.f}}));
  // The first of several duplicates is kept, with its weight.
  EXPECT_EQ(edge_set(parse_graph(text, "d.gr", {})), (EdgeSet{{0, 1, 6.f}, {1, 2, 8.f}}));
  LoadOptions sym;
  sym.symmetrize = true;
  Graph s = parse_graph(text, "d.gr", sym);
  EXPECT_TRUE(s.symmetric);
  EXPECT_EQ(edge_set(s), (EdgeSet{{0, 1, 6.f}, {1, 0, 6.f}, {1, 2, 8.f}, {2, 1, 8.f}}));
  validate(s);
}

TEST(GraphLoadOptions, CoordinatesXyPerLine) {
  test::TempDir dir;
  LoadOptions o;
  o.coordinates = dir.write("c.xy", "# x y\n0.5 1\n-2 3e2\n4\t-5.25\n");
  Graph g =
      parse_graph("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n", "g.mtx", o);
  EXPECT_EQ(g.x, (std::vector<float>{0.5f, -2.f, 4.f}));
  EXPECT_EQ(g.y, (std::vector<float>{1.f, 300.f, -5.25f}));
  EXPECT_TRUE(g.has_coordinates());
  validate(g);
}

TEST(GraphLoadOptions, CoordinatesOnePerLineAndMatrixMarketArray) {
  test::TempDir dir;
  const std::string mtx = "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n";
  LoadOptions o;
  o.coordinates = dir.write("col.txt", "1\n2\n3\n10\n20\n30\n");
  Graph a = parse_graph(mtx, "g.mtx", o);
  EXPECT_EQ(a.x, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(a.y, (std::vector<float>{10, 20, 30}));
  o.coordinates = dir.write(
      "arr.mtx", "%%MatrixMarket matrix array real general\n% c\n3 2\n1\n2\n3\n10\n20\n30\n");
  Graph b = parse_graph(mtx, "g.mtx", o);
  EXPECT_EQ(b.x, a.x);
  EXPECT_EQ(b.y, a.y);
}

TEST(GraphLoadOptions, CoordinatesFollowRenumberedOneBasedIds) {
  // Ids 1..3 first seen in the order 3, 1, 2: entry k belongs to file id k + 1.
  test::TempDir dir;
  LoadOptions o;
  o.coordinates = dir.write("c.txt", "1 10\n2 20\n3 30\n");
  Graph g = parse_graph("3 1\n1 2\n", "e.txt", o);
  ASSERT_EQ(g.original_ids, (std::vector<int64_t>{3, 1, 2}));
  EXPECT_EQ(g.x, (std::vector<float>{3, 1, 2}));
  EXPECT_EQ(g.y, (std::vector<float>{30, 10, 20}));
  // 0-based ids: entry k belongs to file id k; entries past the largest id are allowed.
  o.coordinates = dir.write("d.txt", "0 0\n1 10\n2 20\n3 30\n4 40\n");
  Graph h = parse_graph("2 0\n0 3\n", "f.txt", o);
  ASSERT_EQ(h.original_ids, (std::vector<int64_t>{2, 0, 3}));
  EXPECT_EQ(h.x, (std::vector<float>{2, 0, 3}));
}

TEST(GraphLoadOptions, DimacsCoordinatesFoundBesideTheGr) {
  test::TempDir dir;
  const std::string gr = dir.write("road.gr", "c r\np sp 3 2\na 1 2 4\na 2 3 5\n");
  dir.write("road.co", "c coords\np aux sp co 3\nv 2 200 -20\nv 1 100 -10\nv 3 300 -30\n");
  Graph g = load_graph(gr);
  EXPECT_EQ(g.name, "road.gr");
  EXPECT_EQ(g.x, (std::vector<float>{100, 200, 300}));
  EXPECT_EQ(g.y, (std::vector<float>{-10, -20, -30}));
  // Without the .co: no coordinates.
  const std::string bare = dir.write("bare.gr", "p sp 2 1\na 1 2 1\n");
  EXPECT_FALSE(load_graph(bare).has_coordinates());
  // A .co missing a vertex names it.
  const std::string gr2 = dir.write("short.gr", "p sp 3 0\n");
  const std::string co2 = dir.write("short.co", "p aux sp co 3\nv 1 0 0\nv 3 0 0\n");
  const std::string msg = error_of([&] { load_graph(gr2); });
  EXPECT_NE(msg.find(co2 + ", line 3:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("without vertex 2"), std::string::npos) << msg;
}

TEST(GraphLoadOptions, CoordinateErrorsNameTheFileAndLine) {
  test::TempDir dir;
  const std::string mtx = "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n";
  auto expect = [&](const std::string& file, const std::string& text, const std::string& where,
                    const std::string& word) {
    LoadOptions o;
    o.coordinates = dir.write(file, text);
    const std::string msg = error_of([&] { parse_graph(mtx, "g.mtx", o); });
    EXPECT_NE(msg.find(o.coordinates + where), std::string::npos) << msg;
    EXPECT_NE(msg.find(word), std::string::npos) << msg;
  };
  expect("few.txt", "1 2\n3 4\n", ":", "coordinates for 2 vertices; expected 3");
  expect("many.txt", "1 2\n3 4\n5 6\n7 8\n", ":", "coordinates for 4 vertices; expected 3");
  expect("bad.txt", "1 2\n3 x\n5 6\n", ", line 2:", "'x'");
  expect("mix.txt", "1 2\n3\n", ", line 2:", "'x y'");
  expect("odd.txt", "1\n2\n3\n", ", line 3:", "even count");
  expect("empty.txt", "", ", line 1:", "empty");
  expect("bin.txt", std::string("1 2\n\0\0", 6), ", line 2:", "binary");
  LoadOptions o;
  o.coordinates = (dir.path / "absent.txt").string();
  const std::string msg = error_of([&] { parse_graph(mtx, "g.mtx", o); });
  EXPECT_NE(msg.find("absent.txt"), std::string::npos) << msg;
}

Graph small_valid() {
  return parse_graph("%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n2 1 1\n3 2 2\n",
                     "v.mtx", {});
}

TEST(GraphValidate, AcceptsLoadedGraphs) {
  Graph g = small_valid();
  EXPECT_NO_THROW(validate(g));
  Graph empty;
  empty.row_offsets = {0};
  EXPECT_NO_THROW(validate(empty));
}

TEST(GraphValidate, NamesEachBrokenInvariant) {
  auto expect = [](Graph g, const std::string& word) {
    const std::string msg = error_of([&] { validate(g); });
    EXPECT_NE(msg.find(word), std::string::npos) << msg;
    EXPECT_NE(msg.find("v.mtx"), std::string::npos) << msg;
  };
  Graph g = small_valid();  // rows {1}, {0, 2}, {1}
  {
    Graph b = g;
    b.row_offsets.pop_back();
    expect(b, "row_offsets has 3 entries");
  }
  {
    Graph b = g;
    b.row_offsets[0] = 1;
    expect(b, "row_offsets[0]");
  }
  {
    Graph b = g;
    b.row_offsets[1] = 3, b.row_offsets[2] = 2;
    expect(b, "decreases at vertex 1");
  }
  {
    Graph b = g;
    b.columns.push_back(0);
    expect(b, "but there are 5 columns");
  }
  {
    Graph b = g;
    b.columns[2] = 3;
    expect(b, "column 2 is 3");
  }
  {
    Graph b = g;
    b.columns[1] = -1;
    expect(b, "column 1 is -1");
  }
  {
    Graph b = g;
    b.weights.pop_back();
    expect(b, "3 weights for 4 edges");
  }
  {
    Graph b = g;
    b.original_ids = {7, 8};
    expect(b, "2 original ids for 3 vertices");
  }
  {
    Graph b = g;
    b.x = {1, 2, 3};
    expect(b, "3 x and 0 y");
  }
  {
    Graph b = g;
    b.columns[3] = 0;  // 2 -> 0 without 0 -> 2
    expect(b, "edge 2 -> 0 has no 0 -> 2");
  }
  {
    Graph b = g;
    b.columns[3] = 0;
    b.symmetric = false;  // the same edges, no longer claimed undirected: valid
    EXPECT_NO_THROW(validate(b));
  }
}

}  // namespace
}  // namespace ws::graph
