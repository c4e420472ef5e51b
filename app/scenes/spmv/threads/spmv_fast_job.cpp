#include "spmv_fast_job.h"

#include <memory>

#include "i18n/i18n.h"
#include "spmv_bench.h"

namespace ws::app {

std::string spmv_fast_about() {
  return tr(
      "SpMV at full size: this variant on the fast-mode matrix (--fast-matrix; the "
      "scene's matrix when it names none) against cuSPARSE's CSR SpMV, with GFLOP/s and "
      "effective GB/s against a copy.");
}

BenchJob spmv_scene_bench_job(const BenchRequest& request, const SpmvSettings& s) {
  if (!request.from_scene) return bench::spmv_bench_job(request);
  BenchRequest r = request;
  r.sizes.clear();
  r.type.clear();
  r.variants = spmv::spmv_info(s.variant).id;
  bench::SpmvBenchChoice choice;
  choice.type = s.precision;
  if (s.fast_matrix == "scene" || s.fast_matrix.empty()) {
    choice.matrix = s.loaded;
    return bench::spmv_bench_job(r, choice);
  }
  // The request is checked here (a CPU backend is refused at once); the matrix is made on the
  // worker, which may take seconds at 100M nonzeros.
  bench::spmv_bench_job(r, choice);
  const std::string spec = s.fast_matrix.substr(4);  // after "gen:"
  const uint64_t seed = s.seed;
  return [r, choice, spec, seed](std::ostream& progress) {
    progress << "generating " << spec << "\n";
    bench::SpmvBenchChoice c = choice;
    c.matrix = std::make_shared<const spmv::CsrMatrix>(spmv::generate_matrix(spec, seed));
    return bench::spmv_bench_job(r, c)(progress);
  };
}

}  // namespace ws::app
