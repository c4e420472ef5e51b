// Teach mode of the fused box filter (--kernel fused): the key and what it implies, the run's
// document (the output against the direct filter), the figure of each launch (the grids it shows,
// the outlined window of a walk step), captions and figures in Chinese, the messages bad requests
// get, and the command line (run, render).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "scene_kit/panel_widgets.h"
#include "scenes/sat/sat_scene.h"
#include "scenes/sat/teach/sat_teach_fused_view.h"
#include "scenes/scene_test_support.h"
#include "scenes/scene_zh_test_support.h"

namespace ws::app {
namespace {

using test::contains;

std::unique_ptr<SatScene> fused_scene(int radius, const char* size = "13x9") {
  return test::attached<SatScene>(
      {{"kernel", "fused"}, {"radius", radius}, {"size", size}, {"seed", 3}});
}

int step_marked(const nlohmann::json& steps, const std::string& marker, int occurrence = 0) {
  for (size_t s = 0; s < steps.size(); ++s)
    if (steps[s]["code_marker"] == marker && occurrence-- == 0) return int(s);
  ADD_FAILURE() << "no step " << marker;
  return 0;
}

TEST(SatFusedTeach, TheKernelKeyImpliesTeachModeAndTheRunEqualsTheDirectFilter) {
  for (int r : {0, 1, 4, 13, 40}) {
    auto scene = fused_scene(r);
    EXPECT_EQ(scene->mode(), "teach");
    EXPECT_EQ(scene->settings().teach_kernel, sat::TeachKernel::FusedFilter);
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["matches_reference"], true) << "r " << r;
    EXPECT_EQ(j["result"]["filtered"], j["reference"]["filtered"]) << "r " << r;
    EXPECT_EQ(j["params"]["kernel"], "fused");
    EXPECT_EQ(j["steps"].back()["label"], "walk, iteration 3: E published, the pixels");
    std::set<std::string> phases;
    for (const auto& s : j["steps"]) phases.insert(s["phase"].get<std::string>());
    // r <= 3: the window fits a block's 8 rows, and the walks start from their own rows.
    if (r <= 3) {
      EXPECT_EQ(phases, (std::set<std::string>{"walk"}));
      EXPECT_EQ(j["steps"][0]["label"],
                "walk: V sums each block's first window (no launches 1 and 2)");
      continue;
    }
    EXPECT_EQ(phases, (std::set<std::string>{"strip sums", "start columns", "walk"}));
    EXPECT_EQ(j["steps"][0]["label"], "strip sums: row 0 of each strip");
  }
  // Back to the table: the variant's run again.
  auto scene = fused_scene(2);
  scene->params_from_json({{"kernel", "table"}});
  scene->reset();
  EXPECT_TRUE(scene->results_json()["result"].contains("sat"));
}

// The variant panel and the lecture's number keys send only the variant: its table comes back.
// Both keys at once (a saved session, the command line) keep the fused filter.
TEST(SatFusedTeach, ChoosingATableVariantShowsItsTable) {
  auto scene = fused_scene(2);
  std::string error;
  apply_edit(*scene, {{"variant", "block-scan"}}, error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_EQ(scene->settings().teach_kernel, sat::TeachKernel::Table);
  EXPECT_EQ(scene->settings().variant, sat::Variant::BlockScan);
  EXPECT_TRUE(scene->results_json()["result"].contains("sat"));
  scene->params_from_json({{"kernel", "fused"}, {"variant", "transpose"}});
  scene->reset();
  EXPECT_EQ(scene->settings().teach_kernel, sat::TeachKernel::FusedFilter);
  EXPECT_FALSE(scene->results_json()["result"].contains("sat"));
}

TEST(SatFusedTeach, BadRequestsAreRefusedByNameAndChangeNothing) {
  EXPECT_NE(test::error_of<SatScene>({{"kernel", "walk"}}).find("kernel: expected table"),
            std::string::npos);
  EXPECT_NE(test::error_of<SatScene>({{"kernel", "fused"}, {"type", "f32"}, {"size", "4x4"}})
                .find("type f32 has no fused filter"),
            std::string::npos);
  EXPECT_NE(test::error_of<SatScene>({{"kernel", "fused"}, {"radius", -1}}).find("radius"),
            std::string::npos);
  // The panel's edit: refused with the message, the shown run kept.
  auto scene = fused_scene(2);
  std::string error;
  apply_edit(*scene, {{"type", "f32-f64"}}, error);
  EXPECT_TRUE(contains(error, "choose type u8")) << error;
  EXPECT_EQ(scene->settings().accum, sat::Accum::U8U32);
  EXPECT_EQ(scene->results_json()["matches_reference"], true);
}

// Each launch's grids; in a walk step the image outlines the window of the pixel it is about.
TEST(SatFusedTeach, TheFigureShowsEachLaunchsBuffersAndTheWindow) {
  auto scene = fused_scene(4, "16x20");
  const nlohmann::json steps = scene->results_json()["steps"];
  scene->seek(step_marked(steps, "@ff-strip-row"));
  std::set<std::string> t = test::figure_texts(*scene);
  EXPECT_TRUE(t.count("image") && t.count("strip sums") && t.count("running sums (registers)"))
      << "launch 1";
  EXPECT_FALSE(t.count("output image")) << "launch 1";
  scene->seek(step_marked(steps, "@ff-start-run"));
  t = test::figure_texts(*scene);
  EXPECT_TRUE(t.count("strip sums") && t.count("start columns") &&
              t.count("segment totals (shared)"))
      << "launch 2";
  // Iteration 1 of block 0 writes output rows 2 and 3: the window of pixel (8, 2) is rows 0..6,
  // columns 4..12 (r = 4, clamped at the top).
  scene->seek(step_marked(steps, "@ff-walk-pixels", 1));
  t = test::figure_texts(*scene);
  EXPECT_TRUE(t.count("image, outlined: the window of output pixel (8, 2)")) << "walk";
  EXPECT_TRUE(t.count("output image") && t.count("V, block 0 (registers)") &&
              t.count("E, buffer 1 row 0 (shared, block 0)"))
      << "walk";
  scene->seek(step_marked(steps, "@ff-walk-move", 1));
  t = test::figure_texts(*scene);
  EXPECT_TRUE(t.count("image, outlined: the rows V sums for output row 2")) << "walk";
  // Every step: the texts fit and do not overlap; the hover names the cells.
  for (int s = 0; s < scene->step_count(); ++s) {
    scene->seek(s);
    gfx::RecordingCanvas canvas({1280, 720});
    scene->draw(canvas, gfx::Theme::Light);
    EXPECT_EQ(gfx::overlapping_texts(canvas.texts()), std::vector<std::string>{}) << s;
    EXPECT_EQ(gfx::texts_outside(canvas.texts(), {1280, 720}), std::vector<std::string>{}) << s;
  }
  scene->seek(step_marked(steps, "@ff-walk-pixels"));
  bool named = false;
  for (const std::string& h : test::hover_texts(*scene, 7)) named = named || contains(h, "output[");
  EXPECT_TRUE(named);
}

// The panel's "block shown": a walk step draws that block's V, E and window, not the first
// block's; a block past the last is the last.
TEST(SatFusedTeach, TheBlockShownMovesTheWalksFocus) {
  sat::Plane plane;
  plane.width = 16;
  plane.height = 20;
  for (int i = 0; i < 16 * 20; ++i) plane.values.push_back(float((i * 37) % 256));
  sat::TeachParams p;
  p.kernel = sat::TeachKernel::FusedFilter;
  p.radius = 4;
  const sat::TeachRun run = sat::teach(p, plane, Backend::Cpu);
  int pixels = -1;  // iteration 1's pixels: output rows 2 and 3 of each block
  for (size_t s = 0, seen = 0; s < run.trace.steps.size() && pixels < 0; ++s)
    if (run.trace.steps[s].code_marker == "@ff-walk-pixels" && seen++ == 1) pixels = int(s);
  ASSERT_GE(pixels, 0);
  const sat_teach::WalkFocus first = sat_teach::walk_focus(run, pixels);
  EXPECT_EQ(first.block, 0);
  EXPECT_EQ(first.y, 2);
  const sat_teach::WalkFocus second = sat_teach::walk_focus(run, pixels, 1);
  ASSERT_TRUE(second.shown && second.pixel);
  EXPECT_EQ(second.block, 1);
  EXPECT_EQ(second.y, 10);  // 8 rows a block
  EXPECT_EQ(second.window.y0, 6);
  EXPECT_EQ(second.window.y1, 14);
  const sat_teach::WalkFocus last = sat_teach::walk_focus(run, pixels, 99);
  EXPECT_EQ(last.block, 2);  // 20 rows: blocks 0, 1, 2
  EXPECT_EQ(last.y, 18);
  // Its rows under the grids: block 1's V and E.
  for (const TraceBuffer& buf : run.trace.buffers)
    for (const sat_teach::RowSlice& slice :
         sat_teach::fused_row_slices(buf, 16, second.block, second.iteration))
      EXPECT_TRUE(contains(slice.label, "block 1")) << slice.label;
}

TEST(SatFusedTeach, CaptionsAndFiguresInChineseAtEveryStep) {
  test::EnglishAfterwards english;
  const std::set<std::string> allowed = {"cpu", "cuda", "CPU", "GPU", "Kogge", "Stone"};
  auto scene = fused_scene(2, "9x11");
  std::set<std::string> captions;
  for (int s = 0; s < scene->step_count(); ++s) {
    scene->seek(s);
    test::expect_chinese_figure(*scene, allowed, "step " + std::to_string(s + 1));
    i18n::set_language(i18n::Language::English);
    captions.insert(scene->caption());
  }
  EXPECT_GE(captions.size(), 7u);  // every kind of step says its own why
  // Numbered labels are translated through their patterns.
  i18n::set_language(i18n::Language::Chinese);
  EXPECT_EQ(tr_text("walk, iteration 1: E published, the pixels"),
            trf("walk, iteration {0}: E published, the pixels", 1));
  EXPECT_NE(tr_text("walk, iteration 1: E published, the pixels"),
            "walk, iteration 1: E published, the pixels");
}

TEST(SatFusedTeach, TheCommandLineRunsAndRendersIt) {
  const std::string dir = test::out_dir("fused_teach");
  ASSERT_EQ(test::run_cli("run --scene sat --backend cpu --mode teach --kernel fused --radius 4 "
                          "--size 21x17 --seed 2 --json " +
                          dir + "/fused.json"),
            0);
  const nlohmann::json j = test::read_json(dir + "/fused.json");
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["params"]["kernel"], "fused");
  ASSERT_EQ(test::run_cli("render --scene sat --backend cpu --kernel fused --radius 2 --values "
                          "\"1 2 3; 4 5 6; 7 8 9\" --step 9 --out " +
                          dir + "/fused.svg"),
            0);
  EXPECT_TRUE(contains(test::read_text(dir + "/fused.svg"), "E published"));
  EXPECT_NE(test::run_cli("run --scene sat --backend cpu --kernel fused --type f32 --size 4x4"), 0);
  EXPECT_NE(test::run_cli("run --scene sat --backend cpu --kernel fused --radius 9000"), 0);
}

}  // namespace
}  // namespace ws::app
