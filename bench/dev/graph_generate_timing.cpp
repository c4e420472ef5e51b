// Where the time of the large generated graphs and matrices goes (a development tool, built by
// hand): for each spec, graph::generate("kron:S:EF") and spmv::generate_matrix("powerlaw:S:EF")
// end to end, wall and CPU (user + sys) seconds, and an FNV-1a hash of the result (the same for
// the same spec and seed, whatever the thread count: compare before and after a change), then
// the parts of the Kronecker generator timed one by one on a copy of its steps, on one thread
// (the generator runs them on graph::worker_threads()): the edge draws (EF * 2^S * S SplitMix64
// draws), the label shuffle and relabel, then build_csr (counting sorts and dedupe, on the worker
// threads) and spmv::from_graph (a copy; powerlaw moves the arrays instead). --threads=1 against
// the default shows what the threads give.
// Build (after `ninja -C build-cpu ws_spmv`), from the repository root:
//   c++ -O2 -std=c++17 -Ikernels bench/dev/graph_generate_timing.cpp
//       build-cpu/kernels/spmv/libws_spmv.a build-cpu/kernels/graph/libws_graph.a
//       build-cpu/kernels/libws_common.a -lpthread -o /tmp/graph_generate_timing
//   /tmp/graph_generate_timing [--threads=N] kron:20:16 kron:21:16 powerlaw:21:16
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "common/split_mix.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"
#include "graph/graph_parallel.h"
#include "spmv/matrix.h"

namespace {

struct Clock {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = cpu_seconds();
  static double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  }
  void report(const char* what) const {
    const double w = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
    std::printf("  %-34s wall %7.2f s   cpu %7.2f s\n", what, w, cpu_seconds() - cpu);
  }
};

uint64_t fnv(uint64_t h, const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}
template <class T>
uint64_t fnv(uint64_t h, const std::vector<T>& v) {
  return fnv(h, v.data(), v.size() * sizeof(T));
}

// The Kronecker steps of graph_generate_random.cpp, one at a time.
void kron_parts(int scale, int64_t ef, uint64_t seed) {
  const int32_t n = int32_t(1) << scale;
  const int64_t m = ef * int64_t(n);
  ws::SplitMix64 seeder{seed};
  ws::SplitMix64 rng{seeder.next()}, shuffle{seeder.next()};
  const uint64_t row_zero = uint64_t(0.76 * 4294967296.0);
  const uint64_t col_zero_top = uint64_t(0.57 / 0.76 * 4294967296.0);
  const uint64_t col_zero_bottom = uint64_t(0.19 / 0.24 * 4294967296.0);
  const uint64_t col_zero[2] = {col_zero_top, col_zero_bottom};
  std::vector<std::pair<int32_t, int32_t>> edges(static_cast<size_t>(m));
  {
    Clock c;
    for (auto& e : edges) {
      uint32_t u = 0, v = 0;
      for (int bit = 0; bit < scale; ++bit) {
        const uint64_t r = rng.next();
        const uint32_t row = (r >> 32) >= row_zero ? 1u : 0u;
        const uint32_t col = (r & 0xFFFFFFFFu) >= col_zero[row] ? 1u : 0u;
        u |= row << bit;
        v |= col << bit;
      }
      e = {int32_t(u), int32_t(v)};
    }
    c.report("edge draws (one thread)");
  }
  std::vector<int32_t> label(static_cast<size_t>(n));
  {
    Clock c;
    for (int32_t i = 0; i < n; ++i) label[size_t(i)] = i;
    for (int32_t i = n - 1; i > 0; --i)
      std::swap(label[size_t(i)], label[size_t(shuffle.next() % (uint64_t(i) + 1))]);
    c.report("label shuffle");
  }
  {
    Clock c;
    for (auto& e : edges) e = {label[size_t(e.first)], label[size_t(e.second)]};
    c.report("edge relabel (one thread)");
  }
  ws::graph::Graph g;
  {
    Clock c;
    g = ws::graph::build_csr(n, std::move(edges), {}, true, true, true);
    c.report("build_csr");
  }
  {
    Clock c;
    const ws::spmv::CsrMatrix matrix = ws::spmv::from_graph(g);
    c.report("spmv::from_graph (copy)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string spec = argv[i];
    if (spec.rfind("--threads=", 0) == 0) {  // graph::worker_threads() from here on
      ws::graph::set_worker_threads(std::atoi(spec.c_str() + 10));
      continue;
    }
    std::printf("%s\n", spec.c_str());
    if (spec.rfind("kron:", 0) == 0) {
      uint64_t h = 0xCBF29CE484222325ull;
      {
        Clock c;
        const ws::graph::Graph g = ws::graph::generate(spec, 1);
        c.report("graph::generate");
        h = fnv(fnv(h, g.row_offsets), g.columns);
      }
      std::printf("  hash %016llx\n", static_cast<unsigned long long>(h));
      int scale = 0;
      long long ef = 0;
      if (std::sscanf(spec.c_str(), "kron:%d:%lld", &scale, &ef) == 2) kron_parts(scale, ef, 1);
    } else {
      uint64_t h = 0xCBF29CE484222325ull;
      Clock c;
      const ws::spmv::CsrMatrix m = ws::spmv::generate_matrix(spec, 1);
      c.report("spmv::generate_matrix");
      h = fnv(fnv(fnv(h, m.row_ptr), m.col), m.val);
      std::printf("  hash %016llx\n", static_cast<unsigned long long>(h));
    }
  }
  return 0;
}
