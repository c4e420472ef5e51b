// layout()'s cache: a second call is served from memory (same positions, far faster, the disk
// not read); a later process is served from the disk file; a file that does not read back
// (truncated, wrong size, bad magic, another key, garbage) is ignored and rewritten; a cache
// directory that cannot be made is skipped and the layout still returned; WS_LAYOUT_CACHE=off
// writes nothing; the key follows the graph's content, the params and the backend, not its name.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <filesystem>
#include <fstream>

#include "graph_layout/graph_layout_cache.h"
#include "graph_layout_test_support.h"

namespace ws::graph_layout {
namespace {

namespace fs = std::filesystem;

graph::Graph test_graph() {
  return graph::generate("tree:9", 1);
}  // 1023 vertices

double seconds_of(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

class LayoutCache : public ::testing::Test {
 protected:
  void SetUp() override { detail::clear_memory_cache(); }
  void TearDown() override { detail::clear_memory_cache(); }
  test::ScopedCacheHome home_;
};

TEST_F(LayoutCache, SecondCallHitsMemoryThenDisk) {
  const graph::Graph g = test_graph();
  const Params p;
  const uint64_t key = detail::layout_key(g, p, Backend::Cpu);
  const std::string file = detail::cache_file(key);
  EXPECT_EQ(file.rfind(home_.dir() + "/warpscope/layouts/", 0), 0u) << file;
  ASSERT_FALSE(fs::exists(file));

  Positions first, second, third;
  const double compute = seconds_of([&] { first = layout(g, p, Backend::Cpu); });
  ASSERT_TRUE(fs::exists(file)) << "written on the first call";
  EXPECT_EQ(fs::file_size(file), 24 + 8 * size_t(g.vertices));

  fs::remove(file);  // a memory hit does not need (or re-create) the file
  const double hit = seconds_of([&] { second = layout(g, p, Backend::Cpu); });
  EXPECT_EQ(second.x, first.x);
  EXPECT_EQ(second.y, first.y);
  EXPECT_FALSE(fs::exists(file));
  EXPECT_LT(hit, compute / 5);

  detail::clear_memory_cache();  // a new process: the disk file serves it
  layout(g, p, Backend::Cpu);
  ASSERT_TRUE(fs::exists(file));
  detail::clear_memory_cache();
  const double disk = seconds_of([&] { third = layout(g, p, Backend::Cpu); });
  EXPECT_EQ(third.x, first.x);
  EXPECT_LT(disk, compute / 5);
}

TEST_F(LayoutCache, DiskFileIsRead) {  // a valid file with other positions is what comes back
  const graph::Graph g = graph::generate("path:20", 1);
  const Params p;
  const uint64_t key = detail::layout_key(g, p, Backend::Cpu);
  Positions planted;
  for (int i = 0; i < 20; ++i) {
    planted.x.push_back(float(i));
    planted.y.push_back(42.0f);
  }
  ASSERT_TRUE(detail::write_cache_file(detail::cache_file(key), key, planted));
  const Positions got = layout(g, p, Backend::Cpu);
  EXPECT_EQ(got.x, planted.x);
  EXPECT_EQ(got.y, planted.y);
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST_F(LayoutCache, BrokenFilesIgnoredAndRewritten) {
  const graph::Graph g = graph::generate("tree:6", 1);
  const Params p;
  const uint64_t key = detail::layout_key(g, p, Backend::Cpu);
  const std::string file = detail::cache_file(key);
  const Positions good = layout(g, p, Backend::Cpu);
  const std::string good_bytes = read_bytes(file);
  ASSERT_EQ(good_bytes.size(), 24 + 8 * size_t(g.vertices));

  std::string bad_magic = good_bytes;
  bad_magic[0] = 'X';
  std::string other_key = good_bytes;
  other_key[16] ^= 1;
  std::string nan_inside = good_bytes;
  const float nan = std::nanf("");
  std::memcpy(&nan_inside[24], &nan, 4);
  for (const std::string& broken :
       {good_bytes.substr(0, good_bytes.size() - 4), good_bytes.substr(0, 10), std::string(),
        good_bytes + "extra", bad_magic, other_key, nan_inside,
        std::string(good_bytes.size(), '\xff')}) {
    detail::clear_memory_cache();
    write_bytes(file, broken);
    const Positions again = layout(g, p, Backend::Cpu);
    EXPECT_EQ(again.x, good.x) << "broken file of " << broken.size() << " bytes";
    EXPECT_EQ(read_bytes(file), good_bytes) << "rewritten";
  }
  // No temporary files left behind.
  int entries = 0;
  for (const auto& e : fs::directory_iterator(fs::path(file).parent_path())) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1);
}

TEST_F(LayoutCache, UnwritableDirectoryTolerated) {
  const graph::Graph g = graph::generate("tree:5", 1);
  const Positions expected = layout(g, Params{}, Backend::Cpu);
  detail::clear_memory_cache();
  // A cache home below a regular file: no directory can be made there (whoever runs the test).
  const std::string blocker = home_.dir() + "/not_a_directory";
  write_bytes(blocker, "x");
  ::setenv("XDG_CACHE_HOME", (blocker + "/cache").c_str(), 1);
  Positions got;
  EXPECT_NO_THROW(got = layout(g, Params{}, Backend::Cpu));
  EXPECT_EQ(got.x, expected.x);
  EXPECT_FALSE(detail::write_cache_file(detail::cache_file(1), 1, expected));
}

TEST_F(LayoutCache, SwitchedOff) {
  const graph::Graph g = graph::generate("tree:5", 1);
  ::setenv("WS_LAYOUT_CACHE", "off", 1);
  EXPECT_EQ(detail::cache_directory(), "");
  layout(g, Params{}, Backend::Cpu);
  ::unsetenv("WS_LAYOUT_CACHE");
  EXPECT_FALSE(fs::exists(home_.dir() + "/warpscope"));
}

TEST_F(LayoutCache, HomeWhenNoXdg) {
  ::unsetenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (home == nullptr) GTEST_SKIP() << "no HOME";
  EXPECT_EQ(detail::cache_directory(), std::string(home) + "/.cache/warpscope/layouts");
}

TEST_F(LayoutCache, KeyFollowsContentParamsAndBackend) {
  graph::Graph g = graph::generate("tree:5", 1);
  const Params p;
  const uint64_t key = detail::layout_key(g, p, Backend::Cpu);
  EXPECT_NE(key, detail::layout_key(g, p, Backend::Cuda));
  Params q = p;
  q.seed = 2;
  EXPECT_NE(key, detail::layout_key(g, q, Backend::Cpu));
  q = p;
  q.theta = 1.0;
  EXPECT_NE(key, detail::layout_key(g, q, Backend::Cpu));
  q = p;
  q.lin_log = true;
  EXPECT_NE(key, detail::layout_key(g, q, Backend::Cpu));
  q = p;
  q.iterations = default_iterations(g);  // the same count, named: the same layout
  EXPECT_EQ(key, detail::layout_key(g, q, Backend::Cpu));
  graph::Graph renamed = g;
  renamed.name = "another name";
  EXPECT_EQ(key, detail::layout_key(renamed, p, Backend::Cpu));
  graph::Graph rewired = g;
  std::swap(rewired.columns[0], rewired.columns[1]);
  EXPECT_NE(key, detail::layout_key(rewired, p, Backend::Cpu));
}

}  // namespace
}  // namespace ws::graph_layout
