// The animation writers' common part (animation_writer.h): the format from the file name, the
// checks every format shares, and finding a program on PATH.
#include "io/animation_writer.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "common/error.h"
#include "io/gif_writer.h"
#include "io/video_writer.h"

namespace ws::app {

std::optional<AnimationFormat> animation_format(const std::string& path) {
  const size_t dot = path.rfind('.');
  if (dot == std::string::npos || path.find('/', dot) != std::string::npos) return std::nullopt;
  std::string ext = path.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == "gif") return AnimationFormat::Gif;
  if (ext == "mp4") return AnimationFormat::Mp4;
  return std::nullopt;
}

int max_animation_fps(AnimationFormat format) {
  return format == AnimationFormat::Gif ? 50 : 60;
}

std::string find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path || program.empty()) return "";
  const std::string dirs = path;
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
    const std::string candidate = dir + "/" + program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return "";
}

std::unique_ptr<AnimationWriter> open_animation_writer(const AnimationSettings& s) {
  const std::optional<AnimationFormat> format = animation_format(s.path);
  WS_REQUIRE(format.has_value(), "an animation is written as .gif or .mp4, got '" + s.path + "'");
  WS_REQUIRE(s.width >= 1 && s.height >= 1 && s.width <= 16384 && s.height <= 16384,
             "an animation's frames must be 1 to 16384 pixels wide and high, got " +
                 std::to_string(s.width) + "x" + std::to_string(s.height));
  const int max_fps = max_animation_fps(*format);
  WS_REQUIRE(s.fps >= kMinAnimationFps && s.fps <= max_fps,
             "the frame rate must be " + std::to_string(kMinAnimationFps) + " to " +
                 std::to_string(max_fps) + " frames per second for " +
                 (*format == AnimationFormat::Gif ? "a GIF" : "an MP4") + ", got " +
                 std::to_string(s.fps));
  if (*format == AnimationFormat::Gif) return std::make_unique<GifWriter>(s);
  WS_REQUIRE(!s.transparent, std::string("MP4 has no transparent background: write a .gif for "
                                         "that, or leave transparency off"));
  const std::string ffmpeg = find_on_path("ffmpeg");
  WS_REQUIRE(!ffmpeg.empty(), std::string(kFfmpegMissing));
  return std::make_unique<VideoWriter>(s, ffmpeg);
}

}  // namespace ws::app
