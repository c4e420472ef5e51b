// The filter mode's run document (the table's, with the filtered image's statistics checked
// against a CPU reference filter) and its output image.
#include <algorithm>

#include "sat/sat_filter_cpu.h"
#include "sat_filter_mode.h"
#include "scenes/sat/sat_report.h"
#include "io/image_planes.h"

namespace ws::app {

namespace {

// Per-channel statistics of planes: mean, min, max and a checksum (sum of all samples).
nlohmann::json plane_stats(const std::vector<uint8_t>& planes, int64_t pixels, int channels) {
  nlohmann::json out = nlohmann::json::array();
  for (int c = 0; c < channels; ++c) {
    int64_t sum = 0;
    int lo = 255, hi = 0;
    for (int64_t i = 0; i < pixels; ++i) {
      const int v = planes[size_t(c * pixels + i)];
      sum += v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    out.push_back({{"mean", pixels ? double(sum) / pixels : 0.0},
                   {"min", lo},
                   {"max", hi},
                   {"checksum", sum}});
  }
  return out;
}

}  // namespace

gfx::Image SatFilterMode::output_image() const {
  const auto& shown = live_.shown();
  const std::vector<uint8_t>& f = shown.filtered();
  if (f.empty()) return {};
  const ImageInput& in = shown.in->input;
  return planes_to_image(f, in.width, in.height, in.channels);
}

void SatFilterMode::fill(RunJson& doc) const {
  const auto& shown = live_.shown();
  const SatSettings& s = shown.settings;
  const ImageInput& in = shown.in->input;
  std::vector<double> table;
  if (shown.engine && s.method == sat::FilterMethod::Sat) table = shown.engine->sat(0);
  fill_sat_table(doc, s, in, table.empty() ? nullptr : &table, "filter");
  const std::vector<uint8_t>& f = shown.filtered();
  nlohmann::json filtered = {{"method", sat::filter_method_name(s.method)},
                             {"radius", s.filter.radius},
                             {"depth_of_field", s.filter.depth_of_field},
                             {"channels", plane_stats(f, in.pixels(), in.channels)}};
  if (doc.result.is_null()) doc.result = nlohmann::json::object();
  doc.result["filtered"] = filtered;
  // The reference image: the separable running sums (one radius) or the direct filter (depth of
  // field), computed on the CPU; the pixels must be equal with a u32 or f64 table.
  std::vector<uint8_t> ref(f.size());
  const int64_t n = in.pixels();
  bool have_ref = true;
  const double direct_cost = double(n) * in.channels;
  for (int c = 0; c < in.channels; ++c) {
    const uint8_t* img = shown.in->bytes.data() + c * n;
    if (!s.filter.depth_of_field) {
      sat::filter_separable_cpu(img, in.width, in.height, s.filter, ref.data() + c * n);
    } else if (direct_cost * (2.0 * s.filter.aperture + 1) * (2.0 * s.filter.aperture + 1) < 4e9) {
      sat::filter_direct_cpu(img, in.width, in.height, s.filter, shown.extra->data(),
                             ref.data() + c * n);
    } else {
      have_ref = false;
    }
  }
  if (have_ref) {
    int64_t differing = 0;
    for (size_t i = 0; i < f.size(); ++i) differing += f[i] != ref[i];
    doc.extra["filter_reference"] = {
        {"method", s.filter.depth_of_field ? "direct (cpu)" : "separable (cpu)"},
        {"differing_samples", differing}};
    if (s.accum != sat::Accum::F32F32 || s.method != sat::FilterMethod::Sat)
      doc.matches_reference =
          doc.matches_reference.is_boolean()
              ? nlohmann::json(doc.matches_reference.get<bool>() && differing == 0)
              : nlohmann::json(differing == 0);
  }
  doc.extra["run_ms"] = shown.run.run_ms;
  if (s.compare)
    doc.extra["compare"] = {{"method", sat::filter_method_name(s.compare_method)},
                            {"ms", shown.run.compare_ms},
                            {"differing_samples", shown.run.compare_differing}};
  const nlohmann::json stats = filtered["channels"];
  doc.summary += "; filtered " + std::string(sat::filter_method_name(s.method)) +
                 " r=" + std::to_string(s.filter.radius) + ", mean " +
                 (stats.empty() ? std::string("-") : stats[0]["mean"].dump());
}

}  // namespace ws::app
