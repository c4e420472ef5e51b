// What the histogram scene's modes share: the panels of the input (text, typed values, a text
// file, an image channel, synthetic samples), the bins, the variant and its launch, each returning
// what the user changed (an edit for Mode::edit, {} for nothing); the code panel's source and the
// notes; and HistogramMode, what every mode answers alike (lecture mode's variants, the
// benchmark with the scene's typed choice).
#pragma once

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
// The variant's kernel source with `marker`'s line highlighted, after `note`.
KernelSource histogram_kernel_source(histogram::Variant variant, const std::string& marker,
                                     const std::string& note = "");
// The notes: the textbook's example, why atomics serialize, the cures.
void histogram_notes_panel();

// The photos shipped in assets/ as buttons on one line: the one pressed ("" for none).
std::string histogram_shipped_photos();
// The eight variants' ids, in order (lecture mode's keys 1..8).
std::vector<std::string> histogram_variant_ids();
// The photo the image mode shows: the image input, else the benchmark's photo (Black Marble).
std::string histogram_image_file(const HistogramSettings& s);
// The benchmark's choice from the settings: fast mode times the photo a mode shows, or the
// input's photo, else its synthetic distribution over its bins.
bench::HistogramBenchChoice histogram_bench_choice(const HistogramSettings& s, bool shows_photo);

template <class Base>
class HistogramMode : public Base {
 public:
  std::vector<std::string> lecture_variants() const override { return histogram_variant_ids(); }
  BenchJob bench_job(const BenchRequest& request) const override {
    return bench::histogram_bench_job(request, histogram_bench_choice(this->settings(), photo_));
  }

 protected:
  bool photo_ = false;  // the mode shows a photo (fast mode times it)
};

}  // namespace ws::app
