// The histogram scene's panels that every mode shares: the input (text, typed values, a text
// file, an image channel, synthetic samples), the bins, the variant and its launch, the code panel
// and the notes; and the capabilities of its modes.
#pragma once

#include <string>

#include "histogram_settings.h"
#include "scene_kit/scene.h"

namespace ws::app {

// `max_n`: the largest synthetic n the mode takes (the slider's end).
void histogram_input_controls(Scene& scene, const HistogramSettings& s, std::string& error,
                              int64_t max_n);
// Bin count, range (or auto) and width.
void histogram_bins_controls(Scene& scene, const HistogramSettings& s, std::string& error);
// The variant, the launch (teach: block, grid, coarsening) and the injected race.
void histogram_variant_controls(Scene& scene, const HistogramSettings& s, std::string& error,
                                bool teach);
// The code panel: the variant's kernel source with `marker`'s line highlighted.
void histogram_code_panel(histogram::Variant variant, const std::string& marker);
// The notes: the textbook's example, why atomics serialize, the cures.
void histogram_notes_panel();

SceneCapabilities histogram_mode_capabilities(bool steps);

// The photos shipped in assets/ that the input list offers.
inline constexpr const char* kHistogramShippedImages[] = {
    "blackmarble_night.jpg", "camera.png", "coffee.png", "astronaut.png", "bluemarble_day.jpg"};

}  // namespace ws::app
