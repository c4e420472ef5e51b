// The library baselines in a CPU-only build: not available (sat_library.cu is not compiled).
#include "sat_library.h"

namespace ws::sat {

namespace {

LibraryTiming unavailable(const char* name) {
  LibraryTiming t;
  t.name = name;
  t.note = "this build has no CUDA backend";
  return t;
}

}  // namespace

LibraryTiming cub_sat_table(Accum, const Plane&, int, std::vector<double>*) {
  return unavailable("CUB DeviceScan by rows and columns");
}
LibraryTiming npp_sat_table(const Plane&, int, std::vector<double>*) {
  return unavailable("NPP nppiIntegral_8u32s_C1R");
}
LibraryTiming time_cub_sat(Accum, int, int, int) {
  return unavailable("CUB DeviceScan by rows and columns");
}
LibraryTiming time_npp_sat(int, int, int) {
  return unavailable("NPP nppiIntegral_8u32s_C1R");
}

}  // namespace ws::sat
