// The CUDA BFS engine against the CPU engine and the independent checks: every variant gives the
// CPU engine's levels and per-level statistics (all fields but ms) and parents that pass verify(),
// on the shipped graphs, generated graphs of every family, disconnected graphs, isolated sources,
// self-loops and multi-edges, at block sizes 32, 256 and 1024; set_graph's memory message;
// time_ms. Small runs of every variant for compute-sanitizer (ForTheSanitizers).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bfs/bfs_engine_cuda.h"
#include "common/error.h"
#include "../kernels/shipped_graphs_test_support.h"
#include "gpu_test_support.h"
#include "test_bfs_gpu_engine_support.h"

namespace ws::bfs::test {
namespace {

void every_variant(Engine& cuda, Engine& cpu, const Graph& g, const std::vector<int32_t>& sources,
                   const std::vector<int>& block_dims = {256}) {
  cuda.set_graph(g);
  cpu.set_graph(g);
  for (int32_t s : sources)
    for (const VariantInfo& vi : variant_infos())
      for (int bd : block_dims) {
        Params p;
        p.variant = vi.variant;
        p.source = s;
        p.block_dim = bd;
        expect_cuda_equals_cpu(cuda, cpu, g, p);
        if (::testing::Test::HasFailure()) return;
      }
}

TEST(BfsGpuEngine, ShippedGraphs) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const std::string dir = ws::test::shipped_graphs_dir();
  graph::LoadOptions sym;
  sym.symmetrize = true;
  struct File {
    std::string path;
    graph::LoadOptions options;
  };
  const std::vector<File> files = {{dir + "/karate.mtx", {}},
                                   {dir + "/bcspwr10.mtx", {}},
                                   {dir + "/4elt.graph", {}},
                                   {dir + "/minnesota_edges.txt", sym},
                                   {dir + "/facebook_combined.txt", sym},
                                   {dir + "/facebook_combined.txt", {}}};  // directed
  int seed = 1;
  for (const File& f : files) {
    const Graph g = graph::load_graph(f.path, f.options);
    every_variant(*cuda, *cpu, g, sources_of(g, 2, ++seed));
    if (HasFailure()) return;
  }
}

TEST(BfsGpuEngine, GeneratedGraphs) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  for (const char* spec : {"pmpp", "kron:8:16", "kron:11:16", "kron:12:4", "grid:37x23",
                           "er:3000:5", "path:700", "star:5000", "tree:11"}) {
    for (uint64_t seed : {1u, 7u}) {
      const Graph g = graph::generate(spec, seed);
      every_variant(*cuda, *cpu, g, sources_of(g, 2, seed));
      if (HasFailure()) return;
    }
  }
}

TEST(BfsGpuEngine, BlockSizes) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  for (const char* spec : {"kron:10:16", "star:4000", "grid:20x50"}) {
    const Graph g = graph::generate(spec, 3);
    every_variant(*cuda, *cpu, g, sources_of(g, 1, 3), {32, 64, 256, 1024});
    if (HasFailure()) return;
  }
}

TEST(BfsGpuEngine, DirectionParametersGiveTheCpuDirections) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const Graph g = graph::generate("kron:11:16", 5);
  cuda->set_graph(g);
  cpu->set_graph(g);
  for (double alpha : {0.5, 2.0, 15.0, 1000.0})
    for (double beta : {1.0, 18.0, 500.0})
      for (Variant v : {Variant::DirectionOptimizing, Variant::Fast}) {
        Params p;
        p.variant = v, p.alpha = alpha, p.beta = beta;
        p.source = sources_of(g, 1, 9).back();
        expect_cuda_equals_cpu(*cuda, *cpu, g, p);
        if (HasFailure()) return;
      }
}

