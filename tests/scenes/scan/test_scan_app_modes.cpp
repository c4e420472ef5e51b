// The scan scene's application modes (a scan scene showing each) through the Scene interface only:
// parameters (round trip, errors that leave the mode unchanged), results against the standard
// library, every step drawn as SVG and as pixels, hover text over cells. Figures land in
// WS_APP_OUT_DIR.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <random>
#include <set>

#include "common/binary_op.h"
#include "common/error.h"
#include "render/figure.h"
#include "render/svg_canvas.h"
#include "scenes/scan/scan_scene.h"
#include "test_paths.h"
#include "views/figure_parts.h"
#include "views/scan/scan_views.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::app {
namespace {

// A scan scene showing the mode, attached on the CPU backend (the context outlives it).
std::unique_ptr<ScanScene> make_mode(const std::string& id) {
  static SceneContext context;
  if (id != "compact" && id != "radix" && id != "segmented") return nullptr;
  auto mode = std::make_unique<ScanScene>();
  mode->params_from_json({{"mode", id}});
  mode->attach(context);
  return mode;
}

std::vector<double> as_doubles(const nlohmann::json& j) {
  std::vector<double> v;
  for (const auto& x : j) v.push_back(x.is_null() ? std::nan("") : x.get<double>());
  return v;
}

std::string draw_svg(const Scene& mode, int width = 1280, int height = 800) {
  gfx::SvgCanvas canvas({float(width), float(height)});
  mode.draw(canvas, gfx::Theme::Light);
  return canvas.str();
}

// Some point of a 1280x800 figure whose hover text contains `needle` (after a draw).
bool hover_finds(const Scene& mode, const std::string& needle) {
  draw_svg(mode);
  for (float y = 0; y < 800; y += 2)
    for (float x = 0; x < 1280; x += 5)
      if (mode.describe_at({x, y}).find(needle) != std::string::npos) return true;
  return false;
}

// PNGs at 1280x800 for looking at (and a check that the figure is not blank).
void render_png(const Scene& mode, const std::string& name, gfx::Theme theme) {
  static auto gl = gfx::HeadlessGl::create();
  static gfx::ImguiRuntime imgui;
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 800;
  options.theme = theme;
  const gfx::Image image =
      gfx::render_figure([&](gfx::Canvas& c) { mode.draw(c, theme); }, options);
  std::set<uint32_t> colours;
  for (size_t i = 0; i + 3 < image.rgba.size(); i += 4 * 61)
    colours.insert(image.rgba[i] | image.rgba[i + 1] << 8 | image.rgba[i + 2] << 16);
  EXPECT_GT(colours.size(), 6u) << name << " looks blank";
  std::filesystem::create_directories(WS_APP_OUT_DIR);
  gfx::write_png(image, std::string(WS_APP_OUT_DIR) + "/" + name + ".png");
}

void expect_round_trip(ScanScene& mode) {
  const nlohmann::json before = mode.params_to_json();
  auto fresh = make_mode(mode.mode());
  fresh->params_from_json(before);
  EXPECT_EQ(fresh->params_to_json(), before);
}

// Throws ws::Error whose message names `key`, and leaves the parameters as they were.
void expect_rejected(Scene& mode, const nlohmann::json& bad, const std::string& key) {
  const nlohmann::json before = mode.params_to_json();
  try {
    mode.params_from_json(bad);
    ADD_FAILURE() << "accepted " << bad.dump();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
  }
  EXPECT_EQ(mode.params_to_json(), before);
}

void every_step_draws(Scene& mode) {
  for (int s = 0; s < mode.step_count(); ++s) {
    mode.seek(s);
    ASSERT_EQ(mode.current_step(), s);
    const std::string svg = draw_svg(mode, 640, 400);
    ASSERT_NE(svg.find("<text"), std::string::npos) << "step " << s;
  }
  mode.seek(mode.step_count() + 5);
  EXPECT_EQ(mode.current_step(), mode.step_count() - 1);
}

// ---------------------------------------------------------------------------------------------
// Stream compaction

std::vector<double> copy_if_greater(const std::vector<double>& in, double threshold) {
  std::vector<double> out;
  std::copy_if(in.begin(), in.end(), std::back_inserter(out),
               [&](double x) { return x > threshold; });
  return out;
}

TEST(CompactMode, TypedValuesMatchCopyIf) {
  auto mode = make_mode("compact");
  ASSERT_NE(mode, nullptr);
  mode->params_from_json({{"values", "3 1 7 0 4"}, {"threshold", "2"}});
  mode->reset();
  const nlohmann::json r = mode->results_json();
  EXPECT_EQ(as_doubles(r["result"]), copy_if_greater({3, 1, 7, 0, 4}, 2));
  EXPECT_EQ(r["kept"], 3);
  EXPECT_EQ(r["dropped"], 2);
  EXPECT_TRUE(r["matches_reference"].get<bool>());
  ASSERT_EQ(r["steps"].size(), static_cast<size_t>(mode->step_count()));
  EXPECT_TRUE(r["steps"].back()["values"].contains("output"));
}

TEST(CompactMode, RandomInputsMatchCopyIfForManySizes) {
  auto mode = make_mode("compact");
  for (int n : {1, 2, 7, 31, 32, 33, 100, 257, 1000}) {
    for (uint64_t seed : {1u, 2u, 3u}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " seed=" + std::to_string(seed));
      mode->params_from_json({{"n", n}, {"seed", seed}, {"threshold", 0}});
      mode->reset();
      const nlohmann::json r = mode->results_json();
      const std::vector<double> input = as_doubles(r["input"]);
      ASSERT_EQ(input.size(), static_cast<size_t>(n));
      EXPECT_EQ(as_doubles(r["result"]), copy_if_greater(input, 0));
    }
  }
}

