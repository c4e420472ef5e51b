// The summed-area-table scene's pieces that every mode shares: the panels (the input, the variant
// and type, the notes: the worked example, what u32 wrap-around means) and the capabilities.
#pragma once

#include <string>

#include "sat_settings.h"
#include "scene_kit/scene.h"

namespace ws::app {

// Typed values, an image file (the shipped photos in a list), a random size and seed; `colour`
// adds the luminance / RGB choice (the filter mode).
void sat_input_controls(Scene& scene, const SatSettings& s, std::string& error, bool colour);
// Variant and accumulation type; `tile` adds the single-pass tile edge (teach mode).
void sat_variant_controls(Scene& scene, const SatSettings& s, std::string& error, bool tile);
// The code panel: the variant's kernel source with `marker`'s line highlighted.
void sat_code_panel(sat::Variant variant, const std::string& marker);
// The notes: the worked example, four look-ups, u32 wrap-around, float precision.
void sat_notes_panel();

// What every mode takes: an image (or typed values, or a random --size W x H) and a bench run;
// `steps`: the mode steps through a trace (teach).
SceneCapabilities sat_mode_capabilities(bool steps);

// The photos shipped in assets/ that the input list offers.
inline constexpr const char* kSatShippedImages[] = {"camera.png", "coffee.png", "astronaut.png",
                                                    "bluemarble_day.jpg"};

}  // namespace ws::app
