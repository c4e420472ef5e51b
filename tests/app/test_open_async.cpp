// Decoding on a worker (io/file_preload.h, io/decoded_files.h): the loaders give the same data
// from the cache as from the file, the graph loader's progress and cancel, a cancelled open
// leaves the scene as it was, and OpenFilesUi's frame loop (the path a drop on the window takes)
// opens files through the worker without waiting on it.
#include <gtest/gtest.h>

#include <imgui.h>

#include <chrono>
#include <thread>

#include "common/cancelled.h"
#include "graph/graph.h"
#include "io/file_preload.h"
#include "io/image_planes.h"
#include "io/image_values.h"
#include "io/session.h"
#include "ui/open_files.h"
#include "test_open_support.h"

namespace ws::app {
namespace {

using namespace open_test;

TEST(Preload, ImagesFromTheCacheEqualImagesFromTheFile) {
  for (const char* name : {"camera.png", "blackmarble_night.jpg", "astronaut.png"}) {
    DecodedFiles::global().clear();
    const std::string path = asset(name);
    const ImagePlanes rgb = load_image_planes(path, ColourMode::Rgb);
    const ImagePlanes grey = load_image_planes(path, ColourMode::Luminance);
    const ImageValues values = load_image_values(path, 4096);
    const int64_t hits = DecodedFiles::global().hits();

    std::vector<double> progress;
    preload_file(probe_file(path).info, [&](double f) { progress.push_back(f); });
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back(), 1.0);
    for (size_t i = 1; i < progress.size(); ++i) EXPECT_GE(progress[i], progress[i - 1]) << name;

    const ImagePlanes rgb2 = load_image_planes(path, ColourMode::Rgb);
    const ImagePlanes grey2 = load_image_planes(path, ColourMode::Luminance);
    const ImageValues values2 = load_image_values(path, 4096);
    EXPECT_EQ(DecodedFiles::global().hits(), hits + 3) << name << ": the loaders read the file";
    EXPECT_EQ(rgb2.planes, rgb.planes) << name;
    EXPECT_EQ(rgb2.channels, rgb.channels) << name;
    EXPECT_EQ(grey2.planes, grey.planes) << name;
    EXPECT_EQ(values2.values, values.values) << name;
    // A caller with a smaller limit is refused with the same message either way.
    std::string cached, direct;
    try {
      load_image_planes(path, ColourMode::Rgb, 64);
    } catch (const Error& e) {
      cached = e.what();
    }
    DecodedFiles::global().clear();
    try {
      load_image_planes(path, ColourMode::Rgb, 64);
    } catch (const Error& e) {
      direct = e.what();
    }
    EXPECT_FALSE(direct.empty());
    EXPECT_EQ(cached, direct);
  }
}

TEST(Preload, AChangedFileIsReadAgain) {
  DecodedFiles::global().clear();
  const std::string path = out_dir() + "/preload_changing.png";
  std::filesystem::copy_file(asset("camera.png"), path,
                             std::filesystem::copy_options::overwrite_existing);
  preload_file(probe_file(path).info);
  ASSERT_NE(DecodedFiles::global().find_image(path), nullptr);
  std::filesystem::copy_file(asset("coffee.png"), path,
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_EQ(DecodedFiles::global().find_image(path), nullptr);
  const ImagePlanes coffee = load_image_planes(asset("coffee.png"), ColourMode::Rgb);
  EXPECT_EQ(load_image_planes(path, ColourMode::Rgb).planes, coffee.planes);
}

TEST(Preload, GraphsFromTheCacheEqualGraphsFromTheFile) {
  DecodedFiles::global().clear();
  const std::string path = write_edge_list("preload_graph.el", 20000, 200000);
  const graph::Graph direct = graph::load_graph(path);
  std::vector<std::pair<int64_t, int64_t>> seen;
  graph::LoadOptions watched;
  watched.progress = [&](int64_t done, int64_t total) { seen.emplace_back(done, total); };
  const graph::Graph with_progress = graph::load_graph(path, watched);
  EXPECT_EQ(with_progress.columns, direct.columns);
  EXPECT_EQ(with_progress.row_offsets, direct.row_offsets);
  ASSERT_GE(seen.size(), 5u);  // every 16384 lines, then once at the end of the file
  EXPECT_EQ(seen.back().first, seen.back().second);
  for (size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].second, int64_t(std::filesystem::file_size(path)));
    EXPECT_LE(seen[i].first, seen[i].second);
    if (i) {
      EXPECT_GT(seen[i].first, seen[i - 1].first);
    }
  }
  preload_file(probe_file(path).info);
  const int64_t hits = DecodedFiles::global().hits();
  const graph::Graph cached = load_graph_cached(path);
  EXPECT_EQ(DecodedFiles::global().hits(), hits + 1);
  EXPECT_EQ(cached.columns, direct.columns);
  EXPECT_EQ(cached.row_offsets, direct.row_offsets);
  EXPECT_EQ(cached.vertices, direct.vertices);
  // Other options are another graph: not taken from the cache.
  graph::LoadOptions symmetric;
  symmetric.symmetrize = true;
  EXPECT_EQ(DecodedFiles::global().find_graph(path, symmetric), nullptr);
  // A request for double-precision values (the SpMV scene's) never gets the float graph.
  graph::LoadOptions doubles;
  doubles.double_weights = true;
  EXPECT_EQ(DecodedFiles::global().find_graph(path, doubles), nullptr);
}

