// Lecture mode in the real window under Xvfb (1920x1080): scripted key presses drive the timeline
// once per press and 1..9 switch the variant (the session saved at exit says where it ended); Esc
// leaves lecture mode; every scene opens with `gui --lecture` in English and in Chinese over the
// whole screen with its caption fitting the bar (the window reports a caption that does not).
// The screenshots stay in the test's output folder (lecture_<scene>_<lang>.png) to be looked at.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "cli/commands.h"
#include "io/json_file.h"
#include "lecture_test_scene.h"
#include "render/image.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/registry.h"
#include "test_paths.h"
#include "ui/gui_app.h"
#include "ui/lecture_layout.h"

namespace ws::app {
namespace {

const std::string kExe = WS_WARPSCOPE_EXE;
const std::string kOut = std::string(WS_APP_OUT_DIR) + "/lecture";

bool has_display() {
  const char* display = std::getenv("DISPLAY");
  return display && *display;
}

// An input script of key presses: {frame, key} pairs.
std::string write_keys(const std::string& name,
                       const std::vector<std::pair<int, std::string>>& keys) {
  std::filesystem::create_directories(kOut);
  nlohmann::json events = nlohmann::json::array();
  for (const auto& [frame, key] : keys) events.push_back({{"frame", frame}, {"key", key}});
  const std::string path = kOut + "/" + name + "_keys.json";
  std::ofstream(path) << nlohmann::json{{"events", events}}.dump(2);
  return path;
}

void register_slides_once() {
  static bool done = false;
  if (done) return;
  register_scene([] { return std::make_unique<testing::SlidesScene>(); });
  done = true;
}

// The fake scene in this process's window: the window's own key path, not LectureMode::press.
nlohmann::json run_slides(const std::string& name,
                          const std::vector<std::pair<int, std::string>>& keys, int frames) {
  register_slides_once();
  const std::string config = kOut + "/config_" + name;
  std::filesystem::create_directories(config);
  setenv("XDG_CONFIG_HOME", config.c_str(), 1);
  GuiRequest request;
  request.scene = "lecture-slides";
  request.lecture = true;
  request.frames = frames;
  request.input_script = write_keys(name, keys);
  request.session_out = kOut + "/" + name + "_session.json";
  request.language = i18n::Language::English;
  std::filesystem::remove(request.session_out);
  // Xvfb resets when its last client leaves; a window opened during the reset finds no display.
  // Only that is tried again.
  for (int attempt = 1;; ++attempt) {
    try {
      EXPECT_EQ(gui_command(request), 0);
      break;
    } catch (const std::exception& e) {
      if (attempt == 5 || std::string(e.what()).find("open display") == std::string::npos) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }
  return read_json_file(request.session_out, "session");
}

TEST(LectureGui, KeysStepOncePerPressAndNumbersSwitchTheVariant) {
  if (!has_display()) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const nlohmann::json s = run_slides("slides_keys",
                                      {{2, "Right"},
                                       {4, "PageDown"},
                                       {6, "Enter"},
                                       {8, "Left"},  // step index 2
                                       {10, "2"},    // variant b, from its first step
                                       {12, "Down"},
                                       {13, "Right"},  // 2
                                       {15, "3"},      // fails: b stays, at step 2
                                       {17, "C"},
                                       {18, "?"}},
                                      24);
  EXPECT_EQ(s["params"]["variant"], "b") << s.dump();
  EXPECT_EQ(s["step"], 2) << s.dump();
  EXPECT_EQ(s["view"].value("lecture", false), true) << s.dump();
}

TEST(LectureGui, HomeEndAndEscapeThenTheNormalTimeline) {
  if (!has_display()) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const nlohmann::json end = run_slides("slides_end", {{2, "End"}, {4, "PageUp"}}, 7);
  EXPECT_EQ(end["step"], 3) << end.dump();
  // Esc leaves lecture mode; a Right arrow then steps once through the normal timeline's keys.
  const nlohmann::json left =
      run_slides("slides_escape", {{2, "End"}, {4, "Home"}, {6, "Escape"}, {9, "Right"}}, 12);
  EXPECT_FALSE(left["view"].value("lecture", false)) << left.dump();
  EXPECT_EQ(left["step"], 1) << left.dump();
}

struct ProcessResult {
  int code = -1;
  std::string stderr_text;
};

ProcessResult run_warpscope(const std::string& args, const std::string& config) {
  std::filesystem::create_directories(config);
  static int calls = 0;
  ProcessResult result;
  // A start during Xvfb's reset (after the last client left) finds no display: only that is
  // tried again.
  for (int attempt = 1; attempt <= 5; ++attempt) {
    const std::string err =
        kOut + "/stderr_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
    const int status = std::system(
        ("XDG_CONFIG_HOME=" + config + " " + kExe + " " + args + " 2>" + err + " >/dev/null")
            .c_str());
    std::ifstream in(err);
    result = {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
              std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())};
    if (result.code == 0 || result.stderr_text.find("open display") == std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return result;
}

// Distinct colours in a band of rows of `image` (sampled): text has many, an empty bar one.
size_t colours_in_rows(const gfx::Image& image, int y0, int y1) {
  std::set<uint32_t> colours;
  for (int y = std::max(0, y0); y < std::min(image.height, y1); y += 3)
    for (int x = 0; x < image.width; x += 5) {
      const size_t i = (size_t(y) * image.width + x) * 4;
      colours.insert(image.rgba[i] | image.rgba[i + 1] << 8 | image.rgba[i + 2] << 16);
    }
  return colours.size();
}

// Every scene opens in lecture mode in both languages: the whole 1920x1080 screen, a caption bar
// with text that fits, a figure above it, and two Right presses two steps further (or a variant
// key switching the variant where the scene offers lecture variants).
TEST(LectureGui, EverySceneInBothLanguages) {
  if (!has_display()) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  for (const auto& probe : make_scenes()) {
    const std::string id = probe->id();
    if (id.rfind("lecture-", 0) == 0) continue;  // this file's fake scenes
    SceneContext context;
    probe->attach(context);
    const int steps = probe->step_count();
    const int first = probe->current_step();  // where the scene opens (not always the first)
    const int after_two = std::min(first + 2, steps - 1);
    const std::vector<std::string> variants = probe->lecture_variants();
    // Where the second variant leaves the timeline after two steps: the scene decides whether a
    // new run keeps the step, so ask it the way the key does (the panel's edit path).
    int after_variant = after_two;
    if (variants.size() >= 2) {
      probe->seek(after_two);
      std::string error;
      apply_edit(*probe, {{"variant", variants[1]}}, error);
      ASSERT_TRUE(error.empty()) << id << ": " << error;
      after_variant = probe->current_step();
    }
    probe->detach();
    for (const std::string lang : {"en", "zh"}) {
      SCOPED_TRACE(id + " [" + lang + "]");
      std::vector<std::pair<int, std::string>> keys = {{3, "Right"}, {5, "Right"}};
      if (variants.size() >= 2) keys.push_back({7, "2"});
      const std::string name = id + "_" + lang;
      const std::string shot = kOut + "/lecture_" + name + ".png";
      const std::string session = kOut + "/lecture_" + name + "_session.json";
      std::filesystem::remove(shot);
      const ProcessResult r = run_warpscope(
          "--lang " + lang + " gui --scene " + id + " --lecture --frames 12 --screenshot " + shot +
              " --input " + write_keys(name, keys) + " --save-session " + session,
          kOut + "/config_" + name);
      ASSERT_EQ(r.code, 0) << r.stderr_text;
      EXPECT_EQ(r.stderr_text.find("does not fit"), std::string::npos) << r.stderr_text;
      const nlohmann::json s = read_json_file(session, "session");
      EXPECT_TRUE(s["view"].value("lecture", false));
      if (variants.size() >= 2) {
        EXPECT_EQ(s["params"]["variant"], variants[1]) << s.dump();
      }
      EXPECT_EQ(s["step"], after_variant) << s.dump();
      const gfx::Image image = gfx::read_png(shot);
      EXPECT_EQ(image.width, 1920);
      EXPECT_EQ(image.height, 1080);
      // The caption bar (at the default 18 px font) has text; so does the figure above it.
      const LectureLayout layout = lecture_layout(1920, 1080, 18);
      EXPECT_GT(colours_in_rows(image, int(layout.bar_min.y) + 4, 1080), 4u);
      EXPECT_GT(colours_in_rows(image, 0, int(layout.figure_max.y)), 8u);
    }
  }
}

// F11 goes full screen and back (in its own process: GLFW does not start again in a process whose
// window went full screen under Xvfb); the keys keep stepping around it.
TEST(LectureGui, F11TogglesFullScreenAndTheKeysStillStep) {
  if (!has_display()) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string name = "fullscreen";
  const std::string shot = kOut + "/" + name + ".png", session = kOut + "/" + name + ".json";
  const std::string id = default_scene_id();
  const ProcessResult r = run_warpscope(
      "gui --scene " + id + " --lecture --frames 14 --screenshot " + shot + " --input " +
          write_keys(name, {{2, "F11"}, {4, "Right"}, {7, "F11"}, {9, "Right"}}) +
          " --save-session " + session,
      kOut + "/config_" + name);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  auto probe = make_scene(id);
  SceneContext context;
  probe->attach(context);
  const nlohmann::json s = read_json_file(session, "session");
  EXPECT_EQ(s["step"], std::min(probe->current_step() + 2, probe->step_count() - 1)) << s.dump();
  probe->detach();
  const gfx::Image image = gfx::read_png(shot);
  EXPECT_EQ(image.width, 1920);
  EXPECT_EQ(image.height, 1080);
}

// A bad key name in the input script is refused with the keys there are.
TEST(LectureGui, AnUnknownScriptedKeyIsNamed) {
  const std::string path = write_keys("bad", {{1, "F13"}});
  try {
    load_input_script(path);
    FAIL() << "F13 was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("F13"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("PageDown"), std::string::npos) << e.what();
  }
}

// A value of the wrong type (a drop of one path, not a list) names the event and what an event
// holds, not the JSON library's error code.
TEST(LectureGui, AWronglyTypedScriptedEventSaysWhatAnEventHolds) {
  std::filesystem::create_directories(kOut);
  const std::string path = kOut + "/bad_drop.json";
  std::ofstream(path) << R"({"events": [{"frame": 1, "key": "Right"},
                                       {"frame": 15, "drop": "photo.jpg"}]})";
  try {
    load_input_script(path);
    FAIL() << "a drop of a string was accepted";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("event 2"), std::string::npos) << what;
    EXPECT_NE(what.find("\"drop\": [\"file\""), std::string::npos) << what;
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
  }
}

