// An H.264 MP4 written frame by frame by an ffmpeg process: raw RGBA frames go to its standard
// input (a socket, so a crashed ffmpeg is an error here, not a SIGPIPE), libx264 encodes them as
// yuv420p with the index at the front (+faststart, plays while it downloads). yuv420p needs even
// sizes: an odd width or height is padded by repeating the last column or row. ffmpeg's messages
// go to a temporary log whose tail is the error when it fails.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "io/animation_writer.h"

namespace ws::app {

class VideoWriter final : public AnimationWriter {
 public:
  // Starts `ffmpeg` (a path) writing "<path>.partial.mp4"; throws ws::Error when it cannot start.
  VideoWriter(const AnimationSettings& settings, const std::string& ffmpeg);
  ~VideoWriter() override;
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;
  void add_frame(const gfx::Image& frame) override;
  void finish() override;
  void cancel() override;

 private:
  // Ends ffmpeg (closing its input, or killing it) and waits; its exit status (-1: killed).
  int stop(bool kill_it);
  [[noreturn]] void fail(const std::string& what);
  std::string log_tail() const;
  AnimationSettings settings_;
  std::string temp_, log_path_;
  int even_width_, even_height_;
  int input_ = -1;  // our end of ffmpeg's standard input
  pid_t pid_ = -1;
  std::vector<uint8_t> padded_;  // a frame at the even size
};

}  // namespace ws::app
