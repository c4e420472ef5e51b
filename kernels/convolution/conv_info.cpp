// The variant table, the boundary rules and the ghost-cell index every convolution shares.
#include <string>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "convolution.h"

namespace ws::conv {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::Basic, "basic", "Basic: one thread per output, filter in global memory",
       "conv_basic.cu",
       "Every multiply-add loads an input cell and a filter weight from global memory: 0.25 "
       "OP/B, firmly memory bound."},
      {Variant::ConstantMemory, "constant", "Constant-memory filter (broadcast)",
       "conv_constant.cu",
       "All lanes of a warp read the same weight at once: the constant cache broadcasts it, "
       "halving the global traffic."},
      {Variant::TiledInput, "tiled-input", "Tiled, block = input tile (halo threads idle)",
       "conv_tiled_input.cu",
       "Each input cell is loaded once into shared memory and reused by up to (2r+1)^2 outputs; "
       "the halo threads load and then idle."},
      {Variant::TiledOutput, "tiled-output", "Tiled, block = output tile (halo through caches)",
       "conv_tiled_output.cu",
       "Every thread computes; the halo cells come from global memory, mostly hits in L1 and "
       "L2 because the neighbouring blocks load them too."},
      {Variant::Fast, "fast", "Fast: register strips, vector loads, separable passes",
       "conv_fast.cu",
       "Each thread computes several outputs from values held in registers, and a rank-1 filter "
       "runs as two 1D passes: (2r+1)^2 multiply-adds become 2(2r+1)."},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "convolution");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

bool is_tiled(Variant v) {
  return v == Variant::TiledInput || v == Variant::TiledOutput || v == Variant::Fast;
}

const char* boundary_name(Boundary b) {
  switch (b) {
    case Boundary::Zero:
      return "zero";
    case Boundary::Clamp:
      return "clamp";
    case Boundary::Mirror:
      return "mirror";
  }
  return "zero";
}

bool parse_boundary(const std::string& text, Boundary& out) {
  for (Boundary b : {Boundary::Zero, Boundary::Clamp, Boundary::Mirror})
    if (text == boundary_name(b)) {
      out = b;
      return true;
    }
  return false;
}

int64_t ghost_index(int64_t i, int64_t n, Boundary b) {
  if (i >= 0 && i < n) return i;
  switch (b) {
    case Boundary::Zero:
      return -1;
    case Boundary::Clamp:
      return i < 0 ? 0 : n - 1;
    case Boundary::Mirror: {
      if (n == 1) return 0;
      const int64_t period = 2 * (n - 1);  // reflect-101: 0 1 .. n-1 n-2 .. 1 | 0 1 ..
      int64_t m = i % period;
      if (m < 0) m += period;
      return m < n ? m : period - m;
    }
  }
  return -1;
}

}  // namespace ws::conv
