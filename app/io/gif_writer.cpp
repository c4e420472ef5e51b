// GIF output through giflib (gif_writer.h). Every frame is written whole (no frame differencing):
// a decoder shows frame k as it is, whatever came before.
#include "io/gif_writer.h"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "io/gif_palette.h"

namespace ws::app {

int GifWriter::delay_centiseconds(int fps) {
  return std::max(1, int(std::lround(100.0 / std::max(fps, 1))));
}

GifWriter::GifWriter(const AnimationSettings& settings)
    : settings_(settings), temp_(settings.path + ".partial.gif") {
  // Opened here rather than by EGifOpenFileName, which makes files only their owner may read.
  const int fd = open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  WS_REQUIRE(fd >= 0, "cannot write '" + settings_.path +
                          "' (does its folder exist, and may it be written?)");
  int error = 0;
  gif_ = EGifOpenFileHandle(fd, &error);  // owns fd from here (closed with the file)
  if (!gif_) {
    close(fd);
    std::remove(temp_.c_str());
    throw Error("cannot write '" + settings_.path + "': " + GifErrorString(error));
  }
  EGifSetGifVersion(gif_, true);  // GIF89a: delays, transparency, loop
  // No global colour table: every frame brings its own.
  if (EGifPutScreenDesc(gif_, settings_.width, settings_.height, 8, 0, nullptr) == GIF_ERROR)
    fail("the screen descriptor", gif_->Error);
  // Loop forever: NETSCAPE2.0, sub-block 1, loop count 0 (little-endian).
  static const unsigned char kNetscape[] = "NETSCAPE2.0";
  static const unsigned char kLoopForever[] = {1, 0, 0};
  if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, 11, kNetscape) == GIF_ERROR ||
      EGifPutExtensionBlock(gif_, 3, kLoopForever) == GIF_ERROR ||
      EGifPutExtensionTrailer(gif_) == GIF_ERROR)
    fail("the loop extension", gif_->Error);
}

GifWriter::~GifWriter() {
  if (gif_) cancel();
}

void GifWriter::fail(const std::string& what, int gif_error) {
  const char* reason = GifErrorString(gif_error);
  cancel();
  throw Error("writing '" + settings_.path + "' failed at " + what + ": " +
              (reason ? reason : "unknown giflib error") + " (disk full?)");
}

void GifWriter::add_frame(const gfx::Image& frame) {
  WS_REQUIRE(gif_ != nullptr, "'" + settings_.path + "' is already finished or cancelled");
  WS_REQUIRE(frame.width == settings_.width && frame.height == settings_.height,
             "frame " + std::to_string(frames_ + 1) + " of '" + settings_.path + "' is " +
                 std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 ", the animation is " + std::to_string(settings_.width) + "x" +
                 std::to_string(settings_.height));
  IndexedFrame indexed = index_colours(frame);

  GraphicsControlBlock gcb;
  // Transparent frames clear their area first, or the previous frame would show through.
  gcb.DisposalMode = indexed.transparent_index >= 0 ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delay_centiseconds(settings_.fps);
  gcb.TransparentColor =
      indexed.transparent_index >= 0 ? indexed.transparent_index : NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const size_t length = EGifGCBToExtension(&gcb, extension);
  if (EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, int(length), extension) == GIF_ERROR)
    fail("frame " + std::to_string(frames_ + 1), gif_->Error);

  // giflib's tables have a power-of-two size from 2 to 256.
  int size = 2;
  while (size < int(indexed.palette.size())) size *= 2;
  std::vector<GifColorType> colours(size, GifColorType{0, 0, 0});
  for (size_t i = 0; i < indexed.palette.size(); ++i)
    colours[i] = GifColorType{indexed.palette[i][0], indexed.palette[i][1], indexed.palette[i][2]};
  ColorMapObject* map = GifMakeMapObject(size, colours.data());
  WS_REQUIRE(map != nullptr, std::string("out of memory for a GIF colour table"));
  const bool ok =
      EGifPutImageDesc(gif_, 0, 0, settings_.width, settings_.height, false, map) != GIF_ERROR;
  GifFreeMapObject(map);
  if (!ok) fail("frame " + std::to_string(frames_ + 1), gif_->Error);
  for (int y = 0; y < settings_.height; ++y) {
    GifPixelType* row = indexed.indices.data() + size_t(y) * settings_.width;
    if (EGifPutLine(gif_, row, settings_.width) == GIF_ERROR)
      fail("frame " + std::to_string(frames_ + 1), gif_->Error);
  }
  ++frames_;
}

void GifWriter::finish() {
  WS_REQUIRE(gif_ != nullptr, "'" + settings_.path + "' is already finished or cancelled");
  if (frames_ == 0) {
    cancel();
    throw Error("'" + settings_.path + "' got no frames: nothing was written");
  }
  int error = 0;
  const int closed = EGifCloseFile(gif_, &error);
  gif_ = nullptr;  // closed (and freed) either way
  if (closed == GIF_ERROR) {
    std::remove(temp_.c_str());
    const char* reason = GifErrorString(error);
    throw Error("writing '" + settings_.path + "' failed: " + (reason ? reason : "giflib error") +
                " (disk full?)");
  }
  if (std::rename(temp_.c_str(), settings_.path.c_str()) != 0) {
    std::remove(temp_.c_str());
    throw Error("cannot move the animation into place at '" + settings_.path + "'");
  }
}

void GifWriter::cancel() {
  if (gif_) {
    int error = 0;
    EGifCloseFile(gif_, &error);
    gif_ = nullptr;
  }
  std::remove(temp_.c_str());
}

}  // namespace ws::app
