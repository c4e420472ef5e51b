// What is the summed-area-table scene's own in its input: the kit's planes of samples
// (scene_kit/image_source.h) as the kernels' sat::Plane, and the depth map of depth of field
// (generated or read from a file).
#pragma once

#include <vector>

#include "sat/sat.h"
#include "sat_settings.h"
#include "scene_kit/image_source.h"

namespace ws::app {

// The settings' input for a mode that shows up to max_side on a side (image files are read up to
// sat::kMaxSide and averaged down). Throws ws::Error naming the file or the option.
ImageInput load_sat_input(const SatSettings& s, int max_side, bool rgb);
// One channel of the input as the kernels take it.
sat::Plane sat_plane(const ImageInput& in, int channel);

// The depth map of depth of field for a w x h image: s.depth is ramp | bowl | step | a file of
// the image's size. Throws ws::Error naming the problem.
std::vector<float> load_sat_depth(const SatSettings& s, int width, int height);

}  // namespace ws::app
