// `warpscope render ... --out f.gif|f.mp4` through the executable, as scripts use it: the GIF has
// one frame per step, progress goes to stderr; MP4 when ffmpeg is installed (checked with
// ffprobe), a clear message when it is not; every bad argument gets a message naming it, a
// non-zero exit, and no file left behind.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/animation_writer.h"
#include "test_animation_support.h"
#include "test_paths.h"

namespace {

namespace fs = std::filesystem;
const std::string kExe = WS_WARPSCOPE_EXE;
const std::string kOut = std::string(WS_APP_OUT_DIR) + "/animation_cli";

struct Result {
  int code;
  std::string err, out;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// `env` goes before the command (e.g. "PATH=/nowhere").
Result run(const std::string& args, const std::string& env = "") {
  fs::create_directories(kOut);
  static int calls = 0;
  const std::string base =
      kOut + "/call_" + std::to_string(getpid()) + "_" + std::to_string(++calls);
  const int status = std::system((env + " XDG_CONFIG_HOME=" + kOut + " " + kExe + " " + args +
                                  " 2>" + base + ".err >" + base + ".out")
                                     .c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(base + ".err"), slurp(base + ".out")};
}

// Files in kOut whose name starts with `prefix` (a partial file would show here).
std::vector<std::string> files_starting(const std::string& prefix) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(kOut))
    if (entry.path().filename().string().rfind(prefix, 0) == 0)
      found.push_back(entry.path().filename().string());
  return found;
}

const std::string kReduce = "render --scene reduce --backend cpu --values \"3 1 7 0 4 1 6 3\" ";

int reduce_step_count() {
  const std::string json = kOut + "/steps_" + std::to_string(getpid()) + ".json";  // ctest -j
  const Result r =
      run("run --scene reduce --backend cpu --values \"3 1 7 0 4 1 6 3\" --json " + json);
  EXPECT_EQ(r.code, 0) << r.err;
  return int(nlohmann::json::parse(slurp(json))["steps"].size());
}

TEST(AnimationCli, GifHasOneFramePerStepAndReportsProgress) {
  const std::string out = kOut + "/cli.gif";
  fs::remove(out);
  const Result r = run(kReduce + "--step all --figure-size 640x360 --fps 4 --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const int steps = reduce_step_count();
  ASSERT_GE(steps, 3);
  const ws::app::testing::DecodedGif gif = ws::app::testing::decode_gif(out);
  ASSERT_EQ(gif.error, "");
  EXPECT_EQ(int(gif.frames.size()), steps);
  EXPECT_EQ(gif.delays.at(0), 25);
  EXPECT_TRUE(gif.loops_forever);
  const std::string last = "frame " + std::to_string(steps) + "/" + std::to_string(steps);
  EXPECT_NE(r.err.find(last), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("wrote " + out), std::string::npos) << r.err;
}

struct BadCase {
  std::string args, file, expected;  // expected: a part of the message
};

TEST(AnimationCli, BadArgumentsGiveAMessageAndNoFile) {
  fs::create_directories(kOut);
  const std::vector<BadCase> cases = {
      {kReduce + "--out " + kOut + "/bad_nostep.gif", "bad_nostep", "--step all"},
      {kReduce + "--step 3 --out " + kOut + "/bad_onestep.gif", "bad_onestep", "range"},
      {kReduce + "--step 5-2 --out " + kOut + "/bad_order.gif", "bad_order", "after the last"},
      {kReduce + "--step 1-99 --out " + kOut + "/bad_range.gif", "bad_range", "not a step"},
      {kReduce + "--step all --fps 0 --out " + kOut + "/bad_fps0.gif", "bad_fps0", "--fps"},
      {kReduce + "--step all --fps 60 --out " + kOut + "/bad_fps60.gif", "bad_fps60", "1..50"},
      {kReduce + "--step all --out " + kOut + "/bad_ext.webm", "bad_ext", ".gif or .mp4"},
      {kReduce + "--step all --out " + kOut + "/no_folder/x.gif", "no_folder", "cannot write"},
      {kReduce + "--fps 3 --out " + kOut + "/bad_fps_png.png", "bad_fps_png", "--fps"},
      {kReduce + "--frames 5 --out " + kOut + "/bad_frames.gif", "bad_frames",
       "running simulation"},
      {"render --scene heat --backend cpu --size 16x16 --step all --out " + kOut + "/bad_live.gif",
       "bad_live", "--frames"},
      {"render --scene heat --backend cpu --size 16x16 --frames 0 --out " + kOut + "/bad_f0.gif",
       "bad_f0", "--frames"},
      {kReduce + "--step all --transparent --out " + kOut + "/bad_alpha.mp4", "bad_alpha",
       "transparent"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.args);
    const Result r = run(c.args);
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("error"), std::string::npos) << r.err;
    EXPECT_TRUE(files_starting(c.file).empty()) << "left behind: " << files_starting(c.file)[0];
  }
  EXPECT_FALSE(fs::exists(kOut + "/no_folder"));
}

