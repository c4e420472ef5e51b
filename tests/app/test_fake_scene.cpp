// Adding a scene is one class and one registry entry: a tiny fake scene, added through the
// registry alone, runs through `run`, `render`, `bench` and the window like the real ones, with
// the kit's teach pipeline, run --json schema and bench report. Nothing else names it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "cli/commands.h"
#include "common/error.h"
#include "io/json_file.h"
#include "scene_kit/run_json.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/json_params.h"
#include "scenes/registry.h"

namespace ws::app {
namespace {

const std::string kOut = WS_APP_OUT_DIR "/fake_scene";

// A "tiny sum": n threads each add their neighbour's value, one step per stride (a toy reduction,
// 1 + log2 n steps), on a trace the kit analyses like any other.
struct TinyRun {
  Trace trace;
  double result = 0;
};

TinyRun tiny_run(int n) {
  TinyRun r;
  r.trace.serial_ops = n - 1;
  TraceBuffer data;
  data.name = "data";
  data.size = n;
  for (int i = 0; i < n; ++i) data.initial.push_back(i + 1);
  r.trace.buffers.push_back(data);
  std::vector<double> v = data.initial;
  std::vector<TraceEvent> events;
  int step = 0;
  for (int stride = 1; stride < n; stride *= 2, ++step) {
    TraceStep s;
    s.label = "stride " + std::to_string(stride);
    s.phase = "tree";
    s.block_dim = n;
    r.trace.steps.push_back(s);
    for (int t = 0; t + stride < n; t += 2 * stride) {
      events.push_back({step, t, t + stride, 0, EventKind::Read, 0, v[t + stride]});
      v[t] += v[t + stride];
      events.push_back({step, t, t, 0, EventKind::Op, 0, v[t]});
      events.push_back({step, t, t, 0, EventKind::Write, 0, v[t]});
    }
  }
  if (r.trace.steps.empty()) r.trace.steps.push_back({"one value", "tree", "", 1, 1, 0, {}});
  distribute_events(events, r.trace);
  r.result = v[0];
  return r;
}

class TinyScene : public Scene {
 public:
  const char* id() const override { return "tiny"; }
  const char* title() const override { return "A tiny fake scene"; }
  SceneCapabilities capabilities() const override {
    SceneCapabilities caps;
    caps.benchable = true;
    return caps;
  }
  void attach(SceneContext& context) override {
    context_ = &context;
    reset();
  }
  void detach() override { context_ = nullptr; }
  nlohmann::json params_to_json() const override { return {{"n", n_}}; }
  void params_from_json(const nlohmann::json& j) override {
    reject_unknown_keys(j, {"n"}, "tiny");
    if (j.contains("n")) n_ = static_cast<int>(json_int(j, "n", 1, 64));
  }
  void reset() override {
    const Backend backend = context_ ? context_->backend : Backend::Cpu;
    run_ = teach_and_check(backend, [&](Backend) { return tiny_run(n_); });
    cursor_.seek(cursor_.step(), step_count());
  }
  int step_count() const override { return step_count_of({&run_.run.trace}); }
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override {}
  void draw(gfx::Canvas& c, gfx::Theme theme) const override {
    const gfx::Palette& p = gfx::palette(theme);
    const auto& cells = run_.traced.snapshots[cursor_.step()][0];
    const float w = c.size().x / static_cast<float>(cells.size());
    for (size_t i = 0; i < cells.size(); ++i) {
      c.rect_filled({i * w + 2, 40}, {(i + 1) * w - 2, 80}, p.warp_color(static_cast<int>(i)));
      c.text({i * w + w / 2, 60}, std::to_string(static_cast<int>(cells[i])), 14, p.text,
             gfx::HAlign::Center, gfx::VAlign::Middle);
    }
    c.text({8, 8}, "tiny step " + std::to_string(cursor_.step() + 1), 16, p.text);
  }
  nlohmann::json results_json() const override {
    RunJson j;
    j.scene = id();
    j.params = params_to_json();
    j.input = run_.traced.snapshots.empty() ? nlohmann::json() : nlohmann::json(n_);
    j.result = run_.run.result;
    j.reference = n_ * (n_ + 1) / 2;
    j.matches_reference = j.result == j.reference;
    j.set_trace(run_.run.trace, run_.traced);
    j.summary = "tiny sum of 1.." + std::to_string(n_);
    return j.to_json();
  }
  BenchJob bench_job(const BenchRequest& request) const override {
    WS_REQUIRE(request.mode.empty(), std::string("bench: the tiny scene has no modes"));
    const int repeats = request.repeats;
    return [repeats](std::ostream& progress) {
      BenchReport report;
      report.title = "tiny sum on the host";
      report.notes = "median of " + std::to_string(repeats);
      std::vector<int64_t> data(1 << 16);
      std::iota(data.begin(), data.end(), 1);
      std::vector<double> times;
      int64_t sum = 0;
      for (int k = 0; k < repeats; ++k) {
        const auto t0 = std::chrono::steady_clock::now();
        sum = std::accumulate(data.begin(), data.end(), int64_t{0});
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        progress << "repeat " << k + 1 << "\n";
      }
      std::sort(times.begin(), times.end());
      BenchRow row;
      row.name = "std::accumulate";
      row.size = "2^16";
      row.n = static_cast<int64_t>(data.size());
      row.ms = times[times.size() / 2];
      row.verified = sum == row.n * (row.n + 1) / 2;
      report.rows.push_back(row);
      report.table = row.name + " " + std::to_string(row.ms) + " ms\n";
      report.json = {{"rows", {{{"name", row.name}, {"n", row.n}, {"verified", row.verified}}}}};
      if (!row.verified) report.failures.push_back("the tiny sum is wrong");
      return report;
    };
  }

