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
  return s.source.key();
}

std::shared_ptr<const SatFilterImage> read_sat_filter_image(const SatSettings& s) {
  auto image = std::make_shared<SatFilterImage>();
  image->input = load_sat_input(s, sat::kMaxSide, s.source.rgb);
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

BackgroundWork<SatFilterJob>::Work sat_filter_job(const SatSettings& s,
                                                  std::shared_ptr<const SatFilterImage> image,
                                                  std::shared_ptr<const std::vector<float>> depth,
                                                  bool on_worker) {
  return [s, image, depth, on_worker](const WorkControl& control) {
    SatFilterJob w;
    w.settings = s;
    w.image = image ? image : read_sat_filter_image(s);
    const ImageInput& in = w.image->input;
    if (s.filter.depth_of_field) {
      w.depth =
          depth
              ? depth
              : std::make_shared<const std::vector<float>>(load_sat_depth(s, in.width, in.height));
      w.depth_key = s.depth;
    }
    control.check();
    control.report(0.2);
    if (on_worker) {
      w.engine = sat::Engine::create(Backend::Cpu);
      w.engine->set_image(in.width, in.height, in.channels, w.image->bytes.data());
      if (w.depth) w.engine->set_depth(w.depth->data());
      control.check();
      control.report(0.4);
      w.run = run_sat_filter(*w.engine, s, true, &control);
    }
    return w;
  };
}

}  // namespace ws::app
