// The input panel of an image scene (scene_kit/image_source.h): typed values with an example, an
// image file with the shipped photos, a random size and seed, and luminance or R, G, B.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "image_source.h"

namespace ws::app {

// The photos shipped in assets/ that the panel offers.
inline constexpr const char* kShippedPhotos[] = {"camera.png", "coffee.png", "astronaut.png",
                                                 "bluemarble_day.jpg"};

struct ImageSourcePanel {
  const char* id = "image";        // widget ids: "<id>-input", "<id>-values", ...
  const char* example = "";        // typed values a button puts in ("" = no button)
  const char* example_label = "";  // the button's label, translated by the caller
  bool values = true;              // offer typed values
  bool colour = false;             // offer luminance / R, G, B
};

// Under a collapsing header "Input"; returns what changed (the scene's keys).
nlohmann::json image_source_controls(const ImageSource& s, const ImageSourcePanel& panel);

}  // namespace ws::app
