// The filter mode through the command line: `run --out` writes the filtered photo, which equals
// the convolution computed here in double precision, with the run document beside it; bad input
// is refused naming the option; and the window shows the mode under Xvfb (a screenshot kept in
// the test's output folder to look at).
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "render/image.h"
#include "test_conv_filter_support.h"
#include "test_paths.h"

namespace ws::app {
namespace {

using namespace conv_filter_test;

std::string filter_out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/filter";
  std::filesystem::create_directories(dir);
  return dir;
}

// Runs warpscope with `args`; its exit status. Stderr goes to `err` when given.
int run_filter_cli(const std::string& args, const std::string& err = "/dev/null") {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>" + err;
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_filter_text(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(ConvFilterCli, RunOutWritesTheFilteredPhotoEqualToTheReference) {
  const std::string dir = filter_out_dir();
  ASSERT_EQ(
      run_filter_cli("run --scene conv --mode filter --backend cpu --image camera.png --filter "
                     "\"0.0625 0.125 0.0625; 0.125 0.25 0.125; 0.0625 0.125 0.0625\" --boundary "
                     "mirror --variant fast --json " +
                     dir + "/run.json --out " + dir + "/filtered.png"),
      0);
  conv::FilterSpec spec;
  spec.name = "typed";
  spec.filter.width = spec.filter.height = 3;
  // The binomial filter in sixteenths: exact in float, so every byte must equal the reference's.
  for (double w : {1, 2, 1, 2, 4, 2, 1, 2, 1}) spec.filter.weights.push_back(float(w / 16));
  const std::vector<uint8_t> expected =
      reference_bytes(photo("camera.png", false), spec, conv::Boundary::Mirror);
  const gfx::Image out = gfx::read_png(dir + "/filtered.png");
  ASSERT_EQ(out.width, 512);
  ASSERT_EQ(out.height, 512);
  EXPECT_TRUE(planes_of(out, 1) == expected);
  const nlohmann::json j = nlohmann::json::parse(read_filter_text(dir + "/run.json"));
  EXPECT_EQ(j["params"]["mode"], "filter");
  EXPECT_EQ(j["variant"], "fast");
  EXPECT_EQ(j["filter"]["name"], "typed");
  EXPECT_EQ(j["filter"]["boundary"], "mirror");
  EXPECT_EQ(j["input"]["width"], 512);
  EXPECT_TRUE(j["ms"].is_number());
}

TEST(ConvFilterCli, BadInputIsRefusedNamingTheOption) {
  const std::string dir = filter_out_dir();
  const std::string err = dir + "/err.txt";
  EXPECT_NE(run_filter_cli(
                "run --scene conv --mode filter --backend cpu --image /no/such/photo.png", err),
            0);
  EXPECT_NE(read_filter_text(err).find("photo.png"), std::string::npos) << read_filter_text(err);
  EXPECT_NE(
      run_filter_cli("run --scene conv --mode filter --backend cpu --image camera.png --variant "
                     "tiled-input --filter box --radius 12",
                     err),
      0);
  EXPECT_NE(read_filter_text(err).find("radius 12"), std::string::npos) << read_filter_text(err);
}

TEST(ConvFilterCli, TheWindowShowsTheFilterModeUnderXvfb) {
  if (std::system("command -v xvfb-run > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "xvfb-run is not installed";
  const std::string shot = filter_out_dir() + "/conv_filter_gui.png";
  std::filesystem::remove(shot);
  const std::string command =
      "xvfb-run -a -s \"-screen 0 1920x1080x24\" " + std::string(WS_WARPSCOPE_EXE) +
      " gui --scene conv --mode filter --compare-cpu true --frames 4 --screenshot " + shot +
      " > /dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  const gfx::Image img = gfx::read_png(shot);
  EXPECT_GE(img.width, 800);
  EXPECT_GE(img.height, 600);
}

}  // namespace
}  // namespace ws::app
