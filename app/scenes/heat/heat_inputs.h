// The heat scene's initial fields and material maps from their text specs (command line, sessions
// and panels share them): the built-in fields of stencil::initial_field, images (grey levels,
// resampled to the grid and extruded along z in 3D) and the demo wall.
#pragma once

#include <string>
#include <vector>

#include "stencil/stencil.h"

namespace ws::app {

// "hot-square", "random:SEED", "zero" or "image:PATH" (white = 1, black = 0). `label` says where
// the field came from, e.g. "camera.png 512x512 -> 256x256". Throws ws::Error naming a bad spec or
// an unreadable image.
std::vector<float> heat_initial_field(const stencil::Params& p, const std::string& spec,
                                      std::string& label);

// "" (no materials: empty), "painted" (all 1: strokes are painted on top), "walls" (an insulating
// wall across the middle with a door in it) or "image:PATH" (conductivity = grey level, so black
// is an insulator and white the normal medium).
std::vector<float> heat_material(const stencil::Params& p, const std::string& spec);

// A painted material map (and the temperatures of its pinned cells) as compact text for sessions:
// runs "COUNT*VALUE" separated by spaces, where VALUE is a conductivity or "p" and the temperature
// of a pinned cell, e.g. "4000*1 12*0 3*p1 81*1". Empty material: "".
std::string encode_painted(const std::vector<float>& material, const std::vector<float>& field);
// The inverse: fills `material` (cells values) and sets field[c] for pinned cells. Throws
// ws::Error naming the problem for malformed text or a map of another size.
void decode_painted(const std::string& text, int64_t cells, std::vector<float>& material,
                    std::vector<float>& field);

}  // namespace ws::app
