// The Kronecker generator and build_csr on worker threads (graph_parallel.h): the very graph the
// one-thread generator gave before they ran on threads (a pinned hash), the same graph for 1 and
// N threads, and build_csr's rows (and kept weights) against a sort of the edge list, with
// several threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "common/split_mix.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"
#include "graph/graph_parallel.h"

namespace ws::graph {
namespace {

// FNV-1a over the little-endian bytes of row_offsets (8 each), then columns (4 each).
uint64_t graph_hash(const Graph& g) {
  uint64_t h = 0xCBF29CE484222325ull;
  auto add = [&h](uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) h = (h ^ ((value >> (8 * i)) & 0xFF)) * 0x100000001B3ull;
  };
  for (const int64_t offset : g.row_offsets) add(uint64_t(offset), 8);
  for (const int32_t column : g.columns) add(uint32_t(column), 4);
  return h;
}

// Sets the worker thread count for one scope, back to the default after.
struct WorkerThreads {
  explicit WorkerThreads(int count) { set_worker_threads(count); }
  ~WorkerThreads() { set_worker_threads(0); }
};

TEST(GraphGenerateThreads, KroneckerIsTheGraphOfTheOneThreadGenerator) {
  // Hash of generate("kron:14:16", 1) from the generator before it used threads (commit
  // bb11613): the same spec and seed must keep giving the same graph.
  for (const int threads : {1, 4}) {
    WorkerThreads scope(threads);
    EXPECT_EQ(graph_hash(generate("kron:14:16", 1)), 0x8460e6f516b39699ull) << threads;
  }
}

TEST(GraphGenerateThreads, OneThreadAndManyGiveTheSameKronecker) {
  // 2^16 * 8 edges: enough for several ranges of draws and of build_csr's passes.
  Graph one;
  {
    WorkerThreads scope(1);
    one = generate("kron:16:8", 5);
  }
  for (const int threads : {2, 3, 8}) {
    WorkerThreads scope(threads);
    const Graph many = generate("kron:16:8", 5);
    EXPECT_EQ(many.row_offsets, one.row_offsets) << threads;
    EXPECT_EQ(many.columns, one.columns) << threads;
  }
}

TEST(GraphGenerateThreads, BuildCsrRowsAreTheSortedEdgeList) {
  // Random edges with self-loops and repeats (every fourth edge an earlier one again), enough
  // for two ranges of 2^16: every option, 1 and 5 threads, against the edge list expanded,
  // sorted and (remove_duplicates) made unique.
  const int32_t n = 20000;
  std::vector<std::pair<int32_t, int32_t>> edges(140000);
  SplitMix64 rng{77};
  for (size_t i = 0; i < edges.size(); ++i)
    edges[i] = i % 4 == 3 ? edges[rng.next() % i]
                          : std::pair<int32_t, int32_t>(int32_t(rng.next() % n),
                                                        int32_t(rng.next() % (n / 4)));
  for (size_t i = 0; i < edges.size(); i += 1000) edges[i].second = edges[i].first;
  for (const bool symmetrize : {false, true})
    for (const bool remove_self_loops : {false, true})
      for (const bool remove_duplicates : {false, true}) {
        std::vector<std::pair<int32_t, int32_t>> expected;
        for (const auto& e : edges) {
          if (e.first == e.second && remove_self_loops) continue;
          expected.push_back(e);
          if (symmetrize && e.first != e.second) expected.emplace_back(e.second, e.first);
        }
        std::sort(expected.begin(), expected.end());
        if (remove_duplicates)
          expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        for (const int threads : {1, 5}) {
          SCOPED_TRACE(::testing::Message() << symmetrize << remove_self_loops << remove_duplicates
                                            << " threads " << threads);
          WorkerThreads scope(threads);
          const Graph g = build_csr(n, edges, {}, symmetrize, remove_self_loops, remove_duplicates);
          ASSERT_EQ(g.edges(), int64_t(expected.size()));
          std::vector<std::pair<int32_t, int32_t>> stored;
          for (int32_t u = 0; u < n; ++u)
            for (int64_t k = g.row_offsets[size_t(u)]; k < g.row_offsets[size_t(u) + 1]; ++k)
              stored.emplace_back(u, g.columns[size_t(k)]);
          EXPECT_EQ(stored, expected);
        }
      }
}

TEST(GraphGenerateThreads, BuildCsrKeepsTheFirstWeightOfRepeatsWithManyThreads) {
  // Weight i on edge i: the kept weight of u -> v is the first in input order, given edges
  // before mirrored ones (a stable sort of the expanded list by (u, v), then the first of each).
  const int32_t n = 5000;
  std::vector<std::pair<int32_t, int32_t>> edges(140000);
  std::vector<double> weights(edges.size());
  SplitMix64 rng{91};
  for (size_t i = 0; i < edges.size(); ++i) {
    edges[i] = {int32_t(rng.next() % n), int32_t(rng.next() % 40)};
    weights[i] = double(i);
  }
  struct Entry {
    int32_t u, v;
    double w;
  };
  std::vector<Entry> expected;
  for (size_t i = 0; i < edges.size(); ++i)
    if (edges[i].first != edges[i].second)
      expected.push_back({edges[i].first, edges[i].second, weights[i]});
  for (size_t i = 0; i < edges.size(); ++i)
    if (edges[i].first != edges[i].second)
      expected.push_back({edges[i].second, edges[i].first, weights[i]});
  std::stable_sort(expected.begin(), expected.end(), [](const Entry& a, const Entry& b) {
    return a.u != b.u ? a.u < b.u : a.v < b.v;
  });
  expected.erase(
      std::unique(expected.begin(), expected.end(),
                  [](const Entry& a, const Entry& b) { return a.u == b.u && a.v == b.v; }),
      expected.end());
  for (const int threads : {1, 5}) {
    WorkerThreads scope(threads);
    const Graph g = build_csr_double(n, edges, weights, true, true, true);
    ASSERT_EQ(g.edges(), int64_t(expected.size())) << threads;
    size_t at = 0;
    for (int32_t u = 0; u < n; ++u)
      for (int64_t k = g.row_offsets[size_t(u)]; k < g.row_offsets[size_t(u) + 1]; ++k, ++at) {
        ASSERT_EQ(expected[at].u, u) << threads;
        ASSERT_EQ(expected[at].v, g.columns[size_t(k)]) << threads;
        ASSERT_EQ(expected[at].w, g.weights64[size_t(k)]) << threads << " row " << u;
      }
  }
}

TEST(GraphGenerateThreads, BuildCsrNamesTheFirstBadEdgeOfMany) {
  std::vector<std::pair<int32_t, int32_t>> edges(200000, {1, 2});
  edges[190000] = {-1, 2};
  edges[150000] = {3, 10};
  WorkerThreads scope(4);
  try {
    build_csr(10, edges, {}, true, true, true);
    ADD_FAILURE() << "no ws::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("edge 150000 (3 -> 10) has an endpoint outside 0..9"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ws::graph