 private:
  SceneContext* context_ = nullptr;
  int n_ = 8;
  Taught<TinyRun> run_;
  StepCursor cursor_;
};

class FakeScene : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(kOut);
    register_scene([] { return std::make_unique<TinyScene>(); });
  }
};

TEST_F(FakeScene, IsListedAndMadeByTheRegistry) {
  bool listed = false;
  for (const auto& s : make_scenes()) listed = listed || std::string(s->id()) == "tiny";
  EXPECT_TRUE(listed);
  EXPECT_STREQ(make_scene("tiny")->title(), "A tiny fake scene");
}

TEST_F(FakeScene, RunWritesTheKitSchema) {
  const std::string out = kOut + "/run.json";
  ASSERT_EQ(run_command("tiny", {{"n", "8"}}, "cpu", out), 0);
  const nlohmann::json j = read_json_file(out, "run JSON");
  for (const char* key : kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
  for (const char* key : kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["scene"], "tiny");
  EXPECT_EQ(j["result"], 36);
  EXPECT_EQ(j["matches_reference"], true);
  ASSERT_EQ(j["steps"].size(), 3u);  // strides 1, 2, 4
  EXPECT_EQ(j["counters"]["ops"], 7);
  EXPECT_EQ(j["steps"][2]["values"]["data"][0], 36);
  EXPECT_EQ(j["steps"][0]["active_threads"].size(), 4u);
  EXPECT_TRUE(j["cpu_check"].is_null());  // the CPU run is the twin
}

TEST_F(FakeScene, RendersEveryStepAsSvg) {
  RenderRequest r;
  r.scene = "tiny";
  r.step = "2";
  r.backend = "cpu";
  r.out = kOut + "/step2.svg";
  ASSERT_EQ(render_command(r), 0);
  std::ifstream in(r.out);
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_NE(svg.str().find("tiny step 2"), std::string::npos);
}

TEST_F(FakeScene, BenchesThroughTheSceneInterface) {
  const std::string out = kOut + "/bench.json";
  BenchRequest request;
  request.repeats = 3;
  ASSERT_EQ(bench_command("tiny", request, "cpu", out), 0);
  const nlohmann::json j = read_json_file(out, "bench JSON");
  EXPECT_EQ(j["scene"], "tiny");
  EXPECT_EQ(j["backend"], "cpu");
  EXPECT_EQ(j["repeats"], 3);
  EXPECT_TRUE(j["rows"][0]["verified"].get<bool>());
  request.mode = "fast";
  EXPECT_THROW(bench_command("tiny", request, "cpu", out), Error);
}

TEST_F(FakeScene, OpensInTheWindow) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string shot = kOut + "/gui.png";
  std::filesystem::remove(shot);
  GuiRequest request;
  request.scene = "tiny";
  request.frames = 3;
  request.screenshot_path = shot;
  request.params = {{"n", "16"}};
  ASSERT_EQ(gui_command(request), 0);
  EXPECT_GT(std::filesystem::file_size(shot), 1000u);
}

}  // namespace
}  // namespace ws::app
