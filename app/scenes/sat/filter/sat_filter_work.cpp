#include "sat_filter_work.h"

#include <algorithm>
#include <string>

#include "interop/pixel_image.h"
#include "scenes/sat/sat_input.h"

namespace ws::app {

LiveImageRun run_sat_filter(sat::Engine& engine, const SatSettings& s,
                            const LiveRunOptions& options) {
  auto filter = [&engine](sat::FilterMethod method, const SatSettings& s) {
    if (method == sat::FilterMethod::Sat) engine.compute_sat(s.variant, s.accum);
    engine.filter(method, s.filter);
  };
  std::function<std::vector<uint8_t>()> compare;
  if (s.compare)
    compare = [&] {
      filter(s.compare_method, s);
      engine.synchronize();
      return engine.filtered();
    };
  return run_live_image(
      engine, [&] { filter(s.method, s); }, compare, options);
}

SatLiveFilter::Recipe sat_filter_recipe() {
  SatLiveFilter::Recipe r;
  r.input_key = [](const SatSettings& s) { return s.source.key(); };
  r.read = [](const SatSettings& s) {
    return read_live_image(s.source, sat::kMaxSide, sat::kMaxSide);
  };
  r.create = [](Backend backend) { return sat::Engine::create(backend); };
  r.extra_key = [](const SatSettings& s) { return s.filter.depth_of_field ? s.depth : ""; };
  r.read_extra = [](const SatSettings& s, const ImageInput& in) {
    return std::make_shared<const std::vector<float>>(load_sat_depth(s, in.width, in.height));
  };
  r.set_extra = [](sat::Engine& engine, const std::vector<float>& depth) {
    engine.set_depth(depth.data());
  };
  r.run = [](sat::Engine& engine, const SatSettings& s, const LiveImage&, const std::vector<float>*,
             const LiveRunOptions& options) { return run_sat_filter(engine, s, options); };
  // What picks the kernels and the buffers: the methods, the table's variant and type (a radius
  // or a focus picks none the launchers have not loaded: cuda_load.cuh).
  r.warm_key = [](const SatSettings& s) {
    auto method = [&](sat::FilterMethod m) {
      std::string key = sat::filter_method_name(m);
      if (m == sat::FilterMethod::Sat)
        key += std::string(":") + sat::info(s.variant).id + ":" + accum_label(s.accum);
      return key;
    };
    return method(s.method) + (s.compare ? "|" + method(s.compare_method) : std::string()) +
           (s.filter.depth_of_field ? "|dof" : "");
  };
  return r;
}

SatDepthView::SatDepthView() = default;
SatDepthView::~SatDepthView() = default;

void SatDepthView::upload(const std::vector<float>& depth, int width, int height, Backend backend) {
  if (uploaded) return;
  if (!texture) texture = std::make_unique<interop::PixelImage>(backend);
  std::vector<uint8_t> grey(depth.size());
  for (size_t i = 0; i < grey.size(); ++i)
    grey[i] = static_cast<uint8_t>(std::clamp(depth[i], 0.0f, 1.0f) * 255.0f + 0.5f);
  texture->set_planes(grey.data(), width, height, 1);
  uploaded = true;
}

}  // namespace ws::app
