// The window itself under Xvfb: files dropped through scripted input (gui --input with a "drop"
// event, fed to the same entry point as GLFW's drop callback) reach their scene, a bad file
// changes nothing, and Ctrl+O opens the file browser.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <cstring>
#include <sys/wait.h>

#include "render/image.h"
#include "test_open_support.h"
#include "test_paths.h"

namespace ws::app {
namespace {

using namespace open_test;

struct GuiRun {
  int code = -1;
  std::string err;
};

GuiRun gui(const std::string& args, const std::string& config) {
  static int calls = 0;
  const std::string err = out_dir() + "/gui_stderr_" + std::to_string(++calls) + ".txt";
  const int status =
      std::system(("env XDG_CONFIG_HOME=" + config + " " + std::string(WS_WARPSCOPE_EXE) + " gui " +
                   args + " 2>" + err + " >/dev/null")
                      .c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(err)};
}

nlohmann::json saved_session(const std::string& path) {
  return nlohmann::json::parse(read_file(path));
}

TEST(OpenFilesGui, ADroppedGraphOpensInTheGraphSceneAndABadFileChangesNothing) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string config = out_dir() + "/gui_config";
  std::filesystem::remove_all(config);
  const std::string script = out_dir() + "/gui_drop.json",
                    saved = out_dir() + "/gui_drop_saved.json";
  const std::string bad = write_file("gui_bad.png", "not a png at all");
  const std::string graph = asset("graphs/karate.mtx");
  std::ofstream(script) << nlohmann::json{{"events",
                                           {{{"frame", 2}, {"drop", {bad}}},
                                            {{"frame", 4}, {"drop", {graph}}}}}}
                               .dump();
  const GuiRun r =
      gui("--scene reduce --input " + script + " --frames 8 --save-session " + saved, config);
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = saved_session(saved);
  EXPECT_EQ(j.at("scene"), "bfs");
  EXPECT_EQ(j.at("params").at("graph"), graph);
  // The opened file is a recent file in the settings the window saved.
  const nlohmann::json settings =
      nlohmann::json::parse(read_file(config + "/warpscope/settings.json"));
  EXPECT_EQ(settings.at("recent_files").at(0), graph);

  // Only the bad file: the reduction stays, with its default input.
  std::ofstream(script) << nlohmann::json{{"events", {{{"frame", 2}, {"drop", {bad}}}}}}.dump();
  const GuiRun b =
      gui("--scene reduce --input " + script + " --frames 6 --save-session " + saved, config);
  ASSERT_EQ(b.code, 0) << b.err;
  const nlohmann::json k = saved_session(saved);
  EXPECT_EQ(k.at("scene"), "reduce");
  EXPECT_EQ(k.at("params").at("image"), "");
}

TEST(OpenFilesGui, CtrlOOpensTheBrowser) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string config = out_dir() + "/gui_config_browser";
  std::filesystem::remove_all(config);
  const std::string script = out_dir() + "/gui_ctrl_o.json";
  const std::string with = out_dir() + "/gui_browser.png", without = out_dir() + "/gui_plain.png";
  std::ofstream(script) << R"({"events": [{"frame": 2, "key": "ctrl+o"}]})";
  ASSERT_EQ(gui("--input " + script + " --frames 6 --screenshot " + with, config).code, 0);
  std::ofstream(script) << R"({"events": [{"frame": 2, "at": [0.5, 0.5]}]})";
  ASSERT_EQ(gui("--input " + script + " --frames 6 --screenshot " + without, config).code, 0);
  const gfx::Image a = gfx::read_png(with), b = gfx::read_png(without);
  ASSERT_EQ(a.width, b.width);
  // The modal dims the window behind it (the controls panel on the left) and draws the browser
  // over the middle of the window.
  auto changed_fraction = [&](int x0, int y0, int x1, int y1) {
    int64_t changed = 0, total = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x, ++total)
        if (std::memcmp(a.pixel(x, y), b.pixel(x, y), 3) != 0) ++changed;
    return double(changed) / double(total);
  };
  EXPECT_GT(changed_fraction(0, a.height / 10, a.width / 6, a.height / 2), 0.9);
  EXPECT_GT(changed_fraction(a.width / 3, a.height / 3, 2 * a.width / 3, 2 * a.height / 3), 0.2);
}

}  // namespace
}  // namespace ws::app
