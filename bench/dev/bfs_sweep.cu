// The BFS sweep of issue 30, round two (not part of the build): variant 7 on Kronecker scale 21
// (edge factor 16, from its highest-degree vertex) and the 4096 x 4096 grid (from its corner).
//   1. The app's engine: every level of one search (direction, frontier, edges, ms from the
//      kernel's %globaltimer stamps), then time_ms at several block sizes (what the bench times).
//   2. The kernel copy in bfs_sweep_kernel.cuh under its switches (bottom-up chunks, bitmap
//      claims, row prefetch); each case's levels are checked against the CPU reference, then
//      timed (median of the repeats, the setup kernel included, as the engine's search).
//   3. The phase table: every block's clock64 at each phase of each level (counters loaded,
//      expanded, flushed, through the barrier), for the block that reached the barrier last.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o bfs_sweep bench/dev/bfs_sweep.cu \
//     build/kernels/bfs/libws_bfs.a build/kernels/graph/libws_graph.a \
//     build/kernels/libws_common.a -lpthread          (after a CUDA build)
//   ./bfs_sweep [repeats] [kron spec] [grid spec]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs_sweep_kernel.cuh"
#include "dev_common.cuh"
#include "graph/graph.h"

namespace {

using namespace ws;
using ws::dev::Dev;
using ws::dev::median_ms;
int g_reps = 20;

template <int C, int W, bool B, bool P, bool S, bool A = false, int V = 0, int T = 1024,
          bool L = false, bool F = false, bool SF = false>
struct Opt {
  static constexpr int kChunk = C, kWarpAbove = W, kVerts = V, kTileEdges = T;
  static constexpr bool kBitmap = B, kPrefetch = P, kStamps = S, kWarpAppend = A, kList = L;
  static constexpr bool kFine = F, kSmallFlush = SF;
};

struct DeviceGraph {
  Dev offsets, targets, level, parent, queue, queue_row, edge_start, levels, direction, depth,
      visited, stamps, phases, pend0, pend1, pend_count, fine;
  int32_t n;
  int64_t m;
  explicit DeviceGraph(const graph::Graph& g)
      : offsets(8 * (g.vertices + 1)),
        targets(4 * g.edges()),
        level(4 * g.vertices),
        parent(4 * g.vertices),
        queue(4 * g.vertices),
        queue_row(8 * g.vertices),
        edge_start(4 * g.vertices),
        levels(sizeof(bfs::FastLevel) * (g.vertices + 2)),
        direction(4 * (g.vertices + 1)),
        depth(4),
        visited(4 * (g.vertices / 32 + 1)),
        stamps(8 * (g.vertices + 2)),
        phases(size_t(4) * 4 * bfs::sweep::kStampLevels * 132 * 8),
        pend0(4 * g.vertices),
        pend1(4 * g.vertices),
        pend_count(4 * (g.vertices + 2)),
        fine(size_t(4) * 8 * bfs::sweep::kStampLevels),
        n(g.vertices),
        m(g.edges()) {
    CK(cudaMemcpy(offsets.p, g.row_offsets.data(), 8 * (g.vertices + 1), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(targets.p, g.columns.data(), 4 * g.edges(), cudaMemcpyHostToDevice));
  }
  bfs::sweep::SweepArgs args(int32_t source, bool stamps) const {
    bfs::sweep::SweepArgs a;
    bfs::FastArgs& f = a.f;
    f.csr = {n, m, offsets.as<int64_t>(), targets.as<int32_t>()};
    f.csc = f.csr;
    f.a = {level.as<int32_t>(), parent.as<int32_t>()};
    f.queue = queue.as<int32_t>();
    f.queue_row = queue_row.as<int64_t>();
    f.edge_start = edge_start.as<uint32_t>();
    f.levels = levels.as<bfs::FastLevel>();
    f.direction = direction.as<int32_t>();
    f.stamps = stamps ? this->stamps.as<unsigned long long>() : nullptr;
    f.depth_count = depth.as<int32_t>();
    f.source = source;
    a.visited = visited.as<uint32_t>();
    a.phases = phases.as<uint32_t>();
    a.pending[0] = pend0.as<int32_t>();
    a.pending[1] = pend1.as<int32_t>();
    a.pending_count = pend_count.as<unsigned>();
    a.fine = fine.as<uint32_t>();
    return a;
  }
};

int sms() {
  int d = 0, s = 0;
  CK(cudaGetDevice(&d));
  CK(cudaDeviceGetAttribute(&s, cudaDevAttrMultiProcessorCount, d));
  return s;
}

// One case of the kernel copy: checked, timed, and (kStamps) its phase table.
template <class O>
void run_case(const char* name, const graph::Graph& g, const DeviceGraph& dg, int32_t source,
              const std::vector<int32_t>& reference, int block_dim, int per_sm_cap,
              double edges_counted) {
  int per_sm =
      std::min(bfs::sweep::sweep_blocks_per_sm<O>(block_dim), std::max(1, 2048 / block_dim));
  if (per_sm_cap > 0) per_sm = std::min(per_sm, per_sm_cap);
  if (per_sm < 1) {
    std::printf("%-34s bd %4d: does not fit\n", name, block_dim);
    return;
  }
  const int blocks = per_sm * sms();
  const bfs::sweep::SweepArgs a = dg.args(source, false);
  CK(cudaMemset(dg.visited.p, 0, 4 * (g.vertices / 32 + 1)));
  bfs::sweep::sweep_launch<O>(a, block_dim, blocks);
  CK(cudaDeviceSynchronize());
  std::vector<int32_t> level(size_t(g.vertices));
  CK(cudaMemcpy(level.data(), dg.level.p, 4 * level.size(), cudaMemcpyDeviceToHost));
  int32_t depth = 0;
  CK(cudaMemcpy(&depth, dg.depth.p, 4, cudaMemcpyDeviceToHost));
  const bool ok = level == reference;
  const double ms = median_ms([&] { bfs::sweep::sweep_launch<O>(a, block_dim, blocks); }, g_reps);
  std::printf("%-34s bd %4d x %4d blocks: %9.4f ms  %8.2f GTEPS  %7.3f us/level  %s\n", name,
              block_dim, blocks, ms, edges_counted / ms * 1e-6, 1000.0 * ms / depth,
              ok ? "levels ok" : "LEVELS DIFFER");
  if (O::kFine) {
    CK(cudaMemset(dg.fine.p, 0, size_t(4) * 8 * bfs::sweep::kStampLevels));
    bfs::sweep::sweep_launch<O>(a, block_dim, blocks);
    CK(cudaDeviceSynchronize());
    const int levels = std::min(depth, bfs::sweep::kStampLevels);
    std::vector<uint32_t> fine(size_t(levels) * 8);
    CK(cudaMemcpy(fine.data(), dg.fine.p, 4 * fine.size(), cudaMemcpyDeviceToHost));
    double sum[8] = {0};
    int used[8] = {0};
    for (int d = 0; d < levels; ++d)
      for (int k = 0; k < 8; ++k)
        if (fine[size_t(d) * 8 + k] != 0) sum[k] += fine[size_t(d) * 8 + k], ++used[k];
    static const char* names[8] = {"counters",      "targets",      "claims",  "pushed",
                                   "before atomic", "after atomic", "flushed", "through barrier"};
    std::printf(
        "  block 0's chain, cycles since the level's start (mean over the levels that "
        "stamped it):\n");
    for (int k = 0; k < 8; ++k)
      std::printf("    %-16s %8.0f  (%d levels)\n", names[k], used[k] ? sum[k] / used[k] : 0.0,
                  used[k]);
  }
  if (!O::kStamps) return;
  const int levels = std::min(depth, bfs::sweep::kStampLevels);
  std::vector<uint32_t> ph(size_t(levels) * blocks * 4);
  CK(cudaMemcpy(ph.data(), dg.phases.p, 4 * ph.size(), cudaMemcpyDeviceToHost));
  // Per level: the block that flushed last; its phase ends, and the barrier's spread.
  double sum[5] = {0, 0, 0, 0, 0};
  int counted = 0;
  std::vector<std::vector<double>> per_level;
  for (int d = 0; d < levels; ++d) {
    const uint32_t* row = ph.data() + size_t(d) * blocks * 4;
    int last = 0;
    uint32_t min_through = ~0u;
    for (int b = 0; b < blocks; ++b) {
      if (row[b * 4 + 2] > row[last * 4 + 2]) last = b;
      min_through = std::min(min_through, row[b * 4 + 3]);
    }
    const uint32_t* r = row + last * 4;
    const double v[5] = {double(r[0]), double(r[1]) - r[0], double(r[2]) - r[1],
                         double(r[3]) - r[2], double(min_through)};
    for (int k = 0; k < 5; ++k) sum[k] += v[k];
    ++counted;
    if (levels < 64) per_level.push_back({v[0], v[1], v[2], v[3], v[4]});
  }
  int clock_khz = 0;
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  const double us = 1000.0 / clock_khz;
  std::printf(
      "  phases (cycles, mean over %d levels, the block that flushed last; us at %d MHz):\n",
      counted, clock_khz / 1000);
  std::printf(
      "    counters %.0f (%.3f us)  expand %.0f (%.3f)  flush %.0f (%.3f)  barrier %.0f "
      "(%.3f)  fastest block's level %.0f (%.3f)\n",
      sum[0] / counted, sum[0] / counted * us, sum[1] / counted, sum[1] / counted * us,
      sum[2] / counted, sum[2] / counted * us, sum[3] / counted, sum[3] / counted * us,
      sum[4] / counted, sum[4] / counted * us);
  for (size_t d = 0; d < per_level.size(); ++d)
    std::printf("    level %2zu: counters %7.0f expand %8.0f flush %7.0f barrier %7.0f\n", d,
                per_level[d][0], per_level[d][1], per_level[d][2], per_level[d][3]);
}

void engine_part(const graph::Graph& g, int32_t source, double edges_counted,
                 const std::vector<int>& block_dims) {
  auto e = bfs::Engine::create(Backend::Cuda);
  e->set_graph(g);
  bfs::Params p;
  p.variant = bfs::Variant::Fast;
  p.source = source;
  const bfs::Result r = e->run(p);
  std::printf(
      "engine: %zu levels, %lld reached, traversed %lld, search %.4f ms (run, with stats)\n",
      r.levels.size(), (long long)r.reached, (long long)r.traversed_edges, r.ms);
  if (r.levels.size() < 64) {
    std::printf(
        "  depth dir        frontier    frontier_edges    discovered      examined       ms\n");
    for (const bfs::LevelStats& s : r.levels)
      std::printf("  %5d %-9s %9lld %17lld %13lld %13lld %8.4f\n", s.depth,
                  bfs::direction_name(s.direction), (long long)s.frontier,
                  (long long)s.frontier_edges, (long long)s.discovered, (long long)s.edges_examined,
                  s.ms);
  } else {
    // Per-level time by frontier size (vertices), in buckets.
    const int64_t edges[] = {0, 16, 256, 1024, 2048, 3072, 4096, 1 << 30};
    for (int k = 0; k + 1 < 8; ++k) {
      double t = 0;
      int c = 0;
      for (const bfs::LevelStats& s : r.levels)
        if (s.frontier >= edges[k] && s.frontier < edges[k + 1]) t += s.ms, ++c;
      if (c)
        std::printf("  frontier %5lld..%-10lld %5d levels, %.3f us per level\n",
                    (long long)edges[k], (long long)edges[k + 1], c, 1000.0 * t / c);
    }
  }
  for (int bd : block_dims) {
    p.block_dim = bd;
    const double ms = e->time_ms(p, g_reps);
    std::printf("engine time_ms bd %4d: %9.4f ms  %8.2f GTEPS  %7.3f us/level\n", bd, ms,
                edges_counted / ms * 1e-6, 1000.0 * ms / double(r.levels.size()));
  }
}

template <int C, int W, bool B, bool P>
void cases(const char* name, const graph::Graph& g, const DeviceGraph& dg, int32_t source,
           const std::vector<int32_t>& ref, const std::vector<int>& bds, int cap, double edges) {
  for (int bd : bds) run_case<Opt<C, W, B, P, false>>(name, g, dg, source, ref, bd, cap, edges);
}

void sweep_graph(const std::string& spec, bool grid) {
  const graph::Graph g = graph::generate(spec, 1);
  int32_t source = 0;
  if (!grid)
    for (int32_t v = 1; v < g.vertices; ++v)
      if (g.degree(v) > g.degree(source)) source = v;
  const std::vector<int32_t> ref = graph::bfs_reference(g, source);
  const double edges = double(bfs::traversed_edges(g, ref));
  std::printf("\n=== %s: %d vertices, %lld edges, source %d (degree %lld), %.0f traversed edges\n",
              spec.c_str(), g.vertices, (long long)g.edges(), source, (long long)g.degree(source),
              edges);
  std::fflush(stdout);
  const std::vector<int> bds = {256};
  engine_part(g, source, edges, bds);
  std::fflush(stdout);
  if (std::getenv("BFS_SWEEP_ENGINE_ONLY") != nullptr) return;  // the app's kernel alone
  DeviceGraph dg(g);
  const int cap = grid ? 1 : 0;
  const std::vector<int> one = {256};
  constexpr int kNever = 1 << 30;
  cases<1, 32, false, false>("copy of the app (fused setup)", g, dg, source, ref, one, cap, edges);
  if (!grid) {
    run_case<Opt<8, kNever, false, false, false, false, 1, 256>>("c8 multi1 t256", g, dg, source,
                                                                 ref, 256, cap, edges);
    run_case<Opt<4, kNever, false, false, false, false, 1, 256>>("c4 multi1 t256", g, dg, source,
                                                                 ref, 256, cap, edges);
    run_case<Opt<4, kNever, false, false, false, false, 1, 128>>("c4 multi1 t128", g, dg, source,
                                                                 ref, 256, cap, edges);
    run_case<Opt<4, kNever, false, false, false, false, 1, 256>>("c4 multi1 t256", g, dg, source,
                                                                 ref, 512, cap, edges);
    using L8 = Opt<8, kNever, false, false, false, false, 0, 256, true>;
    using L4 = Opt<4, kNever, false, false, false, false, 0, 256, true>;
    using L6 = Opt<6, kNever, false, false, false, false, 0, 256, true>;
    for (int bd : {256, 512}) {
      run_case<L8>("list c8 t256", g, dg, source, ref, bd, cap, edges);
      run_case<L4>("list c4 t256", g, dg, source, ref, bd, cap, edges);
      run_case<L6>("list c6 t256", g, dg, source, ref, bd, cap, edges);
    }
    run_case<Opt<4, kNever, false, false, false, false, 0, 512, true>>(
        "list c4 t512", g, dg, source, ref, 256, cap, edges);
    run_case<Opt<4, kNever, false, false, false, false, 0, 128, true>>(
        "list c4 t128", g, dg, source, ref, 256, cap, edges);
    run_case<Opt<4, kNever, false, false, true, false, 0, 256, true>>("phases: list c4 t256", g, dg,
                                                                      source, ref, 256, cap, edges);
  } else {
    using Base = Opt<1, 32, false, false, false, false, 0, 256, true>;
    using Fine = Opt<1, 32, false, false, false, false, 0, 256, true, true>;
    using Small = Opt<1, 32, false, false, false, false, 0, 256, true, false, true>;
    using Bits = Opt<1, 32, true, false, false, false, 0, 256, true>;
    using BitsSmall = Opt<1, 32, true, false, false, false, 0, 256, true, false, true>;
    using BitsSmallFine = Opt<1, 32, true, false, false, false, 0, 256, true, true, true>;
    run_case<Base>("list t256 (the app's grid path)", g, dg, source, ref, 256, cap, edges);
    run_case<Fine>("fine stamps", g, dg, source, ref, 256, cap, edges);
    run_case<Small>("small flush (warp 0)", g, dg, source, ref, 256, cap, edges);
    run_case<Bits>("bitmap claims", g, dg, source, ref, 256, cap, edges);
    run_case<BitsSmall>("bitmap + small flush", g, dg, source, ref, 256, cap, edges);
    run_case<BitsSmall>("bitmap + small flush", g, dg, source, ref, 128, cap, edges);
    run_case<BitsSmallFine>("fine: bitmap + small flush", g, dg, source, ref, 256, cap, edges);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  const std::string kron = argc > 2 ? argv[2] : "kron:21:16";
  const std::string grid = argc > 3 ? argv[3] : "grid:4096x4096";
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CK(cudaDriverGetVersion(&driver));
  std::printf("BFS sweep on %s (%d SMs), driver API %d, %d repeats\n", prop.name,
              prop.multiProcessorCount, driver, g_reps);
  const std::string only = argc > 4 ? argv[4] : "";
  if (only != "grid") sweep_graph(kron, false);
  if (only != "kron") sweep_graph(grid, true);
  return 0;
}
