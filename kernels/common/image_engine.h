// An 8-bit image that lives on a backend and a filtered image computed from it: what the image
// scenes' live filters share (the summed-area-table filters, convolution), so one figure, one
// worker job and one interop path show any of them. CUDA-free header.
#pragma once

#include <cstdint>
#include <vector>

#include "backend.h"

namespace ws {

class ImageEngine {
 public:
  virtual ~ImageEngine() = default;
  virtual Backend backend() const = 0;

  // `channels` (1..4) planes of width x height 8-bit samples, channel-major. Throws ws::Error for
  // a size the engine does not take or an image that does not fit in memory (naming the bytes
  // needed); the previous image is kept then.
  virtual void set_image(int width, int height, int channels, const uint8_t* planes) = 0;
  virtual int width() const = 0;
  virtual int height() const = 0;
  virtual int channels() const = 0;

  // The last filter's output: channel-major planes, host copy.
  virtual std::vector<uint8_t> filtered() const = 0;
  // CUDA: the filtered planes in device memory (channel-major, valid until the next call that
  // changes them), ordered on the legacy default stream; CPU: nullptr.
  virtual const uint8_t* device_filtered() const { return nullptr; }
  // CUDA: the image's planes in device memory; CPU: nullptr.
  virtual const uint8_t* device_image() const { return nullptr; }
  virtual void synchronize() {}
};

}  // namespace ws
