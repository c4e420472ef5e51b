// time_cpu_baseline (bfs.h): FIRST VERSION, the direction-optimizing twin on one thread (the tuned
// multithreaded search replaces it).
#include <string>

#include "../common/timing.h"
#include "bfs_cpu_twins.h"

namespace ws::bfs {

CpuBaseline time_cpu_baseline(const Graph& g, int32_t source, int repeats, int threads,
                              double alpha, double beta) {
  Params p;
  p.variant = Variant::DirectionOptimizing;
  p.source = source;
  p.alpha = alpha;
  p.beta = beta;
  validate(p, g);
  const Graph csc = transpose(g);
  const std::vector<int32_t> src;
  CpuGraph forms{&g, &csc, &src};
  CpuBaseline out;
  out.ms = host_median_ms(repeats, [&] { out.result = run_cpu_twin(forms, p); });
  out.threads = 1;
  (void)threads;
  out.name = "CPU direction-optimizing BFS, 1 thread";
  return out;
}

}  // namespace ws::bfs
