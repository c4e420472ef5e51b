// The CUDA engine in a CPU-only build: there is none (sat_engine.cu is not compiled).
#include "../common/error.h"
#include "sat_cuda.h"

namespace ws::sat {

std::unique_ptr<Engine> make_cuda_engine() {
  throw Error("summed-area table: this build has no CUDA backend; use the CPU backend");
}

}  // namespace ws::sat
