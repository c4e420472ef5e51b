// What the histogram scene's modes share: the panels of the input (text, typed values, a text
// file, an image channel, synthetic samples), the bins, the variant and its launch, each returning
// what the user changed (an edit for Mode::edit, {} for nothing); the notes; the benchmark's typed
// choice (the scene names the job once for every mode).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "histogram_bench.h"
#include "histogram_settings.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

// `max_n`: the largest synthetic n the mode takes (the slider's end).
nlohmann::json histogram_input_panel(const HistogramSettings& s, int64_t max_n);
// Bin count, range (or auto) and width.
nlohmann::json histogram_bins_panel(const HistogramSettings& s);
// The variant, the launch (teach mode: block, grid and coarsening, the sliders ending at its
// `teach` limits; null: the full-size runs, no sliders) and the injected race.
nlohmann::json histogram_variant_panel(const HistogramSettings& s,
                                       const std::vector<ModeLimit<HistogramSettings>>* teach);
// The largest value a table of limits allows for `key`.
int64_t limit_max(const std::vector<ModeLimit<HistogramSettings>>& limits, const char* key);
// The notes: the textbook's example, why atomics serialize, the cures.
void histogram_notes_panel();

// The photos shipped in assets/ as buttons on one line: the one pressed ("" for none).
std::string histogram_shipped_photos();
// The photo the image mode shows: the image input, else the benchmark's photo (Black Marble).
std::string histogram_image_file(const HistogramSettings& s);
// The benchmark's choice from the settings: fast mode times the photo a mode shows, or the
// input's photo, else its synthetic distribution over its bins.
bench::HistogramBenchChoice histogram_bench_choice(const HistogramSettings& s, bool shows_photo);

// Just above `v`: where a hover box that holds its max edges ends (HoverMap's regions do not).
inline float past(float v) {
  return std::nextafter(v, INFINITY);
}

}  // namespace ws::app
