// The CUDA engine in a CPU-only build: there is none (histogram_engine.cu is not compiled).
#include "../common/error.h"
#include "histogram_engine_parts.h"

namespace ws::histogram {

std::unique_ptr<Engine> make_cuda_engine() {
  throw Error("histogram: this build has no CUDA backend; use the CPU backend");
}

std::vector<float> synthetic_on_device(Dist, double, int64_t, uint64_t, const BinSpec&) {
  throw Error("histogram: this build has no CUDA backend; use the CPU backend");
}

}  // namespace ws::histogram
