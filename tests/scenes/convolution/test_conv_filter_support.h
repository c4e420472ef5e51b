// What the filter mode's tests share: the registered convolution scene in filter mode, attached
// on the CPU (in place, or with the window's background work), the input read on its own, and
// the convolution computed here in double precision (the reference the mode is checked against).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "convolution/convolution.h"
#include "io/image_planes.h"
#include "scene_kit/mode_table.h"
#include "scenes/convolution/conv_settings.h"
#include "scenes/registry.h"

namespace ws::app::conv_filter_test {

// The registered "conv" scene with `params` (mode filter unless they name one), attached to
// `context` (CPU).
inline std::unique_ptr<Scene> filter_scene(nlohmann::json params, SceneContext& context) {
  if (!params.contains("mode")) params["mode"] = "filter";
  for (std::unique_ptr<Scene>& s : make_scenes())
    if (std::string(s->id()) == kConvSceneId) {
      s->params_from_json(params);
      s->attach(context);
      return std::move(s);
    }
  ADD_FAILURE() << "no scene '" << kConvSceneId << "' in the registry";
  return nullptr;
}

// The error line the scene shows above the active mode's panel.
inline std::string error_line(const Scene& scene) {
  return dynamic_cast<const ModeTable&>(scene).active().error();
}

// Ticks a scene whose work runs on a worker until the job is in (at most 30 s).
inline void wait_for(Scene& scene) {
  const auto start = std::chrono::steady_clock::now();
  do {
    scene.tick(0.016f);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  } while (scene.busy() && std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
  scene.tick(0.016f);
}

// The shipped photo as the mode reads it (luminance or R, G, B planes).
inline ImagePlanes photo(const std::string& name, bool rgb) {
  return load_image_planes(name, rgb ? ColourMode::Rgb : ColourMode::Luminance);
}

// Every channel convolved in double precision with `spec`, then made a byte as the kernels'
// header says (|v| for Absolute, sqrt(a^2 + b^2) for Magnitude, + bias, rounded half up, clamped).
inline std::vector<uint8_t> reference_bytes(const ImagePlanes& image, const conv::FilterSpec& spec,
                                            conv::Boundary boundary) {
  const size_t n = size_t(image.width) * image.height;
  std::vector<uint8_t> out(n * image.channels);
  for (int c = 0; c < image.channels; ++c) {
    conv::Plane p;
    p.width = image.width;
    p.height = image.height;
    p.values.assign(image.planes.begin() + c * n, image.planes.begin() + (c + 1) * n);
    const std::vector<double> a = conv::convolve_reference(p, spec.filter, boundary);
    std::vector<double> b;
    if (spec.second) b = conv::convolve_reference(p, *spec.second, boundary);
    for (size_t i = 0; i < n; ++i) {
      double v = a[i];
      if (spec.post == conv::Post::Absolute) v = std::fabs(v);
      if (spec.post == conv::Post::Magnitude) v = std::hypot(a[i], b[i]);
      v = std::floor(v + spec.bias + 0.5);
      out[c * n + i] = static_cast<uint8_t>(std::min(255.0, std::max(0.0, v)));
    }
  }
  return out;
}

// An RGBA image's channel c (0..2) as planes: grey images give R = G = B.
inline std::vector<uint8_t> planes_of(const gfx::Image& img, int channels) {
  const size_t n = size_t(img.width) * img.height;
  std::vector<uint8_t> out(n * channels);
  for (int c = 0; c < channels; ++c)
    for (size_t i = 0; i < n; ++i) out[c * n + i] = img.rgba[i * 4 + c];
  return out;
}

}  // namespace ws::app::conv_filter_test
