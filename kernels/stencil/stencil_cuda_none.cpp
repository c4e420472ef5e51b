// CPU-only builds: the CUDA entry points of the stencil say there is no CUDA backend.
#include "common/error.h"
#include "stencil_cuda.h"

namespace ws::stencil {

#if !defined(WARPSCOPE_HAVE_CUDA)
std::unique_ptr<Simulation> make_cuda_simulation(const Params&) {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
TeachRun teach_cuda(const Params&, const std::vector<float>&, const std::vector<float>&) {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
#endif

}  // namespace ws::stencil
