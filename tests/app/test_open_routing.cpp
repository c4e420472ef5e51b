// Opening files through the router (ui/file_router.h), as File > Open and a drop do: each kind
// from assets/ and from files written here reaches the scene that takes it, switching scenes when
// the current one does not; bad files give a message and leave the scene and its input as they
// were.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/session.h"
#include "ui/file_browser.h"
#include "test_open_support.h"

namespace ws::app {
namespace {

using namespace open_test;

// Opens `path` through the browser's model, as a user would: go to it, read the preview, Open.
OpenOutcome open_through_browser(const std::string& path, TestHost& t) {
  FileBrowser browser(out_dir());
  EXPECT_TRUE(browser.go_to(path)) << browser.error();
  EXPECT_NE(browser.preview(), nullptr);
  return open_file_now(browser.selected(), t.host());
}

// Every kind through the browser's model, from assets/ and from this test's folder.
TEST(OpenFiles, EveryKindThroughTheBrowser) {
  TestHost t("reduce");
  Session s;
  s.scene = "sat";
  s.params = {{"mode", "teach"}, {"values", "1 2; 3 4"}};
  const std::string session = out_dir() + "/browser_session.json";
  save_session(s, session);
  const std::string photo = out_dir() + "/browser_photo.png";
  std::filesystem::copy_file(asset("camera.png"), photo,
                             std::filesystem::copy_options::overwrite_existing);
  struct Case {
    std::string file, scene, key, value;
  };
  const std::vector<Case> cases = {
      {asset("astronaut.png"), "reduce", "image", asset("astronaut.png")},
      {photo, "reduce", "image", photo},
      {write_file("browser_values.txt", "9 8 7"), "reduce", "values", "9 8 7"},
      {asset("graphs/bcspwr10.mtx"), "bfs", "graph", asset("graphs/bcspwr10.mtx")},
      {session, "sat", "values", "1 2; 3 4"},
      {write_file("browser_words.txt", "letters to count"), "histogram", "file",
       out_dir() + "/browser_words.txt"},
  };
  for (const Case& c : cases) {
    const OpenOutcome r = open_through_browser(c.file, t);
    ASSERT_TRUE(r.ok) << c.file << ": " << r.message;
    EXPECT_EQ(std::string(t.current().id()), c.scene) << c.file;
    EXPECT_EQ(t.current().params_to_json().value(c.key, nlohmann::json()), c.value) << c.file;
  }
}

TEST(OpenFiles, AnImageGoesToTheCurrentSceneWhenItTakesImages) {
  TestHost t("reduce");
  const OpenOutcome r = open_through_browser(asset("coffee.png"), t);
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(std::string(t.current().id()), "reduce");
  EXPECT_EQ(t.current().params_to_json().at("image"), asset("coffee.png"));
  EXPECT_NE(r.message.find("coffee.png"), std::string::npos) << r.message;
  EXPECT_GT(t.current().step_count(), 0);
}

TEST(OpenFiles, AGraphSwitchesToTheSceneThatTakesGraphsAndSaysSo) {
  TestHost t("reduce");
  const OpenOutcome r = open_through_browser(asset("graphs/karate.mtx"), t);
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(std::string(t.current().id()), "bfs");
  EXPECT_EQ(t.current().params_to_json().at("graph"), asset("graphs/karate.mtx"));
  EXPECT_NE(r.message.find(tr(t.current().title())), std::string::npos) << r.message;
  EXPECT_NE(r.message.find(tr(t.scene("reduce").title())), std::string::npos) << r.message;
  // From the graph scene an image goes to the first scene that takes images.
  const OpenOutcome back = open_file_now(asset("camera.png"), t.host());
  ASSERT_TRUE(back.ok) << back.message;
  EXPECT_EQ(std::string(t.current().id()), "reduce");
}

TEST(OpenFiles, TextFilesOfValuesAndOfWords) {
  TestHost t("reduce");
  const std::string values = write_file("route_values.txt", "5 3 8 1\n9 2 7 4\n");
  OpenOutcome r = open_file_now(values, t.host());
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(t.current().params_to_json().at("values"), read_file(values));
  EXPECT_EQ(t.current().params_to_json().at("image"), "");
  // Decimals switch an int32 reduction to float32.
  r = open_file_now(write_file("route_decimals.txt", "0.5 1.25 2"), t.host());
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(t.current().params_to_json().at("type"), "float32");
  // Words are no values: the scene that counts letters takes them.
  const std::string words = write_file("route_words.txt", "programming massively parallel");
  r = open_file_now(words, t.host());
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(std::string(t.current().id()), "histogram");
  EXPECT_EQ(t.current().params_to_json().at("file"), words);
}

TEST(OpenFiles, EachSceneTakesItsKinds) {
  struct Case {
    const char* scene;
    std::string file;
    const char* key;   // the parameter that shows it
    std::string mode;  // the mode it shows it in ("" = none)
  };
  const std::string matrix = write_file("route_matrix.txt", "1 2 3\n4 5 6\n7 8 9\n");
  const std::vector<Case> cases = {
      {"heat", asset("camera.png"), "init", "live"},
      {"scan", asset("camera.png"), "image", "compact"},
      {"scan", write_file("route_scan.txt", "1 2 3 4 5 6 7 8"), "values", "scan"},
      {"sat", asset("coffee.png"), "image", "filter"},
      {"sat", matrix, "values", "teach"},
      {"histogram", asset("blackmarble_night.jpg"), "image", "image"},
      {"bfs", asset("graphs/4elt.graph"), "graph", "graph"},
  };
  for (const Case& c : cases) {
    TestHost t(c.scene);
    const OpenOutcome r = open_file_now(c.file, t.host());
    ASSERT_TRUE(r.ok) << c.scene << " " << c.file << ": " << r.message;
    EXPECT_EQ(std::string(t.current().id()), c.scene) << c.file;
    const nlohmann::json p = t.current().params_to_json();
    ASSERT_TRUE(p.contains(c.key)) << p.dump();
    const std::string shown = p.at(c.key).get<std::string>();
    if (std::string(c.key) == "values") {
      EXPECT_EQ(shown, read_file(c.file)) << c.scene;
    } else {
      EXPECT_NE(shown.find(std::filesystem::path(c.file).filename().string()), std::string::npos)
          << c.scene << ": " << p.dump();
    }
    EXPECT_EQ(p.value("mode", ""), c.mode) << c.scene;
  }
}

TEST(OpenFiles, ASessionAppliesAsASession) {
  TestHost t("reduce");
  Session s;
  s.scene = "scan";
  s.params = {{"values", "4 4 4 4"}};
  s.step = 2;
  const std::string path = out_dir() + "/route_session.json";
  save_session(s, path);
  const OpenOutcome r = open_file_now(path, t.host());
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(std::string(t.current().id()), "scan");
  EXPECT_EQ(t.current().params_to_json().at("values"), "4 4 4 4");
  EXPECT_EQ(t.current().current_step(), 2);
}

// Every bad file: a message naming the file, the scene shown and its parameters unchanged.
TEST(OpenFiles, BadFilesGiveAMessageAndKeepThePreviousInput) {
  const std::string png = read_file(asset("camera.png"));
  std::string junk(8192, '\0');
  for (size_t i = 0; i < junk.size(); ++i) junk[i] = char((i * 2654435761u) >> 13);
  // A PNG whose header and chunks are whole but whose pixels are garbage: only decoding finds it.
  std::string garbage = png;
  for (size_t i = 200; i + 16 < garbage.size(); i += 97) garbage[i] = char(garbage[i] ^ 0x5a);
  Session unknown;
  unknown.scene = "no-such-scene";
  const std::string unknown_session = out_dir() + "/route_unknown_session.json";
  save_session(unknown, unknown_session);
  Session bad_params;
  bad_params.scene = "bfs";
  bad_params.params = {{"graph", "no-such-graph.mtx"}};
  const std::string bad_session = out_dir() + "/route_bad_session.json";
  save_session(bad_params, bad_session);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {write_file("route_empty.png", ""), "empty"},
      {write_file("route_cut.png", png.substr(0, png.size() / 3)), "cut short"},
      {write_file("route_garbage.png", garbage), "route_garbage.png"},
      {write_file("route_junk.mtx", junk), "binary"},
      {out_dir(), "folder"},
      {out_dir() + "/route_missing.jpg", "not found"},
      {unknown_session, "no-such-scene"},
      {bad_session, "no-such-graph.mtx"},
  };
  for (const char* start : {"reduce", "heat", "bfs"}) {
    TestHost t(start);
    const nlohmann::json before = t.current().params_to_json();
    for (const auto& [path, expected] : bad) {
      const OpenOutcome r = open_file_now(path, t.host());
      EXPECT_FALSE(r.ok) << start << " " << path;
      EXPECT_NE(r.message.find(expected), std::string::npos)
          << start << " " << path << ": " << r.message;
      EXPECT_EQ(std::string(t.current().id()), start) << path;
      EXPECT_EQ(t.current().params_to_json(), before) << start << " " << path;
    }
  }
}

TEST(OpenFiles, TooManyValuesForTeachModeIsRefusedWithTheLimit) {
  TestHost t("reduce");
  std::string many;
  for (int i = 0; i < 5000; ++i) many += std::to_string(i % 10) + " ";
  const nlohmann::json before = t.current().params_to_json();
  const OpenOutcome r = open_file_now(write_file("route_many.txt", many), t.host());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("5000"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("4096"), std::string::npos) << r.message;
  EXPECT_EQ(t.current().params_to_json(), before);
}

}  // namespace
}  // namespace ws::app