TEST(CompactMode, PredicatesAgreeWithTheirDefinition) {
  auto mode = make_mode("compact");
  const std::vector<std::pair<std::string, std::function<bool(double)>>> cases = {
      {"less", [](double x) { return x < 2; }},
      {"even", [](double x) { return std::fmod(x, 2) == 0; }},
      {"odd", [](double x) { return std::fmod(x, 2) != 0; }},
      {"nonzero", [](double x) { return x != 0; }}};
  for (const auto& [name, keep] : cases) {
    SCOPED_TRACE(name);
    mode->params_from_json(
        {{"values", "3 -1 7 0 4 -6 2 9 0 5"}, {"predicate", name}, {"threshold", 2}});
    mode->reset();
    const std::vector<double> in = {3, -1, 7, 0, 4, -6, 2, 9, 0, 5};
    std::vector<double> expected;
    std::copy_if(in.begin(), in.end(), std::back_inserter(expected), keep);
    EXPECT_EQ(as_doubles(mode->results_json()["result"]), expected);
  }
}

TEST(CompactMode, ImagePixelsAboveAThreshold) {
  auto mode = make_mode("compact");
  mode->params_from_json({{"image", "camera.png"}});
  EXPECT_EQ(mode->params_to_json()["threshold"], 128.0);  // the image default
  mode->reset();
  const nlohmann::json r = mode->results_json();
  const std::vector<double> input = as_doubles(r["input"]);
  EXPECT_GT(input.size(), 1000u);
  EXPECT_EQ(as_doubles(r["result"]), copy_if_greater(input, 128));
  EXPECT_GT(r["kept"].get<int64_t>(), 0);
  EXPECT_LT(r["kept"].get<int64_t>(), static_cast<int64_t>(input.size()));
  every_step_draws(*mode);
  EXPECT_TRUE(hover_finds(*mode, "pixel ("));
  render_png(*mode, "compact_image", gfx::Theme::Light);
}

TEST(CompactMode, ParametersRoundTripAndErrorsNameTheKey) {
  auto mode = make_mode("compact");
  mode->params_from_json({{"values", "5 9 1"},
                          {"predicate", "less"},
                          {"threshold", "4.5"},
                          {"type", "float32"},
                          {"block", 8}});
  expect_round_trip(*mode);
  expect_rejected(*mode, {{"predicate", "bigger"}}, "predicate");
  expect_rejected(*mode, {{"threshold", "lots"}}, "threshold");
  expect_rejected(*mode, {{"values", "1 2 x"}}, "x");
  expect_rejected(*mode, {{"n", 0}}, "n");
  expect_rejected(*mode, {{"image", "no-such-image.png"}}, "no-such-image.png");
  expect_rejected(*mode, {{"colour", "red"}}, "colour");
  expect_rejected(*mode, {{"block", 3}}, "block");
}

