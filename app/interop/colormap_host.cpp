// The CPU colormap loop, in its own file so that the host arithmetic of colormap.h is compiled
// under ws_interop's -ffp-contract=off (identical rounding to the device's explicit intrinsics).
#include "interop/colormap.h"

namespace ws::interop {

void colormap_fill_host(const float* values, int64_t n, int64_t cells, float lo, float hi,
                        uint32_t* out) {
  for (int64_t i = 0; i < cells; ++i) out[i] = cell_rgba(values, n, i, lo, hi);
}

}  // namespace ws::interop
