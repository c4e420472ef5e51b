// The CPU packing loop of PixelImage (pixel_pack.h), one loop per channel count so the compiler
// sees a branch-free body.
#include "interop/pixel_pack.h"

namespace ws::interop {

void pack_planes_host(const uint8_t* planes, int64_t plane_size, int channels, uint32_t* out) {
  if (channels == 1) {
    for (int64_t i = 0; i < plane_size; ++i) out[i] = grey_rgba(planes[i]);
    return;
  }
  const uint8_t* r = planes;
  const uint8_t* g = planes + plane_size;
  const uint8_t* b = planes + 2 * plane_size;
  for (int64_t i = 0; i < plane_size; ++i) out[i] = rgb_rgba(r[i], g[i], b[i]);
}

}  // namespace ws::interop
