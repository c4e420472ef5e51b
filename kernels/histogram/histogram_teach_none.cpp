// CPU-only builds: teach mode on the CUDA backend is not there.
#include "../common/error.h"
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cuda(const TeachParams&, const Samples&, const BinSpec&) {
  throw Error("this build has no CUDA backend: teach mode runs on the CPU");
}

}  // namespace ws::histogram