TEST(CompactMode, EveryStepDrawsAndHoverNamesCells) {
  auto mode = make_mode("compact");
  mode->reset();
  every_step_draws(*mode);
  EXPECT_TRUE(hover_finds(*mode, "output["));
  EXPECT_TRUE(hover_finds(*mode, "positions["));
  render_png(*mode, "compact_scatter", gfx::Theme::Light);
  mode->seek(1);
  render_png(*mode, "compact_scan_dark", gfx::Theme::Dark);
}

// ---------------------------------------------------------------------------------------------
// Radix sort

std::vector<uint32_t> as_keys(const nlohmann::json& j) {
  std::vector<uint32_t> v;
  for (const auto& x : j) v.push_back(x.get<uint32_t>());
  return v;
}

TEST(RadixMode, SplitPassIsAStablePartitionOnTheBit) {
  auto mode = make_mode("radix");
  ASSERT_NE(mode, nullptr);
  for (int bit : {0, 1, 3}) {
    SCOPED_TRACE("bit " + std::to_string(bit));
    mode->params_from_json({{"keys", "5 12 3 9 14 1 7 10 2 15 6 11 0 8 13 4"}, {"bit", bit}});
    mode->reset();
    const nlohmann::json r = mode->results_json();
    std::vector<uint32_t> keys = as_keys(r["input"]);
    std::stable_partition(keys.begin(), keys.end(),
                          [&](uint32_t k) { return ((k >> bit) & 1u) == 0; });
    EXPECT_EQ(as_keys(r["split"]["keys_out"]), keys);
    const auto d = r["split"]["d"].get<std::vector<int>>();
    EXPECT_EQ(std::set<int>(d.begin(), d.end()).size(), d.size()) << "destinations collide";
  }
}

TEST(RadixMode, SortsMatchStableSortForRandomKeys) {
  auto mode = make_mode("radix");
  for (int n : {1, 5, 16, 33, 200}) {
    for (int bits : {1, 4, 7, 32}) {
      SCOPED_TRACE("n=" + std::to_string(n) + " bits=" + std::to_string(bits));
      mode->params_from_json(
          {{"n", n}, {"seed", n * 7 + bits}, {"key-bits", bits}, {"radix-bits", 3}, {"block", 8}});
      mode->reset();
      const nlohmann::json r = mode->results_json();
      std::vector<uint32_t> expected = as_keys(r["input"]);
      std::stable_sort(expected.begin(), expected.end());
      EXPECT_EQ(as_keys(r["lsd"]["sorted"]), expected);
      EXPECT_EQ(as_keys(r["buckets"]["sorted"]), expected);
      EXPECT_EQ(r["lsd"]["passes"].size(), static_cast<size_t>(bits));
      EXPECT_TRUE(r["matches_reference"].get<bool>());
    }
  }
}

TEST(RadixMode, BucketOffsetsAreTheExclusiveScanOfTheTable) {
  auto mode = make_mode("radix");
  mode->params_from_json({{"radix-view", "buckets"}, {"radix-bits", 2}, {"block", 4}});
  mode->reset();
  const nlohmann::json r = mode->results_json();
  for (const auto& pass : r["buckets"]["passes"]) {
    const auto table = pass["table"].get<std::vector<int>>();
    std::vector<int> scanned(table.size());
    std::exclusive_scan(table.begin(), table.end(), scanned.begin(), 0);
    EXPECT_EQ(pass["offsets"].get<std::vector<int>>(), scanned);
  }
  EXPECT_EQ(mode->step_count(), 3 * static_cast<int>(r["buckets"]["passes"].size()));
}

