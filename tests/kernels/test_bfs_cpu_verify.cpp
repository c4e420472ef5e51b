// verify() catches each kind of corrupted result with its own message; validate(Params) names
// what is wrong and what is accepted; traversed_edges counts Graph500's input edges of the
// traversed component for symmetric and directed graphs; transpose reverses every edge.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "bfs/bfs.h"
#include "bfs_cpu_test_support.h"
#include "common/error.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"

namespace ws::bfs {
namespace {

struct Good {
  Graph g;
  int32_t source;
  Result r;
};

Good good_result(const Graph& g, int32_t source) {
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  Params p;
  p.source = source;
  Good out{g, source, engine->run(p)};
  EXPECT_EQ(verify(g, source, out.r.level, out.r.parent), "");
  return out;
}

bool has_edge(const Graph& g, int32_t u, int32_t v) {
  for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
    if (g.columns[size_t(e)] == v) return true;
  return false;
}

void expect_words(const std::string& msg, std::vector<std::string> words) {
  EXPECT_FALSE(msg.empty()) << "verify() passed a corrupted result";
  for (const auto& w : words) EXPECT_NE(msg.find(w), std::string::npos) << w << " in: " << msg;
}

// The vertex of largest degree (a source inside the big component).
int32_t hub(const Graph& g) {
  int32_t h = 0;
  for (int32_t v = 0; v < g.vertices; ++v)
    if (g.degree(v) > g.degree(h)) h = v;
  return h;
}

Good good_from_hub(const Graph& g) {
  return good_result(g, hub(g));
}

// A vertex at the deepest level (no vertex has it as its parent).
int32_t deepest_vertex(const Result& r) {
  return int32_t(std::max_element(r.level.begin(), r.level.end()) - r.level.begin());
}

class BfsCpuVerify : public ::testing::TestWithParam<uint64_t> {};

TEST_P(BfsCpuVerify, ParentAtTheWrongLevel) {
  // A vertex at level L >= 2 given an adjacent parent at level L (a sibling).
  Good k = good_from_hub(graph::generate("er:300:4", GetParam()));
  int found = 0;
  for (int32_t v = 0; v < k.g.vertices && found < 2; ++v) {
    const int32_t l = k.r.level[size_t(v)];
    if (l < 2) continue;
    for (int32_t u = 0; u < k.g.vertices; ++u)
      if (has_edge(k.g, u, v) && k.r.level[size_t(u)] == l) {
        std::vector<int32_t> parent = k.r.parent;
        parent[size_t(v)] = u;
        expect_words(verify(k.g, k.source, k.r.level, parent),
                     {"vertex " + std::to_string(v), "parent " + std::to_string(u),
                      "is at level " + std::to_string(l), "not " + std::to_string(l) + " - 1"});
        ++found;
        break;
      }
  }
  EXPECT_EQ(found, 2);
}

TEST_P(BfsCpuVerify, ParentNotAdjacent) {
  Good k = good_from_hub(graph::generate("er:300:4", GetParam()));
  // v at level L >= 2 given a parent at level L - 1 without the edge.
  for (int32_t v = 0; v < k.g.vertices; ++v) {
    const int32_t l = k.r.level[size_t(v)];
    if (l < 2) continue;
    for (int32_t u = 0; u < k.g.vertices; ++u)
      if (k.r.level[size_t(u)] == l - 1 && !has_edge(k.g, u, v)) {
        std::vector<int32_t> parent = k.r.parent;
        parent[size_t(v)] = u;
        expect_words(verify(k.g, k.source, k.r.level, parent),
                     {"vertex " + std::to_string(v), "not adjacent",
                      std::to_string(u) + " -> " + std::to_string(v)});
        return;
      }
  }
  ADD_FAILURE() << "no corruption tried";
}

TEST_P(BfsCpuVerify, WrongLevelWithAConsistentParent) {
  // A leaf of the BFS tree moved one level down with a parent of its own level: the tree looks
  // right, but its real parent's edge now skips a level.
  Good k = good_from_hub(graph::generate("er:300:4", GetParam()));
  std::vector<char> has_child(size_t(k.g.vertices), 0);
  for (int32_t v = 0; v < k.g.vertices; ++v)
    if (k.r.parent[size_t(v)] >= 0 && k.r.parent[size_t(v)] != v)
      has_child[size_t(k.r.parent[size_t(v)])] = 1;
  for (int32_t v = 0; v < k.g.vertices; ++v) {
    const int32_t l = k.r.level[size_t(v)];
    if (l < 1 || has_child[size_t(v)]) continue;
    for (int32_t u = 0; u < k.g.vertices; ++u)
      if (u != v && k.r.level[size_t(u)] == l && has_edge(k.g, u, v)) {
        std::vector<int32_t> level = k.r.level, parent = k.r.parent;
        level[size_t(v)] = l + 1;
        parent[size_t(v)] = u;
        expect_words(verify(k.g, k.source, level, parent),
                     {"joins level " + std::to_string(l - 1) + " to level " + std::to_string(l + 1),
                      "-> " + std::to_string(v)});
        return;
      }
  }
  ADD_FAILURE() << "no leaf with a neighbour on its level for seed " << GetParam();
}

TEST_P(BfsCpuVerify, WrongLevelAgainstItsParent) {
  Good k = good_from_hub(graph::generate("er:200:3", GetParam()));
  const int32_t v = deepest_vertex(k.r);
  std::vector<int32_t> level = k.r.level;
  level[size_t(v)] += 1;
  const int32_t p = k.r.parent[size_t(v)];
  expect_words(verify(k.g, k.source, level, k.r.parent),
               {"vertex " + std::to_string(v) + ": parent " + std::to_string(p),
                "is at level " + std::to_string(k.r.level[size_t(p)]),
                "not " + std::to_string(level[size_t(v)]) + " - 1"});
}

TEST_P(BfsCpuVerify, MissingReachedVertex) {
  Good k = good_from_hub(graph::generate("kron:8:8", GetParam()));
  const int32_t v = deepest_vertex(k.r);
  std::vector<int32_t> level = k.r.level, parent = k.r.parent;
  level[size_t(v)] = -1;
  parent[size_t(v)] = -1;
  expect_words(verify(k.g, k.source, level, parent),
               {"for unreached vertex " + std::to_string(v), "missed"});
}

TEST(BfsCpuVerifyFixed, UnreachedVertexWithAParent) {
  Good k = good_result(test::disconnected(), 0);  // 10.. are not reachable from 0
  std::vector<int32_t> parent = k.r.parent;
  parent[12] = 10;
  expect_words(verify(k.g, 0, k.r.level, parent),
               {"vertex 12 is unreached", "has parent 10", "parent -1"});
}

TEST(BfsCpuVerifyFixed, ReachedVertexWithoutAParentOrUnreachedParent) {
  Good k = good_result(graph::generate("path:6"), 0);
  std::vector<int32_t> parent = k.r.parent;
  parent[3] = -1;
  expect_words(verify(k.g, 0, k.r.level, parent), {"vertex 3 is reached (level 3)", "parent -1"});
  parent[3] = 77;
  expect_words(verify(k.g, 0, k.r.level, parent), {"vertex 3", "parent 77 is not a vertex"});
  Good d = good_result(test::disconnected(), 0);
  parent = d.r.parent;
  parent[5] = 12;  // an unreached vertex as parent
  expect_words(verify(d.g, 0, d.r.level, parent), {"vertex 5: parent 12 is unreached"});
}

TEST(BfsCpuVerifyFixed, SourceAndSizes) {
  Good k = good_result(graph::generate("star:9"), 2);
  std::vector<int32_t> level = k.r.level, parent = k.r.parent;
  parent[2] = 0;
  expect_words(verify(k.g, 2, level, parent), {"source 2 has parent 0, not itself"});
  level[2] = 1;
  expect_words(verify(k.g, 2, level, k.r.parent), {"source 2 has level 1, not 0"});
  expect_words(verify(k.g, 9, k.r.level, k.r.parent), {"source 9 is not a vertex"});
  level = k.r.level;
  level.pop_back();
  expect_words(verify(k.g, 2, level, k.r.parent), {"8 levels", "9 parents", "9 vertices"});
  level = k.r.level;
  level[4] = -5;
  expect_words(verify(k.g, 2, level, k.r.parent), {"vertex 4 has level -5"});
}

TEST(BfsCpuVerifyFixed, AResultForAnotherSourceFails) {
  Good k = good_result(graph::generate("grid:6x6"), 0);
  EXPECT_NE(verify(k.g, 35, k.r.level, k.r.parent), "");
}

INSTANTIATE_TEST_SUITE_P(Seeds, BfsCpuVerify, ::testing::Values(1, 2, 3));

// ---- validate(Params)

std::string message_of(const Params& p, const Graph& g) {
  try {
    validate(p, g);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(BfsCpuValidate, MessagesNameTheValueAndWhatIsAccepted) {
  Graph g = graph::generate("path:10");
  g.name = "path:10";
  Params p;
  EXPECT_EQ(message_of(p, g), "");
  p.source = 10;
  expect_words(message_of(p, g), {"source 10", "path:10", "0..9"});
  p.source = -1;
  expect_words(message_of(p, g), {"source -1", "0..9"});
  p = Params();
  for (double alpha : {0.0, -2.0, std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN()}) {
    p.alpha = alpha;
    expect_words(message_of(p, g), {"alpha", "finite number > 0"});
  }
  p = Params();
  p.alpha = 0.5;  // any positive alpha is fine
  EXPECT_EQ(message_of(p, g), "");
  p.beta = 0;
  expect_words(message_of(p, g), {"beta 0", "finite number > 0"});
  p = Params();
  for (int block_dim : {48, 0, 16, 1056, 2048}) {
    p.block_dim = block_dim;
    expect_words(message_of(p, g),
                 {"block_dim " + std::to_string(block_dim), "multiple of 32", "32 to 1024"});
  }
  p = Params();
  p.variant = Variant(9);
  expect_words(message_of(p, g), {"variant 9", "1..7"});
  expect_words(message_of(Params(), Graph()), {"no vertices"});
}

// ---- traversed_edges

TEST(BfsCpuTraversedEdges, SymmetricGraphsCountEachInputEdgeOnce) {
  const Graph karate = graph::load_graph(test::sample_path("karate.mtx"));
  EXPECT_EQ(traversed_edges(karate, graph::bfs_reference(karate, 0)), 78);  // 78 in the file
  // disconnected(): path of 9 edges; star of 9; triangle of 3 + a doubled edge + a self-loop.
  const Graph d = test::disconnected();
  EXPECT_EQ(traversed_edges(d, graph::bfs_reference(d, 4)), 9);
  EXPECT_EQ(traversed_edges(d, graph::bfs_reference(d, 15)), 9);
  EXPECT_EQ(traversed_edges(d, graph::bfs_reference(d, 22)), 5);
  EXPECT_EQ(traversed_edges(d, graph::bfs_reference(d, 25)), 0);
}

TEST(BfsCpuTraversedEdges, DirectedGraphsCountTheReachedVerticesOutEdges) {
  for (uint64_t seed : {1, 2, 3}) {
    const Graph g = test::random_directed(80, 120, seed);
    for (int32_t s : {0, 40}) {
      const std::vector<int32_t> level = graph::bfs_reference(g, s);
      int64_t want = 0;  // input tuples (u, v) with u reached (then v is reached too)
      for (int32_t u = 0; u < g.vertices; ++u)
        if (level[size_t(u)] >= 0) want += g.degree(u);
      EXPECT_EQ(traversed_edges(g, level), want) << seed << " " << s;
    }
  }
  const Graph pmpp = graph::generate("pmpp");
  EXPECT_EQ(traversed_edges(pmpp, graph::bfs_reference(pmpp, 0)), pmpp.edges());
}

// ---- transpose

TEST(BfsCpuTranspose, ReversesEveryEdgeWithSortedRows) {
  for (uint64_t seed : {1, 2, 3}) {
    Graph g = test::random_directed(60, 200, seed);
    g.weights.resize(size_t(g.edges()));
    for (size_t e = 0; e < g.weights.size(); ++e) g.weights[e] = float(e);
    const Graph t = transpose(g);
    graph::validate(t);
    EXPECT_FALSE(t.symmetric);
    std::vector<std::tuple<int32_t, int32_t, float>> forward, backward;
    for (int32_t u = 0; u < g.vertices; ++u)
      for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
        forward.emplace_back(g.columns[size_t(e)], u, g.weights[size_t(e)]);
    for (int32_t v = 0; v < t.vertices; ++v) {
      const auto b = t.columns.begin() + t.row_offsets[size_t(v)],
                 e = t.columns.begin() + t.row_offsets[size_t(v) + 1];
      EXPECT_TRUE(std::is_sorted(b, e)) << v;
      for (int64_t k = t.row_offsets[size_t(v)]; k < t.row_offsets[size_t(v) + 1]; ++k)
        backward.emplace_back(v, t.columns[size_t(k)], t.weights[size_t(k)]);
    }
    std::sort(forward.begin(), forward.end());
    std::sort(backward.begin(), backward.end());
    EXPECT_EQ(forward, backward) << seed;
  }
  const Graph s = graph::generate("grid:5x3");
  const Graph st = transpose(s);
  EXPECT_EQ(st.row_offsets, s.row_offsets);
  EXPECT_EQ(st.columns, s.columns);
}

}  // namespace
}  // namespace ws::bfs
