// The BFS measurement driver, disabled in the suite (speed goals live in `warpscope bench --scene
// bfs` and docs/performance.md, not in tests): run it by hand with
//   test_bfs_gpu --gtest_also_run_disabled_tests --gtest_filter='*PerformanceTable*'
// It prints, and says whether the goals were met on the device at hand: Kronecker scale 21
// edge factor 16 and the 16M-vertex grid, every variant where it finishes in reasonable time,
// averaged over seeded random sources with out-degree > 0: ms per search (time_ms, the median of
// repeats), GTEPS (Graph500: traversed_edges summed over the sources / time summed), the CPU
// baseline (time_cpu_baseline on the same graph and sources) and the speedup; for the grid, the
// time per level. It checks variant 7's levels against the reference once per graph. Knobs:
// WS_BFS_BENCH_SCALE (21), WS_BFS_BENCH_SOURCES (8), WS_BFS_BENCH_REPEATS (5), WS_BFS_BENCH_GRID
// ("grid:4096x4096"), WS_BFS_BENCH_KRON=0 (skip Kronecker), WS_BFS_BENCH_FAST_ONLY=1 (variant 7
// only, no CPU baseline), WS_BFS_BENCH_FAST_BLOCK (variant 7's block_dim),
// WS_BFS_BENCH_SHAPES=1 (variant 7's launch shapes); the engine reads WS_BFS_FAST_BLOCKS_PER_SM and
// WS_BFS_FAST_BLOCKS (caps on variant 7's cooperative grid) and WS_BFS_CLUSTER=0 (no cluster
// phase on sparse graphs; bfs_fast_cluster.cu names its shape's variables).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/cuda_device.h"
#include "gpu_test_support.h"
#include "test_bfs_gpu_engine_support.h"

