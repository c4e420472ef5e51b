// The scene kit's own pieces, apart from any scene: the fast-mode worker (result, progress,
// cancel), the twin check (exact, or normalised by the scene), shared input parsing, merged bench
// reports, a scene of modes that keeps its state when an edit is refused, and the live image's
// timed run (on CUDA after an untimed one).
#include <gtest/gtest.h>

#include "imgui_frame_test_support.h"
#include <imgui.h>

#include <chrono>
#include <thread>

#include "common/error.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene_inputs.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/json_params.h"
#include "scene_kit/live_image.h"
#include "scene_kit/live_image_filter.h"
#include "scenes/registry.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::app {
namespace {

void wait_for(FastWorker& worker) {
  for (int i = 0; i < 2000 && !worker.poll(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

TEST(FastWorker, RunsTheJobAndKeepsItsReport) {
  FastWorker worker;
  worker.start([](std::ostream& progress) {
    progress << "timing row 1\n";
    BenchReport r;
    r.title = "done";
    r.rows.push_back({"ours", "2^10", 1024, 0.5, 8.0, 0, 0, 0, true, ""});
    return r;
  });
  EXPECT_TRUE(worker.running());
  wait_for(worker);
  EXPECT_FALSE(worker.running());
  ASSERT_TRUE(worker.has_report());
  EXPECT_EQ(worker.report().title, "done");
  EXPECT_EQ(worker.progress(), "timing row 1");
  EXPECT_EQ(worker.error(), "");
}

TEST(FastWorker, CancelStopsTheJobAtItsNextProgressLineAndKeepsTheLastResult) {
  FastWorker worker;
  worker.start([](std::ostream&) { return BenchReport{"first"}; });
  wait_for(worker);
  ASSERT_EQ(worker.report().title, "first");
  int lines = 0;
  worker.start([&lines](std::ostream& progress) {
    for (int i = 0; i < 100000; ++i) {
      progress << "row " << i << "\n";
      ++lines;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return BenchReport{"never"};
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  worker.cancel();
  wait_for(worker);
  EXPECT_FALSE(worker.running());
  EXPECT_LT(lines, 100000);
  EXPECT_NE(worker.error().find("cancelled"), std::string::npos);
  EXPECT_EQ(worker.report().title, "first");
}

TEST(FastWorker, AFailedJobSaysWhy) {
  FastWorker worker;
  worker.start([](std::ostream&) -> BenchReport { throw Error("no size could be run"); });
  wait_for(worker);
  EXPECT_EQ(worker.error(), "no size could be run");
  EXPECT_FALSE(worker.has_report());
}

Trace one_write_trace(double value, int thread) {
  Trace t;
  TraceBuffer b;
  b.name = "out";
  b.size = 2;
  b.initial = {0, 0};
  t.buffers.push_back(b);
  t.steps.push_back({"write", "store", "", 1, 2, 0, {}});
  distribute_events({{0, thread, 0, 0, EventKind::Write, 0, value}}, t);
  return t;
}

TEST(TeachPipeline, OnCudaTheTwinIsComparedCellByCell) {
  const Trace kernel = one_write_trace(5, 0);
  TracedRun same = analyse_trace(Backend::Cuda, kernel, [] { return one_write_trace(5, 0); });
  EXPECT_TRUE(same.twin.ran);
  EXPECT_TRUE(same.twin.matches());
  TracedRun differs = analyse_trace(Backend::Cuda, kernel, [] { return one_write_trace(6, 0); });
  EXPECT_FALSE(differs.twin.matches());
  ASSERT_EQ(differs.twin.mismatch.size(), 1u);
  EXPECT_TRUE(differs.twin.mismatch[0][0][0]);
  EXPECT_FALSE(differs.twin.mismatch[0][0][1]);
  TracedRun cpu = analyse_trace(Backend::Cpu, kernel, [] { return one_write_trace(6, 0); });
  EXPECT_FALSE(cpu.twin.ran);  // the CPU run is the twin
  EXPECT_EQ(cpu.counters.steps, 1);
}

TEST(TeachPipeline, ASceneComparisonMayNormaliseTheKernelsTraceAndSayWhat) {
  // Another thread wrote the same value (a schedule the scene accepts): renamed, it matches.
  const Trace kernel = one_write_trace(5, 1);
  TracedRun r = analyse_trace(
      Backend::Cuda, kernel, [] { return one_write_trace(5, 0); },
      [](const Trace& twin, Trace& k, std::string* note) {
        for (auto& step : k.steps)
          for (auto& e : step.events) e.thread = 0;
        *note = "threads renamed";
        return compare_traces(twin, k);
      });
  EXPECT_TRUE(r.twin.matches()) << r.twin.difference;
  EXPECT_EQ(r.twin.note, "threads renamed");
  EXPECT_EQ(kernel.steps[0].events[0].thread, 1);  // what is shown keeps the real thread
  TracedRun broken = analyse_trace(Backend::Cuda, kernel, []() -> Trace { throw Error("boom"); });
  EXPECT_NE(broken.twin.difference.find("boom"), std::string::npos);
}

TEST(SceneInputs, GeneratedValuesReplaceTypedOnesAndBadValuesChangeNothing) {
  InputLimits limits;
  limits.max_n = 64;
  const InputSource start = InputSource::defaults(limits);
  const InputSource random = start.parsed({{"n", "40"}, {"seed", "3"}}, ValueType::Int32, limits);
  EXPECT_EQ(random.values_text, "");
  EXPECT_EQ(random.n, 40);
  std::string label;
  EXPECT_EQ(random.make(ValueType::Int32, limits, label).size(), 40u);
  EXPECT_NE(label.find("seed 3"), std::string::npos);
  EXPECT_THROW(start.parsed({{"n", "65"}}, ValueType::Int32, limits), Error);
  EXPECT_THROW(start.parsed({{"values", "1 2.5"}}, ValueType::Int32, limits), Error);
  EXPECT_THROW(start.parsed({{"distribution", "zipf"}}, ValueType::Int32, limits), Error);
  EXPECT_EQ(start.values_text, InputSource::defaults(limits).values_text);  // unchanged
  EXPECT_THROW(op_param({{"op", "xor"}}), Error);
  EXPECT_EQ(*type_param({{"type", "float32"}}), ValueType::Float32);
  EXPECT_FALSE(op_param(nlohmann::json::object()).has_value());
  limits.images = true;  // an image's size is read once, when it is checked
  const InputSource image = start.parsed({{"image", "camera.png"}}, ValueType::Int32, limits);
  EXPECT_GT(image.image_count, 0);
  EXPECT_EQ(image.count(ValueType::Int32, limits),
            static_cast<int64_t>(image.make(ValueType::Int32, limits, label).size()));
}

// The shared parsers the grid, image and histogram scenes read sizes, points and ranges with.
TEST(JsonParams, SizesPointsAndRangesParseOrNameTheOption) {
  EXPECT_EQ(json_dims({{"size", "512"}}, "size"), std::vector<int>{512});
  EXPECT_EQ(json_dims({{"size", "64x32x8"}}, "size"), (std::vector<int>{64, 32, 8}));
  for (const char* bad : {"", "0x4", "4x", "4x4x4x4", "4y4", "-2"})
    EXPECT_THROW(json_dims({{"size", bad}}, "size"), Error) << bad;
  const auto points = json_points({{"at", "1,2; 3,4,5"}}, "at", 4);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0], (std::array<int, 3>{1, 2, 0}));
  EXPECT_EQ(points[1], (std::array<int, 3>{3, 4, 5}));
  EXPECT_THROW(json_points({{"at", "1;2"}}, "at", 4), Error);
  EXPECT_THROW(json_points({{"at", "-1,2"}}, "at", 4), Error);
  EXPECT_THROW(json_points({{"at", "1,1;2,2"}}, "at", 1), Error);
  EXPECT_EQ(json_range({{"range", "-1.5, 2"}}, "range"), (std::pair<double, double>{-1.5, 2}));
  for (const char* bad : {"1,1", "2,1", "1", "1,2,3", "nan,1", "a,b"}) {
    try {
      json_range({{"range", bad}}, "range");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("--range expects LO,HI"), std::string::npos);
    }
  }
  EXPECT_EQ(shortest_decimal(0.2f), 0.2);
}

TEST(BenchReports, MergedReportsKeepEveryRowAndFailure) {
  BenchReport a, b;
  a.title = "sorts";
  a.rows.resize(2);
  a.json = {{"rows", {{{"name", "a"}}}}};
  b.title = "compaction";
  b.rows.resize(1);
  b.failures.push_back("compaction differs");
  b.json = {{"rows", {{{"name", "b"}}}}};
  const BenchReport m = merge_reports({a, b});
  EXPECT_EQ(m.rows.size(), 3u);
  EXPECT_EQ(m.json["rows"].size(), 2u);
  EXPECT_EQ(m.failures.size(), 1u);
  EXPECT_EQ(m.title, "sorts; compaction");
  EXPECT_EQ(bench_size_text(1 << 20), "2^20");
  EXPECT_EQ(bench_size_text(1000), "1000");
  EXPECT_THROW(sizes_from_log2({"32"}, "--sizes"), Error);
  EXPECT_EQ(sizes_from_log2({"10"}, "--sizes"), std::vector<int64_t>{1024});
}

TEST(ModalScenes, ARefusedEditKeepsTheModeAndTheParameters) {
  for (const auto& listed : make_scenes()) {
    const auto modes = listed->capabilities().modes;
    if (modes.size() < 2) continue;
    SCOPED_TRACE(listed->id());
    auto scene = make_scene(listed->id());
    SceneContext context;
    scene->attach(context);
    const nlohmann::json before = scene->params_to_json();
    EXPECT_THROW(scene->params_from_json({{"mode", modes[1]}, {"no-such-option", "1"}}), Error);
    EXPECT_EQ(scene->params_to_json(), before);
    EXPECT_THROW(scene->params_from_json({{"mode", "no-such-mode"}}), Error);
    EXPECT_EQ(scene->params_to_json(), before);
    scene->detach();
  }
}

// Every scene and every mode draws its panels and its code panel in a real ImGui frame, with the
// fast-mode panels open too, and nothing throws.
TEST(ScenePanels, EverySceneAndModeDrawsItsPanelsInAnImGuiFrame) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  for (const auto& listed : make_scenes()) {
    std::vector<std::string> modes = listed->capabilities().modes;
    if (modes.empty()) modes.push_back("");
    for (const std::string& mode : modes) {
      SCOPED_TRACE(std::string(listed->id()) + " " + mode);
      auto scene = make_scene(listed->id());
      if (!mode.empty()) scene->params_from_json({{"mode", mode}});
      SceneContext context;
      context.has_gl = true;
      scene->attach(context);
      for (int frame = 0; frame < 2; ++frame)
        testing::panels_frame(
            imgui,
            {"Fast mode (every variant per time step)", "Fast mode (full size, timed)",
             "Fast mode (ours vs the library)"},
            [&] {
              EXPECT_NO_THROW(scene->tick(1.0f / 60));
              EXPECT_NO_THROW(scene->ui());
            },
            [&] { EXPECT_NO_THROW(scene->code_ui()); });
      scene->detach();
    }
  }
}

// An engine that only says which backend it is; the filter below counts its runs.
class BackendOnlyEngine : public ImageEngine {
 public:
  explicit BackendOnlyEngine(Backend b) : backend_(b) {}
  Backend backend() const override { return backend_; }
  void set_image(int, int, int, const uint8_t*) override {}
  int width() const override { return 1; }
  int height() const override { return 1; }
  int channels() const override { return 1; }
  std::vector<uint8_t> filtered() const override { return {7}; }

 private:
  Backend backend_;
};

TEST(LiveImageRun, OnCudaTheTimedRunComesAfterAnUntimedOne) {
  // The first run stands for a CUDA module loaded and buffers allocated (60 ms here); the time
  // shown is the second's. On the CPU the one run is timed, setup or not.
  LiveRunOptions to_host;
  to_host.to_host = true;
  for (Backend b : {Backend::Cuda, Backend::Cpu}) {
    BackendOnlyEngine engine(b);
    int runs = 0;
    const LiveImageRun r = run_live_image(
        engine,
        [&] {
          if (runs++ == 0) std::this_thread::sleep_for(std::chrono::milliseconds(60));
        },
        nullptr, to_host);
    EXPECT_EQ(runs, b == Backend::Cuda ? 2 : 1) << backend_name(b);
    if (b == Backend::Cuda)
      EXPECT_LT(r.run_ms, 30.0);
    else
      EXPECT_GE(r.run_ms, 55.0);
    EXPECT_EQ(r.filtered, std::vector<uint8_t>{7});
  }
  // Without the warm-up (the caller knows the kernels ran at this size): one run, timed.
  BackendOnlyEngine engine(Backend::Cuda);
  int runs = 0;
  LiveRunOptions warm;
  warm.warm_up = false;
  const LiveImageRun r = run_live_image(
      engine,
      [&] {
        ++runs;
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
      },
      nullptr, warm);
  EXPECT_EQ(runs, 1);
  EXPECT_GE(r.run_ms, 35.0);
}

// A live filter's settings: the image it reads, a value no kernel depends on, and the kernel.
struct WarmSettings {
  std::string image = "a";
  int radius = 1;
  std::string kernel = "k1";
};

// Which runs of a live filter on CUDA warm up first: a run whose warm key is not the last run's
// (another kernel, or back to one that ran before another), the first on an engine or image, a
// rerun (the engine ran other kernels); not a run of the last key (a radius edited). Without
// warm_key, every run.
TEST(LiveImageFilter, OnCudaARunWarmsUpWhenItsKernelKeyOrItsImageChanged) {
  for (const bool keyed : {true, false}) {
    SCOPED_TRACE(keyed ? "warm_key" : "no warm_key");
    std::vector<bool> warmed;  // options.warm_up of each run
    int engines = 0;
    LiveImageFilter<WarmSettings, ImageEngine>::Recipe recipe;
    recipe.input_key = [](const WarmSettings& s) { return s.image; };
    recipe.read = [](const WarmSettings& s) {
      auto image = std::make_shared<LiveImage>();
      image->key = s.image;
      image->input.width = image->input.height = image->input.channels = 1;
      image->bytes = {1};
      return std::shared_ptr<const LiveImage>(image);
    };
    recipe.create = [&](Backend b) {
      ++engines;
      return std::make_unique<BackendOnlyEngine>(b);
    };
    recipe.run = [&](ImageEngine&, const WarmSettings&, const LiveImage&, const NoExtra*,
                     const LiveRunOptions& options) {
      warmed.push_back(options.warm_up);
      return LiveImageRun{};
    };
    if (keyed) recipe.warm_key = [](const WarmSettings& s) { return s.kernel; };
    LiveImageFilter<WarmSettings, ImageEngine> filter(recipe);
    WarmSettings s;
    auto run = [&] { filter.reset(s, Backend::Cuda, nullptr); };
    run();  // first run: warms up
    s.radius = 2;
    run();  // the same kernels
    s.kernel = "k2";
    run();  // new kernels
    s.kernel = "k1";
    run();  // back: what the engine holds may be k2's
    filter.rerun(Backend::Cuda, false);
    s.radius = 5;
    run();  // the rerun's key
    s.image = "b";
    run();  // a new image: buffers and sizes anew
    s.radius = 3;
    run();
    EXPECT_EQ(engines, 1);
    const std::vector<bool> expected =
        keyed ? std::vector<bool>{true, false, true, true, true, false, true, false}
              : std::vector<bool>(8, true);
    EXPECT_EQ(warmed, expected);
  }
}

}  // namespace
}  // namespace ws::app