TEST(BfsGpuEngine, DisconnectedGraphsAndIsolatedSources) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  // Two paths, a triangle, and isolated vertices 10 and 11; undirected and directed.
  const std::vector<std::pair<int32_t, int32_t>> edges = {{0, 1}, {1, 2}, {2, 3}, {4, 5},
                                                          {5, 6}, {7, 8}, {8, 9}, {9, 7}};
  for (bool symmetric : {true, false}) {
    const Graph g = from_edges(12, edges, symmetric, symmetric ? "pieces" : "directed pieces");
    every_variant(*cuda, *cpu, g, {0, 3, 5, 9, 10, 11});
    if (HasFailure()) return;
  }
  // A generated graph with unreached parts: kron leaves isolated vertices.
  const Graph kron = graph::generate("kron:10:2", 4);
  std::vector<int32_t> isolated;
  for (int32_t v = 0; v < kron.vertices && isolated.size() < 2; ++v)
    if (kron.degree(v) == 0) isolated.push_back(v);
  ASSERT_FALSE(isolated.empty());
  every_variant(*cuda, *cpu, kron, isolated);
}

TEST(BfsGpuEngine, SelfLoopsAndMultiEdges) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const std::vector<std::pair<int32_t, int32_t>> edges = {
      {0, 0}, {0, 1}, {0, 1}, {1, 1}, {1, 2}, {2, 1}, {2, 3}, {2, 3}, {3, 3}, {3, 0}, {4, 4}};
  for (bool symmetric : {true, false}) {
    const Graph g = from_edges(5, edges, symmetric, "loops and multi-edges");
    every_variant(*cuda, *cpu, g, {0, 1, 2, 3, 4}, {32, 256});
    if (HasFailure()) return;
  }
}

TEST(BfsGpuEngine, SetGraphNamesTheBytesAndKeepsThePreviousGraph) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = make_cuda_engine_with_memory_limit(size_t{1} << 20);
  const Graph small = graph::generate("pmpp"), big = graph::generate("grid:300x300");
  cuda->set_graph(small);
  try {
    cuda->set_graph(big);
    FAIL() << "a graph past the memory limit was accepted";
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("bytes"), std::string::npos) << m;
    EXPECT_NE(m.find("grid:300x300"), std::string::npos) << m;
    EXPECT_NE(m.find("90000 vertices"), std::string::npos) << m;
  }
  EXPECT_EQ(cuda->vertices(), small.vertices);
  EXPECT_EQ(cuda->edges(), small.edges());
  Params p;
  p.source = 0;
  EXPECT_EQ(cuda->run(p).level, graph::bfs_reference(small, 0));
}

TEST(BfsGpuEngine, InvalidParamsThrow) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  Params p;
  EXPECT_THROW(cuda->run(p), Error);  // no graph yet
  cuda->set_graph(graph::generate("path:10"));
  p.source = 10;
  EXPECT_THROW(cuda->run(p), Error);
  p.source = 0, p.block_dim = 48;
  EXPECT_THROW(cuda->time_ms(p, 1), Error);
}

TEST(BfsGpuEngine, TimeIsPositive) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  cuda->set_graph(graph::generate("kron:12:16", 2));
  for (const VariantInfo& vi : variant_infos()) {
    Params p;
    p.variant = vi.variant;
    p.source = sources_of(graph::generate("kron:12:16", 2), 1, 1).back();
    EXPECT_GT(cuda->time_ms(p, 3), 0.0) << vi.id;
  }
}

// Small runs for compute-sanitizer (memcheck, racecheck): every variant, a block queue that
// overflows (star), tiles and warp scans of variant 7 (kron hubs).
TEST(BfsGpuEngine, ForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  for (const char* spec : {"kron:9:16", "star:3000", "grid:16x16", "grid:300x20"}) {
    const Graph g = graph::generate(spec, 2);
    cuda->set_graph(g);
    for (const VariantInfo& vi : variant_infos()) {
      Params p;
      p.variant = vi.variant;
      p.source = sources_of(g, 1, 2).back();
      const Result r = cuda->run(p);
      EXPECT_EQ(verify(g, p.source, r.level, r.parent), "") << spec << " " << vi.id;
    }
  }
}

}  // namespace
}  // namespace ws::bfs::test
