// CPU-only builds: the access patterns' CUDA kernels and timings are not there.
#include "../common/error.h"
#include "access_shape.h"

namespace ws::mem {

AccessRun access_cuda(const AccessParams&) {
  throw Error("this build has no CUDA backend: the access patterns run on the CPU");
}

PatternTiming time_pattern(const AccessParams&, int64_t, int) {
  PatternTiming t;
  t.note = "this build has no CUDA backend: no timings";
  return t;
}

BandwidthCurve bandwidth_vs_stride(int64_t, int, int) {
  BandwidthCurve c;
  c.note = "this build has no CUDA backend: no timings";
  return c;
}

BandwidthCurve bandwidth_vs_offset(int64_t, int, int) {
  return bandwidth_vs_stride(0, 0, 0);
}

}  // namespace ws::mem
