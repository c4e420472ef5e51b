#include "sat_filter_work.h"

#include <chrono>

namespace ws::app {

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

std::string sat_filter_input_key(const SatSettings& s) {
  return s.values + "|" + s.image + "|" + std::to_string(s.random_size[0]) + "x" +
         std::to_string(s.random_size[1]) + "|" + std::to_string(s.seed) + "|" +
         (s.rgb ? "rgb" : "lum");
}

std::shared_ptr<const SatFilterImage> read_sat_filter_image(const SatSettings& s) {
  auto image = std::make_shared<SatFilterImage>();
  image->input = load_sat_input(s, sat::kMaxSide, s.rgb);
  image->bytes = image->input.bytes_planes();
  image->key = sat_filter_input_key(s);
  return image;
}

SatFilterRun run_sat_filter(sat::Engine& engine, const SatSettings& s, bool to_host,
                            const WorkControl* control) {
  SatFilterRun r;
  if (s.compare) {
    const auto start = std::chrono::steady_clock::now();
    if (s.compare_method == sat::FilterMethod::Sat) engine.compute_sat(s.variant, s.accum);
    engine.filter(s.compare_method, s.filter);
    engine.synchronize();
    r.compare_ms = ms_since(start);
    r.compared = engine.filtered();
    if (control) {
      control->check();
      control->report(0.7);
    }
  }
  const auto start = std::chrono::steady_clock::now();
  if (s.method == sat::FilterMethod::Sat) engine.compute_sat(s.variant, s.accum);
  engine.filter(s.method, s.filter);
  engine.synchronize();
  r.run_ms = ms_since(start);
  if (s.compare || to_host) {
    r.filtered = engine.filtered();
    r.filtered_on_host = true;
  }
  if (s.compare)
    for (size_t i = 0; i < r.filtered.size() && i < r.compared.size(); ++i)
      r.compare_differing += r.filtered[i] != r.compared[i];
  return r;
}

}  // namespace ws::app
