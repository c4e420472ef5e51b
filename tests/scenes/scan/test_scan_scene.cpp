// The scan scene: its parameters (one parser for the CLI, sessions and panels), every variant
// that is built stepping and drawing, results against std::inclusive_scan / std::exclusive_scan
// through `warpscope run --json`, the race toggle flagged by the reference check, hover text,
// the scaling counts and the command line's errors.
#include <gtest/gtest.h>

#include "imgui_frame_test_support.h"
#include <imgui.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numeric>

#include "common/error.h"
#include "common/inputs.h"
#include "render/svg_canvas.h"
#include "render/figure.h"
#include "scene_kit/run_json.h"
#include "scenes/scan/compact/compact_mode.h"
#include "scenes/scan/scan_scene.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"
#include "test_paths.h"

namespace ws::app {
namespace {

const std::string kExe = WS_WARPSCOPE_EXE;
const std::string kOut = WS_APP_OUT_DIR;

struct Result {
  int code;
  std::string stderr_text;
};

Result run_cli(const std::string& args) {
  std::filesystem::create_directories(kOut);
  static int calls = 0;
  const std::string err =
      kOut + "/scan_stderr_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
  const int status =
      std::system((kExe + " " + args + " --backend cpu 2>" + err + " >/dev/null").c_str());
  std::ifstream in(err);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

std::string svg_of(const Scene& scene, int width = 1280, int height = 800) {
  gfx::FigureOptions options;
  options.width = width;
  options.height = height;
  return gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
}

// A scan scene with these parameters, attached on the CPU backend (the context outlives it); its
// scan mode is scan_variants(), the run it shows scan_variants().taught().
std::unique_ptr<ScanScene> attached_scan(const nlohmann::json& params) {
  static SceneContext context;
  auto scene = std::make_unique<ScanScene>();
  scene->params_from_json(params);
  scene->attach(context);
  return scene;
}

bool not_built(const std::string& error) {
  return error.find("not built yet") != std::string::npos;
}

std::vector<double> expected_scan(const std::vector<double>& in, bool inclusive) {
  std::vector<int64_t> x(in.begin(), in.end()), out(in.size());
  if (inclusive) {
    std::inclusive_scan(x.begin(), x.end(), out.begin());
  } else {
    std::exclusive_scan(x.begin(), x.end(), out.begin(), int64_t{0});
  }
  return {out.begin(), out.end()};
}

TEST(ScanScene, ParamsRoundTripThroughJson) {
  ScanScene a;
  a.params_from_json({{"variant", "brent-kung"},
                      {"op", "max"},
                      {"type", "float32"},
                      {"exclusive", "true"},
                      {"block", "16"},
                      {"mapping", "divergent"},
                      {"n", "32"},
                      {"seed", "9"},
                      {"distribution", "sorted"},
                      {"compare", "kogge-stone-double"},
                      {"view", "ranges"}});
  const nlohmann::json j = a.params_to_json();
  EXPECT_EQ(j["variant"], "brent-kung");
  EXPECT_EQ(j["inclusive"], false);
  EXPECT_EQ(j["mapping"], "divergent");
  EXPECT_EQ(j["values"], "");  // n random values replaced the typed default
  ScanScene b;
  b.params_from_json(j);
  EXPECT_EQ(b.params_to_json(), j);
}

// The application modes: "mode" picks one, every other key goes to it, and its parameters round
// trip through the scene; --segments alone selects the segmented scan.
TEST(ScanScene, ModesTakeTheirOwnParametersAndRoundTrip) {
  ScanScene scene;
  scene.params_from_json({{"mode", "compact"}, {"values", "5 1 9 2"}});
  EXPECT_EQ(scene.mode(), "compact");
  EXPECT_EQ(&scene.active(), scene.find_mode<CompactMode>("compact"));
  const nlohmann::json j = scene.params_to_json();
  EXPECT_EQ(j["mode"], "compact");
  EXPECT_FALSE(j.contains("variant")) << "the scan's own keys are not the mode's";
  ScanScene copy;
  copy.params_from_json(j);
  EXPECT_EQ(copy.params_to_json(), j);
  EXPECT_THROW(scene.params_from_json({{"variant", "blelloch"}}), Error);  // not a compact key
  scene.params_from_json({{"mode", "scan"}, {"variant", "blelloch"}});
  EXPECT_EQ(scene.mode(), "scan");
  EXPECT_EQ(scene.params_to_json()["variant"], "blelloch");

  ScanScene segmented;
  segmented.params_from_json({{"segments", "[1 2] [6 7 1]"}});
  EXPECT_EQ(segmented.params_to_json()["mode"], "segmented");
  SceneContext context;
  segmented.attach(context);
  EXPECT_GE(segmented.step_count(), 1);
  EXPECT_NE(svg_of(segmented).find("<text"), std::string::npos);
}

TEST(ScanScene, BadParametersNameTheProblemAndChangeNothing) {
  ScanScene scene;
  const nlohmann::json before = scene.params_to_json();
  auto expect_error = [&](const nlohmann::json& edit, const std::string& needle) {
    try {
      scene.params_from_json(edit);
      ADD_FAILURE() << "accepted " << edit.dump();
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
    EXPECT_EQ(scene.params_to_json(), before);
  };
  expect_error({{"variant", "quick"}}, "unknown variant 'quick'");
  expect_error({{"inclusive", "true"}, {"exclusive", "true"}}, "contradict");
  expect_error({{"variant", "kogge-stone-excl"}, {"inclusive", "true"}}, "exclusive");
  expect_error({{"variant", "blelloch"}, {"race", "true"}}, "race");
  expect_error({{"view", "spiral"}}, "unknown view");
  expect_error({{"mode", "sorting"}}, "unknown mode");
  expect_error({{"values", "1 2 three"}}, "three");
  expect_error({{"n", "2000"}, {"variant", "kogge-stone"}, {"block", "32"}}, "section");
  expect_error({{"colour", "red"}}, "colour");
}

// Every variant that is built: steps, draws every step, and scans correctly; those not built yet
// say so in the run error (and draw it) instead of failing.
TEST(ScanScene, EveryBuiltVariantStepsDrawsAndScans) {
  int built = 0;
  for (const auto& info : scan::variant_infos()) {
    for (const bool inclusive : {true, false}) {
      if (inclusive && info.variant == scan::Variant::KoggeStoneExclusive) continue;
      SCOPED_TRACE(std::string(info.id) + (inclusive ? " inclusive" : " exclusive"));
      const auto scene_owner = attached_scan(
          {{"variant", info.id}, {"n", "32"}, {"seed", "5"}, {"inclusive", inclusive}});
      ScanScene& scene = *scene_owner;
      const ScanVariantsMode& scan = scene.scan_variants();
      if (!scan.taught()) {
        EXPECT_TRUE(not_built(scan.run_error())) << scan.run_error();
        EXPECT_NE(svg_of(scene).find("not built yet"), std::string::npos);
        continue;
      }
      ++built;
      const ScanRun& r = *scan.taught();
      EXPECT_EQ(r.run.result, expected_scan(r.run.input, inclusive));
      EXPECT_EQ(r.run.wrong_count, 0);
      ASSERT_GT(scene.step_count(), 1);
      for (int k = 0; k < scene.step_count(); ++k) {
        scene.seek(k);
        const std::string svg = svg_of(scene);
        ASSERT_NE(svg.find("<text"), std::string::npos);
        EXPECT_NE(svg.find("step " + std::to_string(k + 1) + " / "), std::string::npos);
      }
      scene.detach();
    }
  }
  EXPECT_GE(built, 2) << "Kogge-Stone at least is built";
}

TEST(ScanScene, RunJsonMatchesStdInclusiveAndExclusiveScan) {
  const std::string out = kOut + "/scan_inclusive.json";
  Result r =
      run_cli("run --scene scan --variant kogge-stone --inclusive --n 100 --seed 7 --json " + out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  nlohmann::json j = read_json(out);
  const std::vector<double> input = j["input"].get<std::vector<double>>();
  ASSERT_EQ(input.size(), 100u);
  EXPECT_EQ(input, generate_values(Distribution::Uniform, ValueType::Int32, 100, 7));
  EXPECT_EQ(j["result"].get<std::vector<double>>(), expected_scan(input, true));
  EXPECT_EQ(j["matches_reference"], true);
  // The section is padded to the block (128) with the identity: Kogge-Stone's closed form there.
  const int64_t b = j["steps"][0]["block_dim"].get<int64_t>();
  ASSERT_EQ(b, 128);
  EXPECT_EQ(j["counters"]["ops"], b * 7 - (b - 1));
  ASSERT_TRUE(j["steps"].is_array());
  EXPECT_EQ(j["steps"].front()["phase"], "load");
  EXPECT_EQ(j["steps"].back()["phase"], "store");

  const std::string excl = kOut + "/scan_exclusive.json";
  r = run_cli(
      "run --scene scan --variant kogge-stone-excl --exclusive --values \"3 1 7 0 4 1 6 3\" "
      "--json " +
      excl);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  j = read_json(excl);
  EXPECT_EQ(j["result"].get<std::vector<double>>(), expected_scan({3, 1, 7, 0, 4, 1, 6, 3}, false));
}

TEST(ScanScene, RaceToggleCorruptsAndTheReferenceCheckFlagsIt) {
  const auto scene_owner = attached_scan({{"race", "true"}, {"n", "64"}, {"seed", "3"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  const ScanRun& r = *scan.taught();
  const std::vector<double> truth = expected_scan(r.run.input, true);
  ASSERT_NE(r.run.result, truth) << "the modelled schedule without the barrier must corrupt";
  int64_t differing = 0;
  for (size_t i = 0; i < truth.size(); ++i) {
    EXPECT_EQ(r.run.wrong[i], r.run.result[i] != truth[i]) << "position " << i;
    differing += r.run.result[i] != truth[i];
  }
  EXPECT_EQ(r.run.wrong_count, differing);
  const nlohmann::json j = scene.results_json();
  EXPECT_EQ(j["matches_reference"], false);
  EXPECT_EQ(static_cast<int64_t>(j["wrong_positions"].size()), differing);
  scene.seek(scene.step_count() - 1);
  const std::string svg = svg_of(scene);
  EXPECT_NE(svg.find("WRONG at " + std::to_string(differing)), std::string::npos);
  EXPECT_NE(svg.find("rgb(220,20,60)"), std::string::npos) << "corrupted cells outlined";
  // Without the toggle the same input is right.
  scene.params_from_json({{"race", "false"}});
  scene.reset();
  ASSERT_NE(scan.taught(), nullptr);
  EXPECT_EQ(scan.taught()->run.result, truth);
}

TEST(ScanScene, HoverNamesTheThreadAndTheRangeACellHolds) {
  const auto scene_owner = attached_scan(nlohmann::json::object());
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  scene.seek(scene.step_count() - 2);  // the last Kogge-Stone level
  svg_of(scene);
  bool thread = false, full_prefix = false;
  for (float y = 0; y < 800; y += 3)
    for (float x = 0; x < 1280; x += 9) {
      const std::string text = scene.describe_at({x, y});
      thread = thread || text.find("written by thread") != std::string::npos;
      full_prefix = full_prefix || text.find("holds x0..x15") != std::string::npos;
    }
  EXPECT_TRUE(thread);
  EXPECT_TRUE(full_prefix);
  EXPECT_EQ(scene.describe_at({-40, -40}), "");
}

TEST(ScanScene, ScalingCountsKoggeStoneWorkFromTraces) {
  scan::Params p;
  const ScalingData data = compute_scaling(p, {4, 8, 16, 32, 64});
  const ScalingSeries* ks = nullptr;
  for (const auto& s : data.series)
    if (s.variant == scan::Variant::KoggeStone) ks = &s;
  ASSERT_NE(ks, nullptr);
  for (size_t i = 0; i < ks->n.size(); ++i) {
    const int64_t n = ks->n[i];
    const int64_t log2n = static_cast<int64_t>(std::log2(static_cast<double>(n)));
    EXPECT_EQ(ks->ops[i], n * log2n - (n - 1)) << "n = " << n;
    EXPECT_EQ(ks->steps[i], log2n + 2) << "load, log2 n levels, store";
  }
  const auto scene_owner = attached_scan({{"view", "scaling"}});
  ScanScene& scene = *scene_owner;
  EXPECT_NE(svg_of(scene).find("operations performed"), std::string::npos);
}

// The single-pass timeline recorded at a size with many blocks: one record per block, every poll
// looks at an earlier block, and the figure says which size it shows.
TEST(ScanScene, RecordsTheLookbackTimelineAtAnySize) {
  const auto scene_owner = attached_scan({{"variant", "decoupled-lookback"}, {"record", "65536"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  if (!scan.taught() && not_built(scan.run_error())) GTEST_SKIP() << scan.run_error();
  ASSERT_TRUE(scan.run_error().empty()) << scan.run_error();
  const nlohmann::json j = scene.results_json();
  ASSERT_TRUE(j.contains("recorded_timeline"));
  const auto& t = j["recorded_timeline"];
  EXPECT_EQ(t["n"], 65536);
  EXPECT_GE(t["blocks"].get<int64_t>(), 16);
  EXPECT_GE(t["max_lookback_depth"].get<int64_t>(), 1);
  EXPECT_NE(svg_of(scene).find("timeline recorded at N = 65536"), std::string::npos);
  EXPECT_THROW(scene.params_from_json({{"variant", "brent-kung"}, {"record", "4096"}}), Error);
  scene.params_from_json({{"variant", "brent-kung"}});  // leaving single pass drops the record
  EXPECT_EQ(scene.params_to_json()["record"], 0);
}

// The panels in a real ImGui frame (every header open), for a section variant with a comparison,
// the race, a single-pass variant and an application mode: nothing throws, and a bad typed value
// in the panel path leaves the run on screen.
// The headers' IDs are their English text after "###", in every language.
TEST(ScanScene, PanelsDrawInAnImGuiFrame) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  const nlohmann::json settings[] = {
      {{"variant", "brent-kung"}, {"compare", "kogge-stone"}},
      {{"race", "true"}},
      {{"variant", "decoupled-lookback"}, {"n", "300"}},
      {{"mode", "compact"}},
      {{"mode", "radix"}},
      {{"mode", "segmented"}},
  };
  for (const nlohmann::json& params : settings) {
    SCOPED_TRACE(params.dump());
    const auto scene_owner = attached_scan(params);
    ScanScene& scene = *scene_owner;
    for (int frame = 0; frame < 2; ++frame)
      testing::panels_frame(
          imgui,
          {"###Variant and input", "###Counters", "###Look-back timeline",
           "###Steps and work against N", "###Fast mode (full size, timed)"},
          [&] { EXPECT_NO_THROW(scene.ui()); }, [&] { EXPECT_NO_THROW(scene.code_ui()); });
    EXPECT_GE(scene.step_count(), 1);
    scene.detach();
  }
}

// Three levels of the hierarchical scan in the levels view: every array is a row, the result of
// the last add-back is the inclusive scan.
TEST(ScanScene, LevelsViewShowsEveryLevelOfTheHierarchy) {
  const auto scene_owner =
      attached_scan({{"variant", "hierarchical"},
                     {"values", "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6 1 1 2 2 3 3 4 4"},
                     {"block", "2"},
                     {"coarsening", "2"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  EXPECT_EQ(scan.taught()->run.level_sizes, (std::vector<int64_t>{24, 6, 2}));
  scene.seek(scene.step_count() - 1);
  const std::string svg = svg_of(scene);
  for (const auto& b : scan.taught()->run.trace.buffers) {
    if (b.space != MemSpace::Global || b.name == "input") continue;
    EXPECT_NE(svg.find(">" + b.name + "<"), std::string::npos) << b.name;
  }
  const std::vector<double> truth = expected_scan(scan.taught()->run.input, true);
  EXPECT_NE(svg.find(">" + std::to_string(static_cast<int>(truth.back())) + "<"),
            std::string::npos);
  bool sum_hover = false;  // a block sum's hover names the thread that wrote it
  for (float y = 0; y < 800 && !sum_hover; y += 4)
    for (float x = 0; x < 1280 && !sum_hover; x += 16)
      sum_hover = scene.describe_at({x, y}).find("block sums[") != std::string::npos;
  EXPECT_TRUE(sum_hover);
}

// The SVG inside <g id="NAME"> ... its </g> (nested groups included), or "".
std::string svg_group(const std::string& svg, const std::string& name) {
  const size_t start = svg.find("<g id=\"" + name + "\"");
  if (start == std::string::npos) return "";
  int depth = 0;
  for (size_t at = start; at < svg.size(); ++at) {
    if (svg.compare(at, 2, "<g") == 0) ++depth;
    if (svg.compare(at, 4, "</g>") == 0 && --depth == 0) return svg.substr(start, at + 4 - start);
  }
  return "";
}

double svg_attribute(const std::string& element, const std::string& name) {
  const size_t at = element.find(" " + name + "=\"");
  return at == std::string::npos ? NAN : std::stod(element.substr(at + name.size() + 3));
}

// A tick value is round when it is 1, 2 or 5 times a power of ten (or zero).
bool round_number(double v) {
  if (v == 0) return true;
  const double mantissa = v / std::pow(10.0, std::floor(std::log10(v) + 1e-9));
  return std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 ||
         std::abs(mantissa - 5) < 1e-6;
}

// The time axis of the look-back timeline: round values, evenly spaced, each at its true position
// (x proportional to the value), for the CPU model at several sizes and for measured times.
TEST(ScanScene, TimelineTicksAreRoundNumbersAtTheirTruePositions) {
  for (const char* record : {"0", "65536", "1048576"}) {
    SCOPED_TRACE(record);
    const auto scene_owner =
        attached_scan({{"variant", "decoupled-lookback"}, {"n", "4096"}, {"record", record}});
    ScanScene& scene = *scene_owner;
    const ScanVariantsMode& scan = scene.scan_variants();
    ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
    const std::string axis = svg_group(svg_of(scene), "time-axis");
    ASSERT_FALSE(axis.empty());
    std::vector<double> values, xs;
    for (size_t at = axis.find("<text"); at != std::string::npos; at = axis.find("<text", at + 1)) {
      const std::string element = axis.substr(at, axis.find("</text>", at) - at);
      values.push_back(std::stod(element.substr(element.find('>') + 1)));
      xs.push_back(svg_attribute(element, "x"));
    }
    ASSERT_GE(values.size(), 3u) << axis;
    const double step = values[1] - values[0];
    EXPECT_EQ(values[0], 0);
    EXPECT_TRUE(round_number(step)) << step;
    for (size_t k = 1; k < values.size(); ++k) {
      EXPECT_NEAR(values[k], k * step, 1e-6 * step);
      // Evenly spaced values at evenly spaced x: each tick where its value lies.
      EXPECT_NEAR((xs[k] - xs[0]) / (values[k] - values[0]), (xs[1] - xs[0]) / step, 0.05);
    }
  }
  for (double t1 : {15.0, 251.0, 101900.0, 2.5e6}) {
    const TimelineAxis axis = timeline_axis(t1, t1 > 1000, 5);
    ASSERT_GE(axis.ticks.size(), 2u) << t1;
    for (size_t k = 0; k < axis.ticks.size(); ++k)
      EXPECT_NEAR(axis.ticks[k], k * axis.ticks[1], 1e-6 * axis.ticks[1]) << t1;
    EXPECT_TRUE(round_number(axis.ticks[1])) << t1;
    EXPECT_LE(axis.ticks.back(), t1);
  }
  EXPECT_EQ(timeline_axis(101900, true, 5).labels[1], "50 \xC2\xB5s");  // 0, 50, 100 µs

  // The default input fits one block: the timeline says how to get something to look at.
  const auto one_owner = attached_scan({{"variant", "chained"}});
  ScanScene& one = *one_owner;
  EXPECT_NE(svg_of(one).find("One block has no predecessor"), std::string::npos);
}

// Every step of a multi-level hierarchical scan changes the levels diagram: the section scans in
// shared memory show in the shared rows, steps that write nothing say so.
TEST(ScanScene, EveryLevelsStepChangesTheDrawing) {
  const auto scene_owner =
      attached_scan({{"variant", "hierarchical"}, {"n", "200"}, {"block", "8"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  ASSERT_EQ(scan.taught()->run.level_sizes, (std::vector<int64_t>{200, 7}));
  std::string before;
  for (int step = 0; step < scene.step_count(); ++step) {
    SCOPED_TRACE(step);
    scene.seek(step);
    const std::string svg = svg_of(scene);
    const std::string levels = svg_group(svg, "levels");
    ASSERT_FALSE(levels.empty());
    EXPECT_NE(levels, before);
    before = levels;
    // A section-scan step shows its shared buffer after that step, or says it wrote nothing.
    const std::string& label = scan.taught()->run.trace.steps[step].label;
    if (label.find("stride") != std::string::npos ||
        label.find("thread scan") != std::string::npos) {
      const bool shown = levels.find("after &apos;" + label + "&apos;") != std::string::npos;
      const bool idle =
          levels.find("&apos;" + label + "&apos; writes nothing") != std::string::npos;
      EXPECT_TRUE(shown || idle) << label;
    }
  }
  EXPECT_NE(svg_of(scene).find("levels: 200 \xE2\x86\x92 7"), std::string::npos);
}

// One value: nothing to combine, so no work efficiency to claim, and the wording is singular.
TEST(ScanScene, OneValueReadsAsOneValue) {
  const auto scene_owner = attached_scan({{"values", "5"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  scene.seek(scene.step_count() - 1);
  const std::string svg = svg_of(scene);
  EXPECT_NE(svg.find("work efficiency n/a"), std::string::npos);
  EXPECT_EQ(svg.find("work efficiency 0%"), std::string::npos);
  EXPECT_NE(svg.find("1 active thread,"), std::string::npos);
  EXPECT_NE(svg.find("at its one position"), std::string::npos);
  EXPECT_EQ(svg.find("1 barriers"), std::string::npos);
}

// Every character the scan figures write is one the figure font draws (it renders others as '?').
TEST(ScanScene, RangeTableUsesOnlyGlyphsTheFigureFontHas) {
  const auto scene_owner =
      attached_scan({{"race", "true"}, {"n", "48"}, {"distribution", "equal"}, {"view", "ranges"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  scene.seek(scene.step_count() - 1);
  const std::string svg = svg_of(scene, 3000, 1000);  // wide enough for text in every cell
  EXPECT_NE(svg.find(">bad<"), std::string::npos);
  EXPECT_EQ(svg.find("\xE2\x9C\x97"), std::string::npos);  // U+2717, not in the font's ranges
}

// The cells keep their numbers where a teacher needs them: in a small figure (the GUI viewport at
// a projector font lays the figure out at about 500x310), with the min identity (shown as +∞
// rather than a ten-digit number that shrinks every cell), and int32 overflow is said, not hidden.
TEST(ScanScene, CellsShowNumbersInSmallFiguresAndForIdentities) {
  const auto scene_owner = attached_scan({{"variant", "brent-kung"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  scene.seek(scene.step_count() - 1);
  EXPECT_NE(svg_of(scene, 495, 310).find(">62<"), std::string::npos);

  scene.params_from_json({{"variant", "kogge-stone-excl"}, {"op", "min"}});
  scene.reset();
  scene.seek(scene.step_count() - 1);
  const std::string min_svg = svg_of(scene);
  EXPECT_NE(min_svg.find(">+\xE2\x88\x9E<"), std::string::npos);
  EXPECT_EQ(min_svg.find(">2147483647<"), std::string::npos);

  scene.params_from_json({{"variant", "kogge-stone"},
                          {"op", "sum"},
                          {"inclusive", "true"},
                          {"values", "2000000000 2000000000 5 -7"}});
  scene.reset();
  scene.seek(scene.step_count() - 1);
  EXPECT_NE(svg_of(scene).find("3 prefixes overflow int32 and wrapped around"), std::string::npos);
}

// Hovering a cell that holds nothing says why instead of "= " and nothing: the lanes of the
// warp-totals registers beyond the number of warps are never written.
TEST(ScanScene, HoverOverAnEmptyCellSaysWhy) {
  const auto scene_owner = attached_scan({{"variant", "warp-shuffle"}, {"n", "64"}});
  ScanScene& scene = *scene_owner;
  const ScanVariantsMode& scan = scene.scan_variants();
  ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
  scene.seek(scene.step_count() - 1);
  svg_of(scene);
  bool never = false;
  for (float y = 0; y < 800; y += 3)
    for (float x = 0; x < 1280; x += 6) {
      const std::string text = scene.describe_at({x, y});
      never = never || text.find("no step of this run writes it") != std::string::npos;
      EXPECT_FALSE(text.size() >= 2 && text.compare(text.size() - 2, 2, "= ") == 0) << text;
    }
  EXPECT_TRUE(never);
}

// Cells too small for numbers show values as colours; the legend then explains the colours
// (network, levels and the trace tree alike), and does not claim the warp tint it hides.
TEST(ScanScene, ValueColoursHaveAKeyInTheLegend) {
  const nlohmann::json settings[] = {
      {{"variant", "kogge-stone"}, {"n", "1024"}},
      {{"variant", "hierarchical"}, {"n", "1000"}},
      {{"variant", "hierarchical"}, {"n", "200"}, {"block", "8"}},
  };
  for (const nlohmann::json& params : settings) {
    SCOPED_TRACE(params.dump());
    const auto scene_owner = attached_scan(params);
    ScanScene& scene = *scene_owner;
    const ScanVariantsMode& scan = scene.scan_variants();
    ASSERT_NE(scan.taught(), nullptr) << scan.run_error();
    scene.seek(scene.step_count() - 1);
    const std::string legend = svg_group(svg_of(scene), "legend");
    EXPECT_NE(legend.find("high within its row"), std::string::npos);
    EXPECT_EQ(legend.find("written in the row&apos;s step, by warp"), std::string::npos);
  }
}

// Nothing runs off the right edge of the figure — labels, legends, totals — at the default size
// and at the size the GUI lays a figure out at under a projector font (about 500x310).
TEST(ScanScene, NothingIsDrawnPastTheRightEdge) {
  const nlohmann::json settings[] = {
      {{"variant", "kogge-stone"}},
      {{"variant", "brent-kung"}, {"compare", "kogge-stone"}},
      {{"view", "ranges"}, {"race", "true"}, {"n", "40"}},
      {{"variant", "hierarchical"}, {"n", "200"}, {"block", "8"}},
      {{"variant", "hierarchical"}, {"n", "1000"}},
      {{"variant", "decoupled-lookback"}, {"n", "2000"}, {"block", "16"}},
      {{"variant", "chained"}, {"record", "65536"}},
      {{"variant", "warp-shuffle"}, {"n", "64"}},
      {{"view", "scaling"}},
  };
  for (const nlohmann::json& params : settings) {
    const auto scene_owner = attached_scan(params);
    ScanScene& scene = *scene_owner;
    const ScanVariantsMode& scan = scene.scan_variants();
    ASSERT_TRUE(scan.run_error().empty()) << scan.run_error();
    for (int step : {0, scene.step_count() - 1}) {
      scene.seek(step);
      for (const gfx::Vec2 size : {gfx::Vec2{1280, 720}, gfx::Vec2{495, 310}}) {
        SCOPED_TRACE(params.dump() + " step " + std::to_string(step) + " at " +
                     std::to_string(size.x));
        gfx::SvgCanvas svg(size);
        ExtentCanvas extent(svg);
        scene.draw(extent, gfx::Theme::Light);
        EXPECT_LE(extent.right(), size.x + 1);
      }
    }
  }
}

TEST(ScanScene, CommandLineErrorsExitNonZeroWithAMessage) {
  struct Case {
    std::string args, needle;
  };
  const Case cases[] = {
      {"run --scene scan --variant nope", "unknown variant 'nope'"},
      {"run --scene scan --inclusive --exclusive", "contradict"},
      {"run --scene scan --op xor", "unknown operator"},
      {"run --scene scan --n 5000", "--n"},
      {"run --scene scan --mode sorting", "unknown mode"},
      {"run --scene scan --race --variant blelloch", "race"},
      {"render --scene scan --view nope --out " + kOut + "/never.png", "unknown view"},
      {"bench --scene scan --sizes 40", "--sizes"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const bool run = c.args.rfind("run ", 0) == 0;
    const Result r = run_cli(c.args + (run ? " --json " + kOut + "/never.json" : ""));
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.stderr_text.find(c.needle), std::string::npos) << r.stderr_text;
  }
  EXPECT_FALSE(std::filesystem::exists(kOut + "/never.json"));
}

// Every mode's `run --json` is the one schema: every key of it, the full counter set in the totals
// and in every step (active_threads: the thread ids), and "mode" in the params. Radix sort's
// counters and steps are its traced multi-bit sort's.
TEST(ScanScene, EveryModesRunJsonHasTheWholeSchema) {
  for (const std::string mode : {"scan", "compact", "radix", "segmented"}) {
    SCOPED_TRACE(mode);
    const std::string out = kOut + "/schema_" + mode + ".json";
    const Result r = run_cli("run --scene scan --mode " + mode + " --json " + out);
    ASSERT_EQ(r.code, 0) << r.stderr_text;
    const nlohmann::json j = read_json(out);
    for (const char* key : kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["scene"], "scan");
    EXPECT_EQ(j["params"]["mode"], mode);
    EXPECT_EQ(j["matches_reference"], true);
    EXPECT_TRUE(j["cpu_check"].is_null()) << "the CPU backend is the twin";
    for (const char* key : kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
    ASSERT_FALSE(j["steps"].empty());
    for (const auto& step : j["steps"]) {
      EXPECT_TRUE(step["active_threads"].is_array());
      for (const char* key : kStepCounterKeys) EXPECT_TRUE(step["counters"].contains(key)) << key;
    }
  }
}

// `bench --scene scan`: the scan variants' table and JSON (the bench library's rows, what a GB/s
// counts, float32 unless --type says otherwise); an unknown --mode or --variant is named.
TEST(ScanScene, BenchTimesTheVariantsAndNamesBadModes) {
  const std::string out = kOut + "/bench_scan.json";
  Result r = run_cli(
      "bench --scene scan --sizes 10 --variant 1,kogge-stone-double --repeats 1 "
      "--json " +
      out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const nlohmann::json j = read_json(out);
  EXPECT_EQ(j["scene"], "scan");
  EXPECT_FALSE(j.contains("mode")) << "the default mode's benchmark is the scene's own";
  EXPECT_EQ(j["type"], "float32");
  EXPECT_TRUE(j.contains("gbps_counts"));
  ASSERT_EQ(j["rows"].size(), 3u) << "two variants and the library";
  for (const auto& row : j["rows"]) {
    EXPECT_EQ(row["n"], 1024);
    EXPECT_TRUE(row["verified"].get<bool>()) << row.dump();
    EXPECT_TRUE(row.contains("pct_copy"));
  }
  r = run_cli("bench --scene scan --mode nosuch");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.stderr_text.find("unknown mode 'nosuch' (scan, compact, radix, segmented, apps)"),
            std::string::npos)
      << r.stderr_text;
  r = run_cli("bench --scene scan --variant 42 --sizes 10");
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.stderr_text.find("--variant: '42' is not a scan variant"), std::string::npos)
      << r.stderr_text;
}

}  // namespace
}  // namespace ws::app
