// What the image mode holds: the photo and the result shown (with the settings they were computed
// with; a job may be computing others), a job's input and output, the window's engine and
// textures (the equalized planes reach the screen from CUDA's buffers through CUDA-GL interop).
#pragma once

#include <memory>

#include "histogram_image_work.h"
#include "interop/pixel_image.h"
#include "scene_kit/live_mode.h"
#include "scenes/histogram/histogram_panels.h"

namespace ws::app {

struct HistogramImageShown {
  std::shared_ptr<const HistogramPhoto> photo = std::make_shared<HistogramPhoto>();
  HistogramImageResult result;
  HistogramSettings settings;
};

struct HistogramImageWork {
  HistogramSettings settings;
  std::shared_ptr<const HistogramPhoto> photo;
  HistogramImageResult result;
  bool computed = false;  // on the worker's CPU engine; else on the mode's when adopted
};

struct HistogramImageScreen {
  std::unique_ptr<histogram::Engine> engine;  // CUDA's stays the mode's (one per job on the CPU)
  std::unique_ptr<interop::PixelImage> original, equalized;
  bool original_uploaded = false;
  bool equalized_from_device = false;  // the equalized texture was written from CUDA's buffers
};

struct HistogramImageState {
  BackgroundWork<HistogramImageWork> work;
  HistogramImageShown shown;
  HistogramImageScreen screen;
};

}  // namespace ws::app
