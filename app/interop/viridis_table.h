// Compatibility names for code written before the colormap tables were generalised: viridis is
// table 0 of colormap_tables.h. New code uses colormap.h (colormap_color, Colormap::Viridis).
#pragma once

#include "interop/colormap_tables.h"

namespace ws::interop {

inline constexpr int kViridisSize = kColormapSize;
inline constexpr const uint32_t* kViridisRgba = kColormapRgba[0];

}  // namespace ws::interop
