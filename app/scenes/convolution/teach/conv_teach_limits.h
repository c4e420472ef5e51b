// Teach mode's bounds, one table (ModeLimit rows): a random image up to 32 x 32, radius 0..7 for
// the tiled variants (3-5), a tile wider than its two halos, 2D blocks up to 32 x 32 threads.
// (Typed inputs, 1D up to 256 values and 2D up to 32 x 32, are checked when they are read.)
#pragma once

#include <vector>

#include "scene_kit/modal_scene.h"
#include "scenes/convolution/conv_settings.h"

namespace ws::app {

std::vector<ModeLimit<ConvSettings>> conv_teach_limits();

}  // namespace ws::app