// A file dropped on the window during the lecture opens there, and the lecture goes on.
TEST(LectureGui, AFileDroppedDuringTheLectureOpensThere) {
  if (!has_display()) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  std::filesystem::create_directories(kOut);
  gfx::Image photo(40, 30);
  for (size_t i = 0; i < photo.rgba.size(); ++i) photo.rgba[i] = uint8_t(i * 7 % 251);
  const std::string file = kOut + "/dropped_on_lecture.png";
  gfx::write_png(photo, file);
  const std::string script = kOut + "/drop_on_lecture.json";
  std::ofstream(script) << nlohmann::json{{"events", {{{"frame", 3}, {"drop", {file}}}}}}.dump();
  const std::string session = kOut + "/drop_on_lecture_session.json";
  std::filesystem::remove(session);
  const ProcessResult r = run_warpscope(
      "gui --scene reduce --lecture --frames 8 --input " + script + " --save-session " + session,
      kOut + "/config_drop");
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const nlohmann::json s = read_json_file(session, "session");
  EXPECT_TRUE(s["view"].value("lecture", false)) << s.dump();
  EXPECT_NE(s["params"].value("image", std::string()).find("dropped_on_lecture.png"),
            std::string::npos)
      << s.dump();
}

// Without a display, `gui --session` renders the session's scene, parameters, language and step
// (it used to render the default scene's default figures).
TEST(LectureGui, NoDisplayRendersTheSessionsFigures) {
  const std::string dir = kOut + "/no_display_session";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string session = dir + "/lesson.json";
  std::ofstream(session) << R"({"warpscope_session": 1, "scene": "scan",
    "params": {"variant": "brent-kung"}, "step": 4,
    "view": {"language": "zh", "theme": "light", "font_size": 18}})";
  const int status = std::system(("cd " + dir + " && env -u DISPLAY -u WAYLAND_DISPLAY " + kExe +
                                  " gui --session " + session + " 2>err.txt >/dev/null")
                                     .c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::ifstream err(dir + "/err.txt");
  const std::string text((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("the session's figures"), std::string::npos) << text;
  const std::string shown = dir + "/warpscope-figures/scan_step_5.png";
  ASSERT_TRUE(std::filesystem::exists(shown)) << text;
  // The same figure as `render` draws for the session's settings.
  const std::string expected = dir + "/expected.png";
  const int render = std::system(("cd " + dir + " && " + kExe +
                                  " --lang zh render --scene scan --variant brent-kung --step 5 "
                                  "--out " +
                                  expected + " 2>/dev/null >/dev/null")
                                     .c_str());
  ASSERT_TRUE(WIFEXITED(render) && WEXITSTATUS(render) == 0);
  const gfx::Image a = gfx::read_png(shown), b = gfx::read_png(expected);
  EXPECT_EQ(a.width, b.width);
  EXPECT_TRUE(a.rgba == b.rgba) << "the session's step 5 differs from render's";
}

}  // namespace
}  // namespace ws::app
