// Variant 7's cluster phase (kernels/bfs/bfs_fast_cluster.cu): on sparse graphs the small top-down
// levels run in one thread-block cluster, then the grid kernel goes on from where the phase handed
// over. Wherever the hand-over falls (at the source, mid-search when the frontier outgrows the
// phase's limit or its shared queues, when a level turns bottom-up, at the end of the search) and
// whatever the cluster's shape, the search equals the CPU engine's in levels and statistics and its
// parents pass verify(). The shape and limit are set through the engine's experiment variables
// (WS_BFS_CLUSTER_*), restored after each test; on a device without clusters the phase is skipped
// and these tests check the grid kernel alone.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "test_bfs_gpu_engine_support.h"

namespace ws::bfs::test {
namespace {

// Sets environment variables for one scope and restores what was there.
class ScopedEnv {
 public:
  ~ScopedEnv() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
      if (it->had)
        setenv(it->name.c_str(), it->value.c_str(), 1);
      else
        unsetenv(it->name.c_str());
    }
  }
  void set(const std::string& name, const std::string& value) {
    const char* old = std::getenv(name.c_str());
    saved_.push_back({name, old != nullptr ? old : "", old != nullptr});
    setenv(name.c_str(), value.c_str(), 1);
  }

 private:
  struct Saved {
    std::string name, value;
    bool had;
  };
  std::vector<Saved> saved_;
};

void expect_fast_equals_cpu(Engine& cuda, Engine& cpu, const Graph& g,
                            const std::vector<int32_t>& sources, const std::string& setting) {
  cuda.set_graph(g);
  cpu.set_graph(g);
  for (int32_t s : sources) {
    Params p;
    p.variant = Variant::Fast;
    p.source = s;
    SCOPED_TRACE(setting);
    expect_cuda_equals_cpu(cuda, cpu, g, p);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(BfsGpuCluster, HandsOverWhereverTheFrontierOutgrowsThePhase) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const Graph g = graph::generate("grid:120x90");
  // The centre's frontier grows to ~200 vertices, the corner's to 90: limits below, between and
  // above them hand over at different depths (1: right after the source).
  const std::vector<int32_t> sources = {45 * 120 + 60, 0, g.vertices - 1};
  for (const char* limit : {"1", "7", "64", "150", "100000"}) {
    ScopedEnv env;
    env.set("WS_BFS_CLUSTER_FRONTIER", limit);
    expect_fast_equals_cpu(*cuda, *cpu, g, sources, std::string("frontier limit ") + limit);
    if (HasFailure()) return;
  }
}

TEST(BfsGpuCluster, EveryClusterShape) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const std::vector<Graph> graphs = {graph::generate("grid:64x48"), graph::generate("path:3000"),
                                     graph::generate("grid:300x20")};
  for (const char* blocks : {"2", "4", "8", "16"})
    for (const char* threads : {"32", "96", "512"})
      for (const char* cap : {"16", "4096"}) {
        ScopedEnv env;
        env.set("WS_BFS_CLUSTER_BLOCKS", blocks);
        env.set("WS_BFS_CLUSTER_THREADS", threads);
        env.set("WS_BFS_CLUSTER_CAP", cap);
        const std::string setting =
            std::string("blocks ") + blocks + " threads " + threads + " cap " + cap;
        for (const Graph& g : graphs) {
          expect_fast_equals_cpu(*cuda, *cpu, g, sources_of(g, 1, 7), setting);
          if (HasFailure()) return;
        }
      }
}

// A hub whose row is longer than a block's shared queue: the phase hands over at the source
// (the star's centre) or when the walk from a leaf reaches it; the grid kernel's tiles take it.
TEST(BfsGpuCluster, AHubPastTheSharedQueues) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const Graph g = graph::generate("star:9000");
  expect_fast_equals_cpu(*cuda, *cpu, g, {0, 1, g.vertices - 1}, "star");
}

TEST(BfsGpuCluster, TurnedOffGivesTheSameSearch) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  ScopedEnv env;
  env.set("WS_BFS_CLUSTER", "0");
  const Graph g = graph::generate("grid:100x100");
  expect_fast_equals_cpu(*cuda, *cpu, g, sources_of(g, 2, 3), "the phase off");
}

// Small runs for compute-sanitizer: hand-overs mid-search and at a bottom-up level.
TEST(BfsGpuCluster, ForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  ScopedEnv env;
  env.set("WS_BFS_CLUSTER_FRONTIER", "6");
  for (const char* spec : {"grid:12x10", "path:80", "star:100"}) {
    const Graph g = graph::generate(spec);
    cuda->set_graph(g);
    for (int32_t s : sources_of(g, 1, 2)) {
      Params p;
      p.variant = Variant::Fast;
      p.source = s;
      const Result r = cuda->run(p);
      EXPECT_EQ(verify(g, p.source, r.level, r.parent), "") << spec << " source " << s;
    }
  }
}

}  // namespace
}  // namespace ws::bfs::test