TEST(RadixMode, RunJsonCarriesTheTracedSortOfTheBucketsView) {
  auto mode = make_mode("radix");
  mode->params_from_json({{"radix-view", "buckets"}, {"radix-bits", 2}, {"block", 4}});
  mode->reset();
  const nlohmann::json r = mode->results_json();
  const size_t passes = r["buckets"]["passes"].size();
  ASSERT_GT(passes, 0u);
  EXPECT_EQ(r["steps"].size(), 6 * passes);  // six traced steps per pass
  EXPECT_TRUE(r["cpu_check"].is_null());     // the CPU backend: the twin is the run
  ASSERT_TRUE(r["counters"].is_object());
  EXPECT_EQ(r["counters"]["atomics"].get<int64_t>(),
            static_cast<int64_t>(passes * r["input"].size()));  // one per key and pass
  EXPECT_EQ(r["steps"][1]["code_marker"], "@radix-digit");
  // The caption of a phase carries its traced step's facts (the atomics of the digit counts).
  mode->seek(0);
  EXPECT_NE(mode->caption().find("atomic"), std::string::npos) << mode->caption();
}

TEST(RadixMode, EveryViewDrawsEveryStepAndHoverNamesKeys) {
  auto mode = make_mode("radix");
  for (const char* view : {"split", "lsd", "buckets"}) {
    SCOPED_TRACE(view);
    mode->params_from_json(
        {{"radix-view", view}, {"keys", "5 12 3 9 14 1 7 10 2 15 6 11 0 8 13 4"}});
    mode->reset();
    every_step_draws(*mode);
    EXPECT_TRUE(hover_finds(*mode, "key "));
    render_png(*mode, std::string("radix_") + view, gfx::Theme::Light);
  }
  mode->params_from_json({{"radix-view", "buckets"}});
  mode->reset();
  mode->seek(1);
  EXPECT_TRUE(hover_finds(*mode, "offset"));
  render_png(*mode, "radix_buckets_scan_dark", gfx::Theme::Dark);
  mode->params_from_json({{"radix-view", "split"}});
  mode->reset();
  mode->seek(4);
  render_png(*mode, "radix_split_t", gfx::Theme::Light);
}

// Cells widen for long texts when the figure has room (four 32-bit keys show in binary) and
// carry no text when narrower than a digit (200 keys: colours only, no digit soup).
TEST(RadixMode, CellTextFitsItsCell) {
  auto mode = make_mode("radix");
  mode->params_from_json({{"keys", "4294967295 0 123456789 7"}});
  mode->reset();
  EXPECT_NE(draw_svg(*mode).find(">11111111111111111111111111111111<"), std::string::npos);
  mode->params_from_json({{"keys", ""}, {"n", 200}});
  mode->reset();
  mode->seek(mode->step_count() - 1);
  const std::string svg = draw_svg(*mode);
  size_t texts = 0;
  for (size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1))
    ++texts;
  EXPECT_LT(texts, 60u);  // labels, header, legend; no per-cell digits
}

// 4-bit digits: sixteen colours, no two alike, all in the legend (digit 0 and digit 8 once
// shared a colour and the legend named only four).
TEST(RadixMode, EveryDigitHasItsOwnColourAndLegendEntry) {
  for (gfx::Theme theme : {gfx::Theme::Light, gfx::Theme::Dark}) {
    std::set<uint32_t> colours;
    for (int d = 0; d < 16; ++d) {
      const gfx::Color c = digit_fill(gfx::palette(theme), d);
      colours.insert(uint32_t{c.r} | uint32_t{c.g} << 8 | uint32_t{c.b} << 16);
    }
    EXPECT_EQ(colours.size(), 16u);
  }
  auto mode = make_mode("radix");
  mode->params_from_json(
      {{"radix-view", "buckets"}, {"radix-bits", 4}, {"key-bits", 8}, {"keys", ""}, {"n", 32}});
  mode->reset();
  mode->seek(2);
  const std::string svg = draw_svg(*mode);
  EXPECT_NE(svg.find(">digit 0<"), std::string::npos);
  EXPECT_NE(svg.find(">15<"), std::string::npos);
}

