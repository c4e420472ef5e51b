// The CPU colormap loop and the host helpers, in their own file so that the host arithmetic of
// colormap.h is compiled under ws_interop's -ffp-contract=off (identical rounding to the device's
// explicit intrinsics).
#include "interop/colormap.h"

namespace ws::interop {

void colormap_fill_host(Colormap map, const float* values, int64_t n, int64_t cells, float lo,
                        float hi, uint32_t* out) {
  for (int64_t i = 0; i < cells; ++i) out[i] = cell_rgba(map, values, n, i, lo, hi);
}

gfx::Color colormap_color(Colormap map, float t) {
  const uint32_t c = colormap_rgba(map, t, 0.0f, 1.0f);
  return {uint8_t(c & 0xFF), uint8_t((c >> 8) & 0xFF), uint8_t((c >> 16) & 0xFF), uint8_t(c >> 24)};
}

const char* colormap_name(Colormap map) {
  switch (map) {
    case Colormap::Viridis:
      return "viridis";
    case Colormap::Inferno:
      return "inferno";
    case Colormap::CoolWarm:
      return "coolwarm";
  }
  return "?";
}

bool parse_colormap(const std::string& text, Colormap& out) {
  for (Colormap map : kAllColormaps) {
    if (text == colormap_name(map)) {
      out = map;
      return true;
    }
  }
  if (text == "cool-warm") {
    out = Colormap::CoolWarm;
    return true;
  }
  return false;
}

}  // namespace ws::interop
