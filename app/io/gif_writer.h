// An animated GIF written frame by frame through giflib: loops forever (the NETSCAPE2.0
// application extension), one delay for every frame (round(100 / fps) hundredths of a second, so
// 15 fps plays at 14.3 and 30 at 33.3), each frame a full image with its own colour table
// (gif_palette.h: exact up to 256 colours, else the dominant colours exact), a transparent index
// where the frame is transparent.
#pragma once

#include <string>

#include "io/animation_writer.h"

struct GifFileType;

namespace ws::app {

class GifWriter final : public AnimationWriter {
 public:
  // Opens "<path>.partial.gif"; throws ws::Error naming the path when it cannot be written.
  explicit GifWriter(const AnimationSettings& settings);
  ~GifWriter() override;
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;
  void add_frame(const gfx::Image& frame) override;
  void finish() override;
  void cancel() override;

  // The delay giflib writes for `fps`, in hundredths of a second.
  static int delay_centiseconds(int fps);

 private:
  [[noreturn]] void fail(const std::string& what, int gif_error);
  AnimationSettings settings_;
  std::string temp_;
  GifFileType* gif_ = nullptr;
};

}  // namespace ws::app
