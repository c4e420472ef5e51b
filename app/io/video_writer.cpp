// MP4 output through an ffmpeg child process (video_writer.h).
#include "io/video_writer.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.h"

extern char** environ;

namespace ws::app {

VideoWriter::VideoWriter(const AnimationSettings& settings, const std::string& ffmpeg)
    : settings_(settings),
      temp_(settings.path + ".partial.mp4"),
      even_width_(settings.width + settings.width % 2),
      even_height_(settings.height + settings.height % 2) {
  // The folder must take the file: find out now, with our own message, not from ffmpeg later.
  if (std::FILE* probe = std::fopen(temp_.c_str(), "wb")) {
    std::fclose(probe);
  } else {
    throw Error("cannot write '" + settings_.path +
                "' (does its folder exist, and may it be written?)");
  }
  std::string log_template =
      (std::filesystem::temp_directory_path() / "warpscope-ffmpeg-XXXXXX").string();
  const int log_fd = mkostemp(log_template.data(), O_CLOEXEC);
  if (log_fd < 0) {
    std::remove(temp_.c_str());
    throw Error(std::string("cannot create a temporary file for ffmpeg's messages: ") +
                std::strerror(errno));
  }
  log_path_ = log_template;
  int sockets[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
    close(log_fd);
    std::remove(log_path_.c_str());
    std::remove(temp_.c_str());
    throw Error(std::string("cannot connect to ffmpeg: ") + std::strerror(errno));
  }
  std::vector<std::string> args = {
      ffmpeg, "-hide_banner", "-nostats", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt",
      "rgba", "-s", std::to_string(even_width_) + "x" + std::to_string(even_height_), "-framerate",
      std::to_string(settings_.fps), "-i", "pipe:0",
      // RGB to BT.709 YCbCr, tagged so players convert it back.
      "-vf", "scale=out_color_matrix=bt709:out_range=tv", "-colorspace", "bt709",
      "-color_primaries", "bt709", "-color_trc", "bt709", "-c:v", "libx264", "-preset", "medium",
      "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", temp_};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, log_fd, 2);
  const int spawned = posix_spawn(&pid_, ffmpeg.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sockets[1]);
  close(log_fd);
  if (spawned != 0) {
    pid_ = -1;
    close(sockets[0]);
    std::remove(log_path_.c_str());
    std::remove(temp_.c_str());
    throw Error("cannot start '" + ffmpeg + "': " + std::strerror(spawned));
  }
  input_ = sockets[0];
}

VideoWriter::~VideoWriter() {
  if (pid_ > 0) cancel();
}

std::string VideoWriter::log_tail() const {
  std::ifstream in(log_path_);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.size() > 800) text = "..." + text.substr(text.size() - 800);
  return text.empty() ? "(ffmpeg printed nothing)" : text;
}

int VideoWriter::stop(bool kill_it) {
  if (input_ >= 0) {
    close(input_);  // end of input: ffmpeg finishes the file
    input_ = -1;
  }
  if (pid_ <= 0) return -1;
  if (kill_it) kill(pid_, SIGTERM);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void VideoWriter::fail(const std::string& what) {
  stop(true);
  const std::string tail = log_tail();
  cancel();
  throw Error("writing '" + settings_.path + "' failed: " + what + "; ffmpeg said: " + tail);
}

void VideoWriter::add_frame(const gfx::Image& frame) {
  WS_REQUIRE(pid_ > 0, "'" + settings_.path + "' is already finished or cancelled");
  WS_REQUIRE(frame.width == settings_.width && frame.height == settings_.height,
             "frame " + std::to_string(frames_ + 1) + " of '" + settings_.path + "' is " +
                 std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 ", the animation is " + std::to_string(settings_.width) + "x" +
                 std::to_string(settings_.height));
  const uint8_t* data = frame.rgba.data();
  if (even_width_ != frame.width || even_height_ != frame.height) {
    // Repeat the last column and row: no stripe of another colour at the edge.
    padded_.resize(size_t(even_width_) * even_height_ * 4);
    for (int y = 0; y < even_height_; ++y) {
      const int sy = std::min(y, frame.height - 1);
      for (int x = 0; x < even_width_; ++x) {
        const uint8_t* from = frame.pixel(std::min(x, frame.width - 1), sy);
        std::memcpy(&padded_[(size_t(y) * even_width_ + x) * 4], from, 4);
      }
    }
    data = padded_.data();
  }
  size_t left = size_t(even_width_) * even_height_ * 4;
  while (left > 0) {
    const ssize_t sent = send(input_, data, left, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) fail("ffmpeg stopped reading at frame " + std::to_string(frames_ + 1));
    data += sent;
    left -= size_t(sent);
  }
  ++frames_;
}

void VideoWriter::finish() {
  WS_REQUIRE(pid_ > 0, "'" + settings_.path + "' is already finished or cancelled");
  if (frames_ == 0) {
    cancel();
    throw Error("'" + settings_.path + "' got no frames: nothing was written");
  }
  const int status = stop(false);
  if (status != 0) {
    const std::string tail = log_tail();
    cancel();
    throw Error("writing '" + settings_.path + "' failed: ffmpeg exited with status " +
                std::to_string(status) + ": " + tail);
  }
  struct stat info;
  if (stat(temp_.c_str(), &info) != 0 || info.st_size == 0) {
    cancel();
    throw Error("writing '" + settings_.path + "' failed: ffmpeg wrote nothing");
  }
  if (std::rename(temp_.c_str(), settings_.path.c_str()) != 0) {
    cancel();
    throw Error("cannot move the animation into place at '" + settings_.path + "'");
  }
  std::remove(log_path_.c_str());
}

void VideoWriter::cancel() {
  stop(true);
  std::remove(temp_.c_str());
  if (!log_path_.empty()) std::remove(log_path_.c_str());
}

}  // namespace ws::app
