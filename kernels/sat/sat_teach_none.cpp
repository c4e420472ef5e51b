// CPU-only builds: teach mode on the CUDA backend is not there.
#include "../common/error.h"
#include "sat_cuda.h"

namespace ws::sat {

TeachRun teach_cuda(const TeachParams&, const Plane&) {
  throw Error("this build has no CUDA backend: teach mode runs on the CPU");
}

}  // namespace ws::sat