TEST(RadixMode, ParametersRoundTripAndErrorsNameTheKey) {
  auto mode = make_mode("radix");
  mode->params_from_json({{"keys", "3 1 2"},
                          {"bit", 1},
                          {"radix-view", "lsd"},
                          {"radix-bits", 3},
                          {"block", 2},
                          {"key-bits", 5}});
  expect_round_trip(*mode);
  expect_rejected(*mode, {{"radix-view", "msd"}}, "radix-view");
  expect_rejected(*mode, {{"keys", "1 -2 3"}}, "-2");
  expect_rejected(*mode, {{"keys", "4294967296"}}, "4294967296");
  expect_rejected(*mode, {{"bit", 32}}, "bit");
  expect_rejected(*mode, {{"radix-bits", 0}}, "radix-bits");
  expect_rejected(*mode, {{"keys", "255 1"}, {"key-bits", 4}}, "key-bits");
  expect_rejected(*mode, {{"threshold", 3}}, "threshold");
}

// ---------------------------------------------------------------------------------------------
// Segmented scan

// The reference: std::inclusive_scan / std::exclusive_scan over each segment on its own.
std::vector<double> per_segment(const std::vector<std::vector<double>>& segments, bool inclusive,
                                BinaryOp op) {
  auto apply = [op](double a, double b) {
    switch (op) {
      case BinaryOp::Product:
        return a * b;
      case BinaryOp::Min:
        return std::min(a, b);
      case BinaryOp::Max:
        return std::max(a, b);
      default:
        return a + b;
    }
  };
  const double identity = op == BinaryOp::Product ? 1
                          : op == BinaryOp::Min   ? 2147483647.0
                          : op == BinaryOp::Max   ? -2147483648.0
                                                  : 0;
  std::vector<double> out;
  for (const auto& seg : segments) {
    std::vector<double> scanned(seg.size());
    if (inclusive)
      std::inclusive_scan(seg.begin(), seg.end(), scanned.begin(), apply);
    else
      std::exclusive_scan(seg.begin(), seg.end(), scanned.begin(), identity, apply);
    out.insert(out.end(), scanned.begin(), scanned.end());
  }
  return out;
}

TEST(SegmentedMode, TheIssueExampleAgainstPerSegmentScans) {
  auto mode = make_mode("segmented");
  ASSERT_NE(mode, nullptr);
  const std::vector<std::vector<double>> segs = {{1, 2}, {6, 7, 1}, {1, 2, 3, 4}};
  for (const char* op : {"sum", "product", "min", "max"}) {
    for (bool inclusive : {true, false}) {
      SCOPED_TRACE(std::string(op) + (inclusive ? " inclusive" : " exclusive"));
      mode->params_from_json(
          {{"segments", "[1 2] [6 7 1] [1 2 3 4]"}, {"op", op}, {"inclusive", inclusive}});
      mode->reset();
      const nlohmann::json r = mode->results_json();
      EXPECT_EQ(as_doubles(r["result"]), per_segment(segs, inclusive, *parse_op(op)));
      EXPECT_TRUE(r["matches_reference"].get<bool>());
    }
  }
}

TEST(SegmentedMode, RandomSegmentationsAgainstPerSegmentScans) {
  std::mt19937 rng(5);
  auto mode = make_mode("segmented");
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<std::vector<double>> segs;
    std::string text;
    const int count = 1 + static_cast<int>(rng() % 8);
    for (int s = 0; s < count; ++s) {
      segs.emplace_back();
      text += "[";
      const int length = 1 + static_cast<int>(rng() % 9);
      for (int i = 0; i < length; ++i) {
        segs.back().push_back(static_cast<double>(rng() % 19) - 9);
        text += (i ? " " : "") + std::to_string(static_cast<int>(segs.back().back()));
      }
      text += "] ";
    }
    SCOPED_TRACE(text);
    const bool inclusive = trial % 2 == 0;
    mode->params_from_json(
        {{"segments", text}, {"op", "sum"}, {inclusive ? "inclusive" : "exclusive", "true"}});
    mode->reset();
    EXPECT_EQ(as_doubles(mode->results_json()["result"]),
              per_segment(segs, inclusive, BinaryOp::Sum));
  }
}

