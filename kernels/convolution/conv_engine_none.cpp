// The CUDA engine, the full-size timings and launches in a CPU-only build: there are none
// (conv_engine.cu, conv_timing.cu and conv_launch.cu are not compiled).
#include "../common/error.h"
#include "conv_engine_parts.h"
#include "conv_launch.h"

namespace ws::conv {

std::unique_ptr<Engine> make_cuda_engine() {
  throw Error("convolution: this build has no CUDA backend; use the CPU backend");
}

Timing time_variant(Variant v, Elem, int, int, int, const Filter&, Boundary, int) {
  Timing t;
  t.name = info(v).title;
  t.note = "this build has no CUDA backend";
  return t;
}

Timing time_npp_filter(Elem elem, int, int, int, const Filter&, int) {
  Timing t;
  t.name = elem == Elem::U8 ? "NPP nppiFilterBorder_8u_C1R" : "NPP nppiFilterBorder_32f_C1R";
  t.note = "this build has no CUDA backend";
  return t;
}

std::vector<float> filter_plane_cuda(Variant, const Plane&, const Filter&, Boundary) {
  throw Error("convolution: this build has no CUDA backend");
}

std::optional<std::vector<float>> npp_filter_plane(const Plane&, const Filter&, std::string& note) {
  note = "this build has no CUDA backend";
  return std::nullopt;
}

}  // namespace ws::conv
