// Animations written frame by frame: an animated GIF (giflib, gif_writer.h) or an H.264 MP4
// through an ffmpeg process found on PATH at run time (video_writer.h). Both write to a temporary
// file beside the output and move it into place when finish() succeeds; cancel(), an error or
// destruction before finish() remove it, so a failed or abandoned export leaves nothing behind.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "render/image.h"

namespace ws::app {

enum class AnimationFormat { Gif, Mp4 };

// From the file name's extension (.gif or .mp4, any case); none for anything else.
std::optional<AnimationFormat> animation_format(const std::string& path);

// Frames per second each format accepts. GIF delays are whole hundredths of a second and browsers
// slow down delays under 0.02 s, so a GIF plays at most 50 frames per second.
inline constexpr int kMinAnimationFps = 1;
int max_animation_fps(AnimationFormat format);

struct AnimationSettings {
  std::string path;  // .gif or .mp4
  int width = 0;     // every frame's size in pixels
  int height = 0;
  int fps = 2;               // frames per second
  bool transparent = false;  // frames have a transparent background (GIF only: MP4 has none)
};

class AnimationWriter {
 public:
  virtual ~AnimationWriter() = default;
  // Appends one frame of the size opened with (straight-alpha RGBA, rows top-down). A failure
  // throws ws::Error naming the file; the partial file is gone then.
  virtual void add_frame(const gfx::Image& frame) = 0;
  // Completes the file (at least one frame) and moves it into place at the path; a failure throws
  // ws::Error naming the file and leaves nothing behind.
  virtual void finish() = 0;
  // Abandons the file and removes what was written (also what destruction before finish() does).
  virtual void cancel() = 0;
  int frames_written() const { return frames_; }

 protected:
  int frames_ = 0;
};

// Checks the settings (format from the extension, size, fps; MP4 needs ffmpeg on PATH and no
// transparency) and opens the temporary file. Throws ws::Error with what is accepted.
std::unique_ptr<AnimationWriter> open_animation_writer(const AnimationSettings& settings);

// The full path of an executable on PATH ("" when there is none), e.g. find_on_path("ffmpeg").
std::string find_on_path(const std::string& program);

// The message when MP4 is asked for and ffmpeg is not installed.
inline constexpr const char* kFfmpegMissing =
    "MP4 export needs ffmpeg (apt install ffmpeg); GIF works without it";

}  // namespace ws::app
