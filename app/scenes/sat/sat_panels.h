// The summed-area-table scene's pieces that every mode shares: the panels (the input, the variant
// and type, the notes: the worked example, what u32 wrap-around means), the code panel's source,
// the benchmark, and the modes' bases.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sat_settings.h"
#include "scene_kit/live_mode.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

// Typed values, an image file (the shipped photos in a list), a random size and seed; `colour`
// adds the luminance / RGB choice (the filter mode). Returns what changed.
nlohmann::json sat_input_controls(const SatSettings& s, bool colour);
// Variant and accumulation type; `tile` adds the single-pass tile edge (teach mode).
nlohmann::json sat_variant_controls(const SatSettings& s, bool tile);
// The notes: the worked example, four look-ups, u32 wrap-around, float precision.
void sat_notes_panel();
// What the code panel shows for `variant`, with `marker`'s line highlighted.
KernelSource sat_kernel_source(sat::Variant variant, const std::string& marker);
// `warpscope bench --scene sat` and fast mode: bench/sat_bench.h with the scene's type.
BenchJob sat_bench(const BenchRequest& request, const SatSettings& s);
// Sentences of a caption, joined as the language writes them.
std::string sat_sentences(const std::vector<std::string>& sentences);

// A mode of the scene over `Base` (a TracedMode or LiveMode of SatSettings): every mode times the
// scene's one benchmark.
template <class Base>
class SatMode : public Base {
 public:
  BenchJob bench_job(const BenchRequest& request) const override {
    return sat_bench(request, this->settings());
  }
};

// The query and filter modes: one figure, the variant's source, every variant in lecture mode.
class SatLiveMode : public SatMode<LiveMode<SatSettings>> {
 public:
  SatLiveMode() { fast_.set_size_choices({"1024", "4096", "8192"}, 0); }  // the bench's sizes
  void code_ui() override;
  std::vector<std::string> lecture_variants() const override;
};

// The photos shipped in assets/ that the input list offers.
inline constexpr const char* kSatShippedImages[] = {"camera.png", "coffee.png", "astronaut.png",
                                                    "bluemarble_day.jpg"};

}  // namespace ws::app
