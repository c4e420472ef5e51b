// Throughput of the layout, CPU twin against CUDA (iterations per second, and the whole default
// layout's time), printed as a table. Disabled in the suite: run it on the GPU machine with
//   test_graph_layout_gpu --gtest_also_run_disabled_tests --gtest_filter='*Throughput*'
// WS_LAYOUT_BENCH_GRAPHS names a folder holding 4elt.graph and facebook_combined.txt (skipped
// when absent).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "../kernels/graph_layout_test_support.h"
#include "common/cuda_device.h"
#include "gpu_test_support.h"

namespace ws::graph_layout {
namespace {

double seconds_for(Simulation& sim, int iterations) {
  sim.positions();
  const auto t0 = std::chrono::steady_clock::now();
  sim.step(iterations);
  sim.positions();  // CUDA: includes the download
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

TEST(LayoutGpuBench, DISABLED_Throughput) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<std::pair<std::string, graph::Graph>> graphs;
  const char* dir = std::getenv("WS_LAYOUT_BENCH_GRAPHS");
  if (dir != nullptr) {
    for (const char* file : {"4elt.graph", "facebook_combined.txt"})
      if (std::filesystem::exists(std::string(dir) + "/" + file))
        graphs.emplace_back(file, graph::load_graph(std::string(dir) + "/" + file));
  }
  for (const char* spec : {"kron:16:8", "er:100000:8", "kron:20:8"})
    graphs.emplace_back(spec, graph::generate(spec, 1));
  std::printf("device: %s\nhost threads: %u\n", cuda_device_description().c_str(),
              std::thread::hardware_concurrency());
  std::printf("%-22s %9s %10s %6s %11s %11s %8s %10s %10s\n", "graph", "vertices", "edges", "iters",
              "cpu it/s", "cuda it/s", "speedup", "cuda full", "quality");
  for (auto& [name, g] : graphs) {
    const int iterations = default_iterations(g);
    Params p;
    double cpu_rate = 0;
    if (g.vertices <= 200000) {
      auto cpu = Simulation::create(Backend::Cpu, g, p);
      const int n = g.vertices > 50000 ? 3 : 10;
      cpu_rate = n / seconds_for(*cpu, n);
    }
    auto warm = Simulation::create(Backend::Cuda, g, p);  // the first launch's setup
    seconds_for(*warm, 2);
    const auto t0 = std::chrono::steady_clock::now();
    auto gpu = Simulation::create(Backend::Cuda, g, p);
    const double run = seconds_for(*gpu, iterations);
    const double full =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double quality = test::edge_length_ratio(g, gpu->positions());
    std::printf("%-22s %9d %10lld %6d %11.1f %11.1f %8.1f %9.3fs %10.3f\n", name.c_str(),
                g.vertices, static_cast<long long>(g.edges()), iterations, cpu_rate,
                iterations / run, cpu_rate > 0 ? iterations / run / cpu_rate : 0.0, full, quality);
    EXPECT_TRUE(test::all_finite(gpu->positions()));
  }
}

}  // namespace
}  // namespace ws::graph_layout
