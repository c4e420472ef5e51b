// The lab figure's diagnostics: an out-of-bounds read paints its thread's lane red with the index
// and line beside it, a race paints both threads' lanes, a wrong output is outlined red and says
// expected and got on hover; the figure renders to PNG and SVG.
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "lab_figure_test_support.h"
#include "render/figure.h"
#include "render/image.h"
#include "scenes/lab/figure/lab_figure.h"
#include "scenes/scene_test_support.h"

namespace ws::app {
namespace {

using lab_fig_test::kBlock;
using lab_fig_test::kGrid;
using lab_fig_test::RectCanvas;

constexpr int kShortN = 56;  // block 1 covers in[32..63]: threads 8..15 read in[56..63]

// out[1] wrong, as the exercise's check names it.
lab::Diagnostic wrong_out_1() {
  lab::Diagnostic wrong;
  wrong.kind = lab::DiagKind::WrongAnswer;
  wrong.buffer = 1;  // out
  wrong.index = 1;
  wrong.message = "out[1]: expected 5, got 4";
  return wrong;
}

// Filled rectangles of `colour` covering x inside the row's lane strip.
bool lane_painted(const RectCanvas& c, gfx::Vec2 origin, const TraceTreeRowGeometry& row,
                  int thread, gfx::Color colour) {
  const float x = origin.x + row.x0 + (thread + 0.5f) * row.lane_w;
  const float y = origin.y + row.lanes_y + row.lanes_h / 2;
  for (const lab_fig_test::DrawnRect& r : c.rects)
    if (r.filled && lab_fig_test::same_color(r.color, colour) && r.a.x <= x && x <= r.b.x &&
        r.a.y <= y && y <= r.b.y)
      return true;
  return false;
}

TEST(LabFigureMarks, AnOutOfBoundsReadPaintsItsLaneAndNamesIndexAndLine) {
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kUnguardedSource, kShortN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  ASSERT_FALSE(data.out_of_bounds.empty());
  const int line =
      lab_fig_test::line_of(lab_fig_test::kUnguardedSource, "in[i] + in[i + blockDim.x]");
  // Thread 8 of block 1 (linear 24) is the first to read past the end: in[32 + 8 + 16] = in[56].
  const LabMark& first = data.out_of_bounds.front();
  EXPECT_EQ(first.thread, kBlock + 8);
  EXPECT_EQ(first.step, 0);
  const LabFigureInput in = lab_fig_test::figure_input(r, data, 0, "odd");
  RectCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  const TraceTreeRowGeometry& row = key.tree.rows.at(1);
  ASSERT_EQ(row.step, 0);
  const gfx::Palette& p = gfx::palette(gfx::Theme::Light);
  EXPECT_TRUE(lane_painted(canvas, key.tree_origin, row, kBlock + 8, p.mismatch));
  EXPECT_TRUE(lane_painted(canvas, key.tree_origin, row, kBlock + 15, p.mismatch));
  EXPECT_FALSE(lane_painted(canvas, key.tree_origin, row, kBlock + 7, p.mismatch));
  EXPECT_FALSE(lane_painted(canvas, key.tree_origin, row, 8, p.mismatch));
  bool labelled = false;
  for (const gfx::TextBox& t : canvas.texts())
    labelled |= t.text == "thread 24: in[56] at line " + std::to_string(line);
  EXPECT_TRUE(labelled);
  const gfx::Vec2 lane{key.tree_origin.x + row.x0 + (kBlock + 8.5f) * row.lane_w,
                       key.tree_origin.y + row.lanes_y + row.lanes_h / 2};
  const std::string hover = describe_lab_figure(in, key, lane);
  EXPECT_TRUE(test::contains(hover, "in[56]")) << hover;
  EXPECT_TRUE(test::contains(hover, "line " + std::to_string(line))) << hover;
  EXPECT_TRUE(gfx::overlapping_texts(canvas.texts()).empty());
}

TEST(LabFigureMarks, ARacePaintsBothLanes) {
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kNoBarrierSource, kBlock * kGrid * 2);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  ASSERT_FALSE(data.races.empty());
  const LabMark& race = data.races.front();
  ASSERT_GE(race.step, 0);
  const LabFigureInput in = lab_fig_test::figure_input(r, data, race.step, "odd");
  RectCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  const TraceTreeRowGeometry* row = nullptr;
  for (const TraceTreeRowGeometry& g : key.tree.rows)
    if (g.step == race.step && g.threads > 0) row = &g;
  ASSERT_NE(row, nullptr);
  const gfx::Color colour = lab_race_color(gfx::palette(gfx::Theme::Light));
  EXPECT_TRUE(lane_painted(canvas, key.tree_origin, *row, race.thread, colour));
  EXPECT_TRUE(lane_painted(canvas, key.tree_origin, *row, race.other_thread, colour));
}

TEST(LabFigureMarks, AWrongOutputIsOutlinedAndSaysExpectedAndGot) {
  lab::Result r = lab_fig_test::run_once(lab_fig_test::kReduceSource, kBlock * kGrid * 2);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  r.diagnostics.push_back(wrong_out_1());
  const LabFigureData data = lab_figure_data(r);
  const int last = int(r.trace.steps.size()) - 1;
  ASSERT_EQ(data.wrong_cells.size(), 1u);
  EXPECT_EQ(data.wrong_cells[0].step, last);  // the phase that wrote out[1]
  const LabFigureInput in = lab_fig_test::figure_input(r, data, last, "odd");
  RectCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  const TraceTreeRowGeometry& row = key.tree.rows.back();
  ASSERT_EQ(row.buffer, 1);
  const gfx::Vec2 cell{key.tree_origin.x + row.x0 + 1.5f * row.cell_w,
                       key.tree_origin.y + row.y + row.cell_h / 2};
  bool outlined = false;
  for (const lab_fig_test::DrawnRect& d : canvas.rects)
    outlined |= !d.filled &&
                lab_fig_test::same_color(d.color, gfx::palette(gfx::Theme::Light).mismatch) &&
                d.a.x <= cell.x && cell.x <= d.b.x && d.a.y <= cell.y && cell.y <= d.b.y;
  EXPECT_TRUE(outlined);
  EXPECT_TRUE(test::contains(describe_lab_figure(in, key, cell), "expected 5, got 4"));
}

TEST(LabFigureMarks, AWrongOutputNoRowShowsGetsAStripOfItsOwn) {
  // Without barriers the whole kernel is one phase, whose row shows `partial` (most writes).
  lab::Result r = lab_fig_test::run_once(lab_fig_test::kNoBarrierSource, kBlock * kGrid * 2);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  r.diagnostics.push_back(wrong_out_1());
  const LabFigureData data = lab_figure_data(r);
  const int last = int(r.trace.steps.size()) - 1;
  EXPECT_EQ(lab_unshown_wrong_buffers(r.trace, data, last), std::vector<int>{1});
  const LabFigureInput in = lab_fig_test::figure_input(r, data, last, "odd");
  RectCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  for (const TraceTreeRowGeometry& row : key.tree.rows) EXPECT_NE(row.buffer, 1);
  bool named = false;
  for (const gfx::TextBox& t : canvas.texts()) named |= t.text == "out (wrong cells)";
  EXPECT_TRUE(named);
  // The outlined cell says what is wrong on hover.
  const lab_fig_test::DrawnRect* outline = nullptr;
  for (const lab_fig_test::DrawnRect& d : canvas.rects)
    if (!d.filled && d.thickness >= 3 &&
        lab_fig_test::same_color(d.color, gfx::palette(gfx::Theme::Light).mismatch))
      outline = &d;
  ASSERT_NE(outline, nullptr);
  const gfx::Vec2 centre = (outline->a + outline->b) * 0.5f;
  EXPECT_TRUE(test::contains(describe_lab_figure(in, key, centre), "expected 5, got 4"));
}

TEST(LabFigureMarks, RendersToPngAndSvg) {
  WS_REQUIRE_GL();
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kUnguardedSource, kShortN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  gfx::FigureOptions options;
  const LabFigureInput in = lab_fig_test::figure_input(r, data, 0, "odd");
  auto draw = [&](gfx::Canvas& c) { draw_lab_figure(c, gfx::Theme::Light, in); };
  const gfx::Image image = gfx::render_figure(draw, options);
  EXPECT_EQ(image.width, 1280);
  gfx::write_png(image, test::out_dir("figure") + "/oob_step0.png");
  const std::string svg = gfx::render_figure_svg(draw, options);
  EXPECT_NE(svg.find("id=\"lab-trace\""), std::string::npos);
  EXPECT_NE(svg.find("in[56] at line"), std::string::npos);
  const lab::Result& race = lab_fig_test::run_once(lab_fig_test::kNoBarrierSource, 64);
  const LabFigureData race_data = lab_figure_data(race);
  ASSERT_FALSE(race_data.races.empty());
  const LabFigureInput race_in =
      lab_fig_test::figure_input(race, race_data, race_data.races.front().step, "odd");
  gfx::write_png(
      gfx::render_figure([&](gfx::Canvas& c) { draw_lab_figure(c, gfx::Theme::Dark, race_in); },
                         options),
      test::out_dir("figure") + "/race_dark.png");
}

}  // namespace
}  // namespace ws::app

namespace ws::app {
namespace {

TEST(LabFigureMarks, TextsStayInsideAndApartAtEverySize) {
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kUnguardedSource, kShortN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  for (const gfx::Vec2 size : {gfx::Vec2{800, 500}, gfx::Vec2{1280, 720}, gfx::Vec2{1920, 1080}})
    for (int step = 0; step < int(r.trace.steps.size()); ++step) {
      gfx::RecordingCanvas canvas(size);
      draw_lab_figure(canvas, gfx::Theme::Light, lab_fig_test::figure_input(r, data, step, "odd"));
      const std::string where = std::to_string(int(size.x)) + " step " + std::to_string(step);
      for (const std::string& problem : gfx::texts_outside(canvas.texts(), size))
        ADD_FAILURE() << where << ": " << problem;
      for (const std::string& problem : gfx::overlapping_texts(canvas.texts()))
        ADD_FAILURE() << where << ": " << problem;
    }
}

}  // namespace
}  // namespace ws::app
