// CPU-only builds: the transposes' CUDA side (traced teach runs, full-size runs, timings) is not
// there.
#include "../common/error.h"
#include "transpose_teach_cpu.h"

namespace ws::mem {

namespace {

const char* const kNoCudaTranspose =
    "this build has no CUDA backend: the transposes run on the CPU";

TransposeTiming no_transpose_device(const std::string& name) {
  TransposeTiming t;
  t.name = name;
  t.note = kNoCudaTranspose;
  return t;
}

}  // namespace

TransposeRun teach_transpose_cuda(const TransposeTeachParams&, int, int) {
  throw Error(kNoCudaTranspose);
}

std::vector<float> transpose_on_device(TransposeVariant, const std::vector<float>&, int, int) {
  throw Error(kNoCudaTranspose);
}

TransposeTiming time_transpose(TransposeVariant variant, int, int, int) {
  return no_transpose_device(transpose_info(variant).title);
}

CopyTimings time_copy(int, int, int) {
  return {no_transpose_device("copy kernel"), no_transpose_device("cudaMemcpy device to device")};
}

std::vector<float> transpose_fast_config_on_device(int, const std::vector<float>&, int, int) {
  throw Error(kNoCudaTranspose);
}

TransposeTiming time_fast_config(int index, int, int, int) {
  const bool known = index >= 0 && index < int(fast_configs().size());
  return no_transpose_device(known ? fast_configs()[size_t(index)].name() : "fast");
}

}  // namespace ws::mem
