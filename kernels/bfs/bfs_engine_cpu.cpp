// The CPU engine (bfs.h): the graph on the host in the three forms the variants read (CSR, its
// CSC for pull and bottom-up levels, the COO sources for edge-centric), built once per graph, and
// each variant's twin (bfs_cpu_twins.h) run on one host thread. Timings: wall clock of the whole
// search (statistics included: the twins count as they go), the median of the repeats; per-level
// times are not measured (LevelStats::ms = 0).
#include <chrono>
#include <new>
#include <string>

#include "../common/error.h"
#include "../common/timing.h"
#include "bfs_cpu_twins.h"
#include "bfs_engine_parts.h"

namespace ws::bfs {

namespace {

class CpuEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cpu; }

  void set_graph(const Graph& g) override {
    graph::validate(g);
    try {
      Graph csr = g;
      Graph csc = g.symmetric ? Graph() : transpose(g);
      std::vector<int32_t> src = coo_sources(g);
      csr_ = std::move(csr);
      csc_ = std::move(csc);
      coo_src_ = std::move(src);
    } catch (const std::bad_alloc&) {
      const double bytes = double(g.row_offsets.size()) * 8 * 2 + double(g.edges()) * 4 * 3;
      throw Error("BFS (CPU): the graph '" + g.name + "' does not fit in host memory (about " +
                  std::to_string(int64_t(bytes / (1024 * 1024))) +
                  " MiB needed for its CSR, CSC and COO forms); the previous graph is kept");
    }
  }
  int32_t vertices() const override { return csr_.vertices; }
  int64_t edges() const override { return csr_.edges(); }

  Result run(const Params& p) override {
    validate(p, csr_);
    const auto start = std::chrono::steady_clock::now();
    Result r = run_cpu_twin(forms(), p);
    r.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return r;
  }

  double time_ms(const Params& p, int repeats) override {
    validate(p, csr_);
    const CpuGraph g = forms();
    return host_median_ms(repeats, [&] { run_cpu_twin(g, p); });
  }

 private:
  CpuGraph forms() const {
    CpuGraph g;
    g.csr = &csr_;
    g.csc = csr_.symmetric ? &csr_ : &csc_;
    g.coo_src = &coo_src_;
    return g;
  }

  Graph csr_, csc_;
  std::vector<int32_t> coo_src_;
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine() {
  return std::make_unique<CpuEngine>();
}

}  // namespace ws::bfs