namespace ws::bfs::test {
namespace {

int env_int(const char* name, int fallback) {
  const char* e = std::getenv(name);
  return e != nullptr ? std::atoi(e) : fallback;
}

struct Row {
  std::string graph, variant;
  double ms = 0, gteps = 0, cpu_ms = 0, levels = 0;
};

void print(const std::vector<Row>& rows) {
  std::printf("\n%-22s %-14s %10s %9s %11s %9s %8s %12s\n", "graph", "variant", "ms", "GTEPS",
              "CPU ms", "speedup", "levels", "us/level");
  for (const Row& r : rows)
    std::printf("%-22s %-14s %10.3f %9.2f %11.3f %9.1f %8.0f %12.3f\n", r.graph.c_str(),
                r.variant.c_str(), r.ms, r.gteps, r.cpu_ms, r.cpu_ms > 0 ? r.cpu_ms / r.ms : 0.0,
                r.levels, 1000.0 * r.ms / r.levels);
  std::fflush(stdout);
}

// Times `variants` on g from `sources`; returns the rows (ms: mean per source).
std::vector<Row> bench_graph(Engine& cuda, const Graph& g, const std::vector<int32_t>& sources,
                             const std::vector<Variant>& variants, int repeats, int cpu_sources) {
  cuda.set_graph(g);
  std::vector<int64_t> traversed;
  std::vector<double> levels;
  double cpu_ms = 0;
  for (size_t k = 0; k < sources.size(); ++k) {
    Params p;
    p.variant = Variant::Fast;
    p.source = sources[k];
    const Result r = cuda.run(p);
    if (k == 0) {
      EXPECT_EQ(verify(g, p.source, r.level, r.parent), "") << g.name;
    }
    traversed.push_back(r.traversed_edges);
    levels.push_back(double(r.levels.size()));
    if (int(k) < cpu_sources) {
      const CpuBaseline b = time_cpu_baseline(g, p.source, 3);
      cpu_ms += b.ms;
      if (k == 0) std::printf("%s: %s, %d threads\n", g.name.c_str(), b.name.c_str(), b.threads);
    }
  }
  cpu_ms /= std::max(1, std::min(cpu_sources, int(sources.size())));
  std::vector<Row> rows;
  for (Variant v : variants) {
    Row row;
    row.graph = g.name;
    row.variant = info(v).id;
    double total_ms = 0, total_edges = 0, total_levels = 0;
    for (size_t k = 0; k < sources.size(); ++k) {
      Params p;
      p.variant = v;
      p.source = sources[k];
      if (v == Variant::Fast) p.block_dim = env_int("WS_BFS_BENCH_FAST_BLOCK", p.block_dim);
      total_ms += cuda.time_ms(p, repeats);
      total_edges += double(traversed[k]);
      total_levels += levels[k];
    }
    row.ms = total_ms / double(sources.size());
    row.gteps = total_edges / (total_ms * 1e-3) * 1e-9;
    row.cpu_ms = cpu_ms;
    row.levels = total_levels / double(sources.size());
    rows.push_back(row);
  }
  return rows;
}

// Variant 7 with other launch shapes (block size, blocks per SM), one source: the table's extra
// rows for tuning (WS_BFS_FAST_BLOCKS_PER_SM caps the cooperative grid).
void fast_shapes(Engine& cuda, const Graph& g, int32_t source, std::vector<Row>& rows) {
  Params p;
  p.variant = Variant::Fast;
  p.source = source;
  const Result r = cuda.run(p);
  for (int bd : {128, 256, 512, 1024})
    for (int per_sm : {1, 2, 4, 0}) {
      if (per_sm > 0)
        setenv("WS_BFS_FAST_BLOCKS_PER_SM", std::to_string(per_sm).c_str(), 1);
      else
        unsetenv("WS_BFS_FAST_BLOCKS_PER_SM");
      p.block_dim = bd;
      Row row;
      row.graph = g.name + " s" + std::to_string(source);
      row.variant = "fast " + std::to_string(bd) + "x" + std::to_string(per_sm);
      row.ms = cuda.time_ms(p, 3);
      row.gteps = double(r.traversed_edges) / (row.ms * 1e-3) * 1e-9;
      row.levels = double(r.levels.size());
      rows.push_back(row);
    }
  unsetenv("WS_BFS_FAST_BLOCKS_PER_SM");
}

TEST(BfsGpuEngineBench, DISABLED_PerformanceTable) {
  WS_SKIP_WITHOUT_GPU();
  std::printf("device: %s\n", cuda_device_description().c_str());
  auto cuda = Engine::create(Backend::Cuda);
  const int nsources = env_int("WS_BFS_BENCH_SOURCES", 8);
  const int repeats = env_int("WS_BFS_BENCH_REPEATS", 5);
  std::vector<Row> all;
  const std::vector<Variant> every = {
      Variant::Push,        Variant::Pull,        Variant::DirectionOptimizing,
      Variant::EdgeCentric, Variant::GlobalQueue, Variant::BlockQueue,
      Variant::Fast};
  if (env_int("WS_BFS_BENCH_KRON", 1) != 0) {
    auto t0 = std::chrono::steady_clock::now();
    const Graph g =
        graph::generate("kron:" + std::to_string(env_int("WS_BFS_BENCH_SCALE", 21)) + ":16");
    std::printf("generated %s: %d vertices, %lld edges in %.1f s\n", g.name.c_str(), g.vertices,
                (long long)g.edges(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::vector<int32_t> sources = sources_of(g, nsources, 21);
    sources.erase(sources.begin(), sources.begin() + 3);  // random ones with degree > 0 only
    const bool fast_only = env_int("WS_BFS_BENCH_FAST_ONLY", 0) != 0;
    std::vector<Row> rows =
        bench_graph(*cuda, g, sources, fast_only ? std::vector<Variant>{Variant::Fast} : every,
                    repeats, fast_only ? 0 : 2);
    print(rows);
    const Row& fast = rows.back();
    std::printf("goal >= 100 GTEPS: %s; goal >= 20x the CPU: %s\n",
                fast.gteps >= 100.0 ? "met" : "MISSED",
                fast.cpu_ms / fast.ms >= 20.0 ? "met" : "MISSED");
    all.insert(all.end(), rows.begin(), rows.end());
    if (env_int("WS_BFS_BENCH_SHAPES", 0) != 0) fast_shapes(*cuda, g, sources[0], all);
  }
  {
    const Graph g = graph::generate(std::getenv("WS_BFS_BENCH_GRID") != nullptr
                                        ? std::getenv("WS_BFS_BENCH_GRID")
                                        : "grid:4096x4096");
    std::vector<int32_t> sources = sources_of(g, 2, 4);
    sources.erase(sources.begin() + 1, sources.begin() + 3);  // a corner and two random ones
    std::vector<Row> rows =
        bench_graph(*cuda, g, sources,
                    env_int("WS_BFS_BENCH_FAST_ONLY", 0) != 0
                        ? std::vector<Variant>{Variant::Fast}
                        : std::vector<Variant>{Variant::DirectionOptimizing, Variant::BlockQueue,
                                               Variant::Fast},
                    1, env_int("WS_BFS_BENCH_FAST_ONLY", 0) != 0 ? 0 : 1);
    print(rows);
    const Row& fast = rows.back();
    std::printf("goal < 5 us per level on %s: %s\n", g.name.c_str(),
                1000.0 * fast.ms / fast.levels < 5.0 ? "met" : "MISSED");
    all.insert(all.end(), rows.begin(), rows.end());
    if (env_int("WS_BFS_BENCH_SHAPES", 0) != 0) fast_shapes(*cuda, g, sources[0], all);
  }
  print(all);
}

}  // namespace
}  // namespace ws::bfs::test
