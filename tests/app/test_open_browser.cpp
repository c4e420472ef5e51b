// The file browser's model (ui/file_browser.h): folders first and natural order, the three
// filters, going into and up folders, a typed path, the preview of the selection, recent files.
#include <gtest/gtest.h>

#include <filesystem>

#include "scene_kit/file_params.h"
#include "ui/file_browser.h"
#include "test_open_support.h"

namespace ws::app {
namespace {

using namespace open_test;
namespace fs = std::filesystem;

std::string make_folder() {
  const std::string dir = out_dir() + "/browser";
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub/deeper");
  fs::create_directories(dir + "/Alpha");
  fs::copy_file(asset("camera.png"), dir + "/photo.png");
  fs::copy_file(asset("graphs/karate.mtx"), dir + "/g10.mtx");
  fs::copy_file(asset("graphs/karate.mtx"), dir + "/g2.mtx");
  std::ofstream(dir + "/values.txt") << "3 1 7 0 4";
  std::ofstream(dir + "/notes.xyz") << "?";
  std::ofstream(dir + "/.hidden.png") << "?";
  std::ofstream(dir + "/sub/inner.png") << "?";
  return dir;
}

std::vector<std::string> names(const FileBrowser& b) {
  std::vector<std::string> out;
  for (const auto& e : b.entries()) out.push_back(e.name);
  return out;
}

TEST(FileBrowser, FoldersFirstThenFilesInNaturalOrder) {
  FileBrowser b(make_folder());
  b.set_filter(FileBrowser::Filter::Openable);
  EXPECT_EQ(names(b), (std::vector<std::string>{"Alpha", "sub", "g2.mtx", "g10.mtx", "photo.png",
                                                "values.txt"}));
  b.set_filter(FileBrowser::Filter::All);
  EXPECT_EQ(names(b), (std::vector<std::string>{"Alpha", "sub", ".hidden.png", "g2.mtx", "g10.mtx",
                                                "notes.xyz", "photo.png", "values.txt"}));
}

TEST(FileBrowser, TheSceneFilterShowsWhatTheCurrentSceneTakes) {
  FileBrowser b(make_folder());
  TestHost host;  // the default scene takes images and typed values, not graphs
  const unsigned kinds = file_kinds_taken(host.current());
  EXPECT_TRUE(kinds & kind_bit(FileKind::Image));
  EXPECT_TRUE(kinds & kind_bit(FileKind::Text));
  EXPECT_FALSE(kinds & kind_bit(FileKind::Graph));
  b.set_accepted(kinds);
  b.set_filter(FileBrowser::Filter::Scene);
  EXPECT_EQ(names(b), (std::vector<std::string>{"Alpha", "sub", "photo.png", "values.txt"}));
  // The scene of graphs: graph files, and .txt (an edge list may be one).
  b.set_accepted(file_kinds_taken(host.scene("bfs")));
  EXPECT_EQ(names(b),
            (std::vector<std::string>{"Alpha", "sub", "g2.mtx", "g10.mtx", "values.txt"}));
}

TEST(FileBrowser, NavigatesIntoUpAndToTypedPaths) {
  const std::string dir = make_folder();
  FileBrowser b(dir);
  b.set_filter(FileBrowser::Filter::Openable);
  ASSERT_TRUE(b.enter("sub"));
  EXPECT_EQ(b.folder(), fs::path(dir + "/sub").lexically_normal().string());
  EXPECT_EQ(names(b), (std::vector<std::string>{"deeper", "inner.png"}));
  ASSERT_TRUE(b.up());
  EXPECT_EQ(b.folder(), fs::path(dir).lexically_normal().string());
  EXPECT_FALSE(b.enter("photo.png"));  // a file is no folder
  EXPECT_FALSE(b.error().empty());

  // A typed file opens its folder and selects it, with the preview read from its header.
  ASSERT_TRUE(b.go_to("sub/../photo.png"));
  EXPECT_EQ(b.folder(), fs::path(dir).lexically_normal().string());
  ASSERT_NE(b.preview(), nullptr);
  EXPECT_EQ(b.preview()->info.kind, FileKind::Image);
  EXPECT_EQ(b.preview()->width, 512);
  ASSERT_TRUE(b.go_to(dir + "/sub/deeper"));
  EXPECT_TRUE(b.entries().empty());
  EXPECT_FALSE(b.go_to(dir + "/nothing/here"));
  EXPECT_NE(b.error().find("nothing"), std::string::npos) << b.error();
  EXPECT_EQ(b.folder(), fs::path(dir + "/sub/deeper").lexically_normal().string());

  // Up to the root and no further.
  while (b.up()) {
  }
  EXPECT_EQ(b.folder(), "/");
}

TEST(FileBrowser, RecentFilesAreTheSettingsOnesThatStillExist) {
  const std::string dir = make_folder();
  UserSettings settings;
  settings.add_recent(dir + "/values.txt");
  settings.add_recent(dir + "/gone.png");
  settings.add_recent(dir + "/photo.png");
  EXPECT_EQ(FileBrowser::recent_files(settings),
            (std::vector<std::string>{dir + "/photo.png", dir + "/values.txt"}));
}

}  // namespace
}  // namespace ws::app
