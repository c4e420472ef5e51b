// The lab's figure of a student's reduction run on the CPU backend: one row per barrier phase
// holding the partial sums the book's tree gives, the step's source lines, the header, hover.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "common/inputs.h"
#include "lab_figure_test_support.h"
#include "scenes/lab/figure/lab_figure.h"
#include "scenes/scene_test_support.h"

namespace ws::app {
namespace {

using lab_fig_test::kBlock;
using lab_fig_test::kGrid;
using lab_fig_test::kReduceSource;

constexpr int kN = kBlock * kGrid * 2;  // 64: every thread loads two inputs

// The shared array after each phase, computed from the input by the book's tree: phase 0 holds
// in[i] + in[i + blockDim] per thread, phase k the sums at stride blockDim / 2^k.
std::vector<std::vector<double>> expected_partials() {
  const std::vector<double> in = lab_fig_test::reduce_input(kN);
  std::vector<double> partial(size_t(kBlock) * kGrid);
  for (int b = 0; b < kGrid; ++b)
    for (int t = 0; t < kBlock; ++t)
      partial[size_t(b * kBlock + t)] =
          in[size_t(b * 2 * kBlock + t)] + in[size_t(b * 2 * kBlock + t + kBlock)];
  std::vector<std::vector<double>> phases{partial};
  for (int stride = kBlock / 2; stride >= 1; stride /= 2) {
    for (int b = 0; b < kGrid; ++b)
      for (int t = 0; t < stride; ++t)
        partial[size_t(b * kBlock + t)] += partial[size_t(b * kBlock + t + stride)];
    phases.push_back(partial);
  }
  return phases;
}

TEST(LabFigure, OneRowPerBarrierPhaseWithTheTreesPartialSums) {
  const lab::Result& r = lab_fig_test::run_once(kReduceSource, kN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const std::vector<std::vector<double>> phases = expected_partials();
  // load, strides 8 4 2 1: five phases (the last also writes out).
  ASSERT_EQ(r.trace.steps.size(), phases.size());
  const LabFigureData data = lab_figure_data(r);
  int shared = -1;
  for (size_t b = 0; b < r.trace.buffers.size(); ++b)
    if (r.trace.buffers[b].space == MemSpace::Shared) shared = int(b);
  ASSERT_GE(shared, 0);
  for (size_t s = 0; s < phases.size(); ++s)
    EXPECT_EQ(data.snapshots[s][size_t(shared)], phases[s]) << "phase " << s;

  const int last = int(phases.size()) - 1;
  gfx::RecordingCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light,
                                           lab_fig_test::figure_input(r, data, last, "teach"));
  // The input row, then one row per phase, as the reduction scene draws its tree.
  ASSERT_EQ(key.tree.rows.size(), phases.size() + 1);
  EXPECT_EQ(key.tree.rows[0].step, -1);
  for (size_t s = 0; s < phases.size(); ++s) EXPECT_EQ(key.tree.rows[s + 1].step, int(s));
  std::multiset<std::string> texts;
  for (const gfx::TextBox& t : canvas.texts()) texts.insert(t.text);
  // The final row writes out[b]: each block's total, drawn as a value.
  for (int b = 0; b < kGrid; ++b) {
    const std::string total =
        format_cell_value(phases.back()[size_t(b * kBlock)], r.trace.op, r.trace.type);
    EXPECT_TRUE(texts.count(total)) << "block " << b << " total " << total;
  }
  EXPECT_TRUE(texts.count("Reduction"));
  bool header = false;
  for (const std::string& t : texts) header |= test::contains(t, "grid 2×1 of blocks 16×1");
  EXPECT_TRUE(header);
}

TEST(LabFigure, LinesOfAStepAreTheLinesItsEventsCameFrom) {
  const lab::Result& r = lab_fig_test::run_once(kReduceSource, kN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const std::string src = kReduceSource;
  const int load_a = lab_fig_test::line_of(src, "v = in[i];");
  const int load_b = lab_fig_test::line_of(src, "v += in[i + blockDim.x]");
  const int store = lab_fig_test::line_of(src, "partial[t] = v;");
  const int add = lab_fig_test::line_of(src, "partial[t] += partial[t + stride]");
  const int out = lab_fig_test::line_of(src, "out[blockIdx.x] = partial[0]");
  EXPECT_EQ(lines_of_step(r, 0), (std::vector<int>{load_a, load_b, store}));
  EXPECT_EQ(lines_of_step(r, 1), (std::vector<int>{add}));
  EXPECT_EQ(lines_of_step(r, int(r.trace.steps.size()) - 1), (std::vector<int>{add, out}));
  EXPECT_TRUE(lines_of_step(r, -1).empty());
  EXPECT_TRUE(lines_of_step(r, 99).empty());
}

TEST(LabFigure, HoverNamesTheThreadAndItsLines) {
  const lab::Result& r = lab_fig_test::run_once(kReduceSource, kN);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  const LabFigureInput in = lab_fig_test::figure_input(r, data, 1, "teach");
  gfx::RecordingCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  const TraceTreeRowGeometry& row = key.tree.rows.back();  // phase 1: stride 8
  ASSERT_EQ(row.step, 1);
  const gfx::Vec2 lane{row.x0 + row.lane_w * 3.5f, row.lanes_y + row.lanes_h / 2};
  const std::string text = describe_lab_figure(in, key, lane + key.tree_origin);
  const int add = lab_fig_test::line_of(kReduceSource, "partial[t] += partial[t + stride]");
  EXPECT_TRUE(test::contains(text, "thread 3 of block 0")) << text;
  // Each of its events (two reads, one write) with the line it came from.
  const std::string at_add = " · source line " + std::to_string(add);
  for (const char* event : {"read partial[3]", "read partial[11]", "write partial[3]"}) {
    const size_t at = text.find(event);
    ASSERT_NE(at, std::string::npos) << event << " in " << text;
    const size_t end = text.find('\n', at);
    EXPECT_TRUE(test::contains(text.substr(at, end - at), at_add)) << event << " in " << text;
  }
  EXPECT_EQ(describe_lab_figure(in, key, {1, 1}), "");
}

TEST(LabFigure, WithoutATraceSaysWhy) {
  lab::Result failed;
  failed.compiled = false;
  LabFigureData data = lab_figure_data(failed);
  LabFigureInput in = lab_fig_test::figure_input(failed, data, 0, "teach");
  gfx::RecordingCanvas canvas({800, 500});
  draw_lab_figure(canvas, gfx::Theme::Light, in);
  ASSERT_EQ(canvas.texts().size(), 1u);
  EXPECT_EQ(canvas.texts()[0].text, "the kernel did not compile");
  in.status = "compiling…";
  gfx::RecordingCanvas again({800, 500});
  draw_lab_figure(again, gfx::Theme::Light, in);
  EXPECT_EQ(again.texts()[0].text, "compiling…");
}

}  // namespace
}  // namespace ws::app

namespace ws::app {
namespace {

// A trace whose one step writes every element of `out` (buffer 1), after an input (buffer 0).
Trace trace_writing(int out_size) {
  Trace t;
  t.buffers.resize(2);
  t.buffers[0].name = "in";
  t.buffers[0].size = 4;
  t.buffers[0].initial.assign(4, 0.0);
  t.buffers[1].name = "out";
  t.buffers[1].size = out_size;
  t.buffers[1].initial.assign(size_t(out_size), 0.0);
  t.steps.resize(1);
  for (int i = 0; i < out_size; ++i)
    t.steps[0].events.push_back({0, i, i, 1, EventKind::Write, 0, double(i)});
  return t;
}

TEST(LabFigureGrid, A2DLaunchShowsItsOutputAsWidthByHeight) {
  // A 4 x 3 block over a 4 x 3 output.
  LabGridShape shape = lab_output_grid(trace_writing(12), {1, 1, 4, 3});
  EXPECT_EQ(shape.buffer, 1);
  EXPECT_EQ(shape.width, 4);
  EXPECT_EQ(shape.height, 3);
  // An odd image, 5 x 3, under a grid of two 4 x 4 blocks: less than a block to spare each way.
  shape = lab_output_grid(trace_writing(15), {2, 1, 4, 4});
  EXPECT_EQ(shape.width, 5);
  EXPECT_EQ(shape.height, 3);
  // A 1D launch keeps the tree alone; so does a size no 2D shape under the launch explains.
  EXPECT_EQ(lab_output_grid(trace_writing(12), {3, 1, 4, 1}).buffer, -1);
  EXPECT_EQ(lab_output_grid(trace_writing(13), {1, 1, 4, 4}).buffer, -1);
}

TEST(LabFigureGrid, TheGridIsDrawnBesideTheTreeAndAnswersHover) {
  lab::Result r;
  r.compiled = true;
  r.backend_name = "cpu";
  r.trace = trace_writing(12);
  r.trace.steps[0].label = "phase 0";
  r.trace.steps[0].block_dim = 12;
  r.lines = {std::vector<int32_t>(12, 7)};
  const LabFigureData data = lab_figure_data(r);
  LabFigureInput in;
  in.result = &r;
  in.data = &data;
  in.exercise = "Image";
  in.size = "teach";
  in.launch = {1, 1, 4, 3};
  gfx::RecordingCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  ASSERT_EQ(key.grid.width, 4);
  ASSERT_EQ(key.grid.height, 3);
  EXPECT_GT(key.grid.min.x, 1280 * 0.6f);  // right of the tree
  const gfx::Vec2 cell = (key.grid.cell_min(1, 2) + key.grid.cell_max(1, 2)) * 0.5f;
  const std::string text = describe_lab_figure(in, key, cell);
  EXPECT_TRUE(test::contains(text, "out[9]")) << text;  // row 2, column 1 of a 4-wide image
  EXPECT_TRUE(test::contains(text, "write out[9] = 9 · source line 7")) << text;
}

}  // namespace
}  // namespace ws::app