TEST(AnimationCli, Mp4WithoutFfmpegSaysWhatToInstall) {
  const std::string out = kOut + "/noffmpeg.mp4";
  // A PATH without ffmpeg (the executable is named by its full path).
  const Result r = run(kReduce + "--step all --out " + out, "PATH=/nonexistent-warpscope-dir");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("MP4 export needs ffmpeg (apt install ffmpeg); GIF works without it"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(files_starting("noffmpeg").empty());
}

TEST(AnimationCli, FfmpegFailureIsReportedWithItsMessages) {
  // An "ffmpeg" that fails the way a build without libx264 would.
  const std::string bin = kOut + "/fake_ffmpeg_bin";
  fs::create_directories(bin);
  {
    std::ofstream script(bin + "/ffmpeg");
    script << "#!/bin/sh\necho \"Unknown encoder 'libx264'\" >&2\nexit 1\n";
  }
  fs::permissions(bin + "/ffmpeg", fs::perms::owner_all);
  const std::string out = kOut + "/failed.mp4";
  const Result r = run(kReduce + "--step all --out " + out, "PATH=" + bin + ":/usr/bin:/bin");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("Unknown encoder 'libx264'"), std::string::npos) << r.err;
  EXPECT_TRUE(files_starting("failed").empty());
}

// ffprobe's count of the video frames in `path` (-1 when it cannot tell).
int ffprobe_frames(const std::string& path, std::string& size) {
  const std::string report = kOut + "/ffprobe_" + std::to_string(getpid()) + ".txt";
  const std::string command =
      "ffprobe -v error -count_frames -select_streams v:0 -show_entries "
      "stream=nb_read_frames,width,height,pix_fmt,codec_name -of json '" +
      path + "' > " + report;
  if (std::system(command.c_str()) != 0) return -1;
  const nlohmann::json j = nlohmann::json::parse(slurp(report));
  const auto& stream = j["streams"][0];
  size = std::to_string(stream["width"].get<int>()) + "x" +
         std::to_string(stream["height"].get<int>()) + " " +
         stream["codec_name"].get<std::string>() + " " + stream["pix_fmt"].get<std::string>();
  return std::stoi(stream["nb_read_frames"].get<std::string>());
}

TEST(AnimationCli, Mp4HasOneFramePerStep) {
  if (ws::app::find_on_path("ffmpeg").empty())
    GTEST_SKIP() << "ffmpeg is not on PATH: MP4 export cannot run here";
  const std::string out = kOut + "/cli.mp4";
  fs::remove(out);
  // An odd size: yuv420p needs even ones, the writer pads.
  const Result r = run(kReduce + "--step all --figure-size 321x181 --fps 4 --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string data = slurp(out);
  ASSERT_GT(data.size(), 1000u);
  EXPECT_EQ(data.substr(4, 4), "ftyp") << "an MP4 (ISO base media) file";
  EXPECT_TRUE(files_starting("cli.mp4.").empty()) << "no partial file left";
  if (ws::app::find_on_path("ffprobe").empty()) GTEST_SKIP() << "no ffprobe to count the frames";
  std::string size;
  EXPECT_EQ(ffprobe_frames(out, size), reduce_step_count());
  EXPECT_EQ(size, "322x182 h264 yuv420p");
}

TEST(AnimationCli, LiveSceneRecordsFramesOfTheSimulation) {
  const std::string out = kOut + "/live.gif";
  fs::remove(out);
  const Result r =
      run("render --scene heat --backend cpu --size 24x24 --variant basic --steps-per-frame 30 "
          "--frames 6 --fps 5 --figure-size 480x270 --out " +
          out);
  ASSERT_EQ(r.code, 0) << r.err;
  const ws::app::testing::DecodedGif gif = ws::app::testing::decode_gif(out);
  ASSERT_EQ(gif.error, "");
  ASSERT_EQ(gif.frames.size(), 6u);
  EXPECT_EQ(gif.delays[0], 20);
  for (size_t k = 1; k < gif.frames.size(); ++k)
    EXPECT_GT(ws::gfx::compare_images(gif.frames[k - 1], gif.frames[k], 8).pixels_over, 50)
        << "frame " << k + 1 << " shows the simulation further on";
}

}  // namespace
