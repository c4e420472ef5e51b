// CPU-only builds: teach mode on the CUDA backend is not there.
#include "../common/error.h"
#include "conv_teach_cpu.h"

namespace ws::conv {

TeachRun teach_cuda(const TeachParams&, const Plane&, const Filter&) {
  throw Error("this build has no CUDA backend: teach mode runs on the CPU");
}

}  // namespace ws::conv