TEST(SegmentedMode, EveryStepDrawsAndHoverNamesTheWindow) {
  auto mode = make_mode("segmented");
  mode->params_from_json(
      {{"segments", "[1 2] [6 7 1] [1 2 3 4]"}, {"op", "sum"}, {"inclusive", true}});
  mode->reset();
  every_step_draws(*mode);
  EXPECT_TRUE(hover_finds(*mode, "combines x["));
  EXPECT_TRUE(hover_finds(*mode, "per-segment loop over segment") ||
              hover_finds(*mode, "serial loop over segment"));
  render_png(*mode, "segmented_done", gfx::Theme::Light);
  mode->seek(2);
  render_png(*mode, "segmented_stride2", gfx::Theme::Light);
  mode->params_from_json({{"exclusive", "true"}, {"op", "max"}});
  mode->reset();
  mode->seek(mode->step_count() - 1);
  render_png(*mode, "segmented_exclusive_max_dark", gfx::Theme::Dark);
}

// The figure keeps its layout from step to step (rows of later steps are there, greyed): a point
// over an output cell at the end is over the same, not yet written, cell at the start.
TEST(SegmentedMode, RowsStayInPlaceWhileStepping) {
  auto mode = make_mode("segmented");
  mode->params_from_json({{"segments", "[1 2] [6 7 1] [1 2 3 4]"}});
  mode->reset();
  mode->seek(mode->step_count() - 1);
  draw_svg(*mode);
  gfx::Vec2 output{-1, -1}, input{-1, -1};
  for (float y = 0; y < 800 && output.x < 0; y += 2)
    for (float x = 0; x < 1280 && output.x < 0; x += 5) {
      const std::string text = mode->describe_at({x, y});
      if (text.rfind("output[8]", 0) == 0) output = {x, y};
      if (text.rfind("x[8] = 4", 0) == 0) input = {x, y};
    }
  ASSERT_GE(output.x, 0);
  ASSERT_GE(input.x, 0);
  for (int step = 0; step + 1 < mode->step_count(); ++step) {
    SCOPED_TRACE(step);
    mode->seek(step);
    draw_svg(*mode);
    EXPECT_EQ(mode->describe_at(output), "the store has not run yet");
    EXPECT_EQ(mode->describe_at(input).rfind("x[8] = 4", 0), 0u);
  }
}

// Nothing of an application figure runs off its right edge, at the default size and at the size
// the GUI lays a figure out at under a projector font (about 500x310).
TEST(ScanAppModes, NothingIsDrawnPastTheRightEdge) {
  const std::pair<const char*, nlohmann::json> cases[] = {
      {"compact", nlohmann::json::object()},  {"compact", {{"image", "camera.png"}}},
      {"radix", {{"radix-view", "split"}}},   {"radix", {{"radix-view", "lsd"}}},
      {"radix", {{"radix-view", "buckets"}}}, {"segmented", nlohmann::json::object()},
  };
  for (const auto& [id, params] : cases) {
    auto mode = make_mode(id);
    mode->params_from_json(params);
    mode->reset();
    for (int step : {0, mode->step_count() - 1}) {
      mode->seek(step);
      for (const gfx::Vec2 size : {gfx::Vec2{1280, 720}, gfx::Vec2{495, 310}}) {
        SCOPED_TRACE(std::string(id) + " " + params.dump() + " step " + std::to_string(step) +
                     " at " + std::to_string(size.x));
        gfx::SvgCanvas svg(size);
        ExtentCanvas extent(svg);
        mode->draw(extent, gfx::Theme::Light);
        EXPECT_LE(extent.right(), size.x + 1);
      }
    }
  }
}

TEST(SegmentedMode, ParametersRoundTripAndErrorsNameTheKey) {
  auto mode = make_mode("segmented");
  mode->params_from_json(
      {{"segments", "[1.5 2] [3]"}, {"type", "float32"}, {"op", "max"}, {"exclusive", "true"}});
  expect_round_trip(*mode);
  EXPECT_EQ(mode->params_to_json()["inclusive"], false);
  expect_rejected(*mode, {{"segments", "[1 2] 3"}}, "segments");
  expect_rejected(*mode, {{"segments", "[1 [2]]"}}, "segments");
  expect_rejected(*mode, {{"op", "xor"}}, "op");
  expect_rejected(*mode, {{"inclusive", "true"}, {"exclusive", "true"}}, "exclusive");
  expect_rejected(*mode, {{"type", "int32"}}, "1.5");  // the segments hold a non-integer
  expect_rejected(*mode, {{"values", "1 2"}}, "values");
}

}  // namespace
}  // namespace ws::app