TEST(Preload, CancelStopsTheGraphLoaderAndTheImageDecoder) {
  const std::string path = write_edge_list("preload_cancel.el", 1000, 100000);
  std::atomic<bool> cancel{true};
  graph::LoadOptions o;
  o.cancel = &cancel;
  EXPECT_THROW(graph::load_graph(path, o), Cancelled);
  DecodedFiles::global().clear();
  EXPECT_THROW(preload_file(probe_file(asset("blackmarble_night.jpg")).info, {}, &cancel),
               Cancelled);
  EXPECT_EQ(DecodedFiles::global().find_image(asset("blackmarble_night.jpg")), nullptr);
}

// OpenFilesUi's per-frame path with an ImGui context and no window: what GuiApp runs each frame
// with the files GLFW's drop callback delivered.
class FrameLoop {
 public:
  FrameLoop() {
    // Recent files are saved: into this test's folder, not the user's.
    setenv("XDG_CONFIG_HOME", (out_dir() + "/config").c_str(), 1);
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 800);
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~FrameLoop() { ImGui::DestroyContext(); }
  // One frame; returns its duration on this thread.
  double frame(OpenFilesUi& ui, SceneHost& host, const std::vector<std::string>& dropped = {}) {
    const auto t0 = std::chrono::steady_clock::now();
    ImGui::GetIO().DeltaTime = 1.0f / 60;
    ImGui::NewFrame();
    ui.frame(host, dropped, 1.0f / 60);
    ImGui::Render();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
};

TEST(OpenFilesUi, DroppedFilesOpenInTurnThroughTheWorker) {
  DecodedFiles::global().clear();
  FrameLoop loop;
  UserSettings settings;
  OpenFilesUi ui(settings);
  TestHost t("reduce");
  const std::string graph = write_edge_list("drop_graph.el", 50000, 400000);
  const std::string bad = write_file("drop_bad.mtx", std::string(64, '\0'));
  loop.frame(ui, t.host(), {asset("astronaut.png"), graph, bad});
  int frames = 1;
  while (ui.busy() && frames < 20000) {
    loop.frame(ui, t.host());
    ++frames;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(ui.busy());
  EXPECT_GT(frames, 2) << "the files were not decoded on the worker while frames went on";
  // The image stayed with the reduction; the graph moved the window to the graph scene; the
  // junk file gave a message and changed nothing.
  EXPECT_EQ(t.scene("reduce").params_to_json().at("image"), asset("astronaut.png"));
  EXPECT_EQ(std::string(t.current().id()), "bfs");
  EXPECT_EQ(t.current().params_to_json().at("graph"), graph);
  const std::string notice = ui.take_notice(), error = ui.take_error();
  EXPECT_NE(notice.find("astronaut.png"), std::string::npos) << notice;
  EXPECT_NE(notice.find("drop_graph.el"), std::string::npos) << notice;
  EXPECT_NE(error.find("drop_bad.mtx"), std::string::npos) << error;
  ASSERT_TRUE(ui.last_timing().has_value());
  EXPECT_GT(ui.last_timing()->frames, 0);
  // Both opened files are recent files now, newest first.
  ASSERT_GE(settings.recent_files.size(), 2u);
  EXPECT_EQ(settings.recent_files[0], graph);
}

// Every kind, from assets/ and from this test's folder, dropped one at a time, as the window's
// drop callback delivers them: each reaches its scene.
TEST(OpenFilesUi, EveryKindThroughADrop) {
  FrameLoop loop;
  UserSettings settings;
  OpenFilesUi ui(settings);
  TestHost t("heat");
  Session s;
  s.scene = "scan";
  s.params = {{"values", "2 7 1 8"}};
  const std::string session = out_dir() + "/drop_session.json";
  save_session(s, session);
  const std::string copy = out_dir() + "/drop_copy.mtx";
  std::filesystem::copy_file(asset("graphs/karate.mtx"), copy,
                             std::filesystem::copy_options::overwrite_existing);
  struct Case {
    std::string file, scene, key, value;
  };
  const std::vector<Case> cases = {
      {asset("coffee.png"), "heat", "init", "image:" + asset("coffee.png")},
      {asset("graphs/4elt.graph"), "bfs", "graph", asset("graphs/4elt.graph")},
      {copy, "bfs", "graph", copy},
      {session, "scan", "values", "2 7 1 8"},
      {write_file("drop_values.txt", "4 4 2 1"), "scan", "values", "4 4 2 1"},
      {write_file("drop_words.txt", "drop some words"), "histogram", "file",
       out_dir() + "/drop_words.txt"},
  };
  for (const Case& c : cases) {
    loop.frame(ui, t.host(), {c.file});
    for (int frames = 0; ui.busy() && frames < 20000; ++frames) {
      loop.frame(ui, t.host());
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(ui.take_error(), "") << c.file;
    EXPECT_EQ(std::string(t.current().id()), c.scene) << c.file;
    EXPECT_EQ(t.current().params_to_json().value(c.key, nlohmann::json()), c.value) << c.file;
  }
}

TEST(OpenFilesUi, CancelLeavesTheSceneAsItWas) {
  DecodedFiles::global().clear();
  FrameLoop loop;
  UserSettings settings;
  OpenFilesUi ui(settings);
  TestHost t("bfs");
  const nlohmann::json before = t.current().params_to_json();
  const std::string big = write_edge_list("cancel_graph.el", 200000, 2000000);
  loop.frame(ui, t.host(), {big});
  ASSERT_TRUE(ui.busy());
  // The Cancel button's effect: the opener's worker is told to stop.
  ui.cancel();
  int frames = 0;
  while (ui.busy() && frames < 20000) {
    loop.frame(ui, t.host());
    ++frames;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(t.current().params_to_json(), before);
  EXPECT_EQ(std::string(t.current().id()), "bfs");
  EXPECT_NE(ui.take_notice().find("cancelled"), std::string::npos);
  EXPECT_TRUE(ui.take_error().empty());
  EXPECT_TRUE(settings.recent_files.empty());
}

}  // namespace
}  // namespace ws::app
