// The filter mode's run document (input, filter, variant, time, and the difference against the
// comparison) and its output image (what `run --out` writes).
#include "conv_filter_mode.h"
#include "io/image_planes.h"

namespace ws::app {

gfx::Image ConvFilterMode::output_image() const {
  const auto& shown = live_.shown();
  const std::vector<uint8_t>& f = shown.filtered();
  if (f.empty()) return {};
  const ImageInput& in = shown.in->input;
  return planes_to_image(f, in.width, in.height, in.channels);
}

void ConvFilterMode::fill(RunJson& doc) const {
  const auto& shown = live_.shown();
  const ConvSettings& s = shown.settings;
  const ImageInput& in = shown.in->input;
  const conv::FilterSpec spec = conv_live_spec(s, in.height);
  doc.input = {
      {"label", in.label}, {"width", in.width}, {"height", in.height}, {"channels", in.channels}};
  int64_t checksum = 0;
  for (uint8_t v : shown.filtered()) checksum += v;
  doc.result = {{"checksum", checksum}, {"samples", shown.filtered().size()}};
  doc.extra["filter"] = {{"name", spec.name},
                         {"width", spec.filter.width},
                         {"height", spec.filter.height},
                         {"boundary", conv::boundary_name(s.boundary)}};
  doc.extra["variant"] = conv::info(s.variant).id;
  doc.extra["ms"] = shown.run.run_ms;
  doc.extra["gpixels_per_s"] = conv_gpixels_per_s(in.pixels(), shown.run.run_ms);
  if (!shown.run.difference.empty()) {
    // The CPU reference is computed once per image and filter on the worker: no time per run.
    doc.extra["compare"] = {
        {"against", conv_compare_words(s)},
        {"ms", s.compare_cpu ? nlohmann::json() : nlohmann::json(shown.run.compare_ms)},
        {"differing_samples", shown.run.compare_differing},
        {"largest_difference", shown.run.compare_largest}};
    if (s.compare_cpu) doc.matches_reference = shown.run.compare_differing == 0;
  }
  doc.summary += "; " + conv_filter_words(s, spec) + " by " + conv::info(s.variant).id + ", " +
                 std::to_string(shown.run.run_ms) + " ms";
}

}  // namespace ws::app
