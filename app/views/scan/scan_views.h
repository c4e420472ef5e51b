// The scan diagrams, each drawn from one teach run of a scan (ScanRun) into a canvas:
// - the step network: one column per element, one row per step, lines from the operands each
//   thread read to the cell it wrote (the Kogge-Stone network; with the phase bands "up-sweep" and
//   "down-sweep" it is the Brent-Kung / Blelloch tree);
// - the range table: which inputs x_i..x_j each position holds after each step (broken ranges,
//   the trace of a race, in the error colour);
// - the look-back timeline of the single-pass variants (one row per block);
// - the scaling plot: steps and operations against N for every variant, on log axes.
// - the hierarchical levels: every global array and each level's shared section buffer.
// With a single level the generic trace tree (views/trace_tree_view.h) stands in.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "common/backend.h"
#include "common/counters.h"
#include "i18n/i18n.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scan/scan.h"
#include "scene_kit/teach_pipeline.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/trace_tree_view.h"

namespace ws::app {

// One teach-mode run of a scan variant with what the views need precomputed from it: its
// parameters and input, the ranges each cell holds, and the check against the serial loop.
struct ScanTeach : scan::TeachRun, scan::SerialCheck {
  scan::Params params;
  std::vector<double> input;
  std::string input_label;
  std::vector<std::vector<std::vector<scan::Range>>> ranges;  // [step][buffer][element]
  std::string ranges_error;                                   // replay_ranges failed (ranges empty)
};
// The run with the kit's analysis of its trace (counters, snapshots and, on CUDA, the check
// against the CPU twin): what the figure parts below draw.
using ScanRun = Taught<ScanTeach>;

// The buffer each step is drawn with (the one it mainly writes; the previous step's when it
// writes nothing), for every step of the trace.
std::vector<int> scan_row_buffers(const Trace& trace);

// Operations the serial loop needs over those performed, "58%"; "n/a" when neither combines
// anything (N = 1).
std::string work_efficiency_text(const Counters& c);
// "levels: 200 → 7": the length scanned at each level of a hierarchical scan.
std::string level_sizes_text(const std::vector<int64_t>& sizes);

// "x3..x7", "x3", "identity", "broken", "?"; `compact` drops the x: "3..7".
std::string range_text(const scan::Range& r, bool compact = false);

// The cells a write copied or combined: for each Write event of the step (index into
// step.events), the Read events (indices) it came from. An Op's operands are the thread's reads
// since its previous Op; a write with no Op since the thread's previous write copies the last read.
struct WriteSources {
  size_t write = 0;
  bool combined = false;  // an operator application (else a copy)
  std::vector<size_t> reads;
};
std::vector<WriteSources> write_sources(const TraceStep& step);

// A shared buffer's element index across blocks (block-major), as snapshots hold it.
int64_t flat_event_index(const Trace& trace, const TraceStep& step, const TraceEvent& e);

// A dashed line at x from y0 to y1 where the buffers run past the input (a block larger than N):
// the cells right of it are padding that holds the identity. Draws nothing unless `show`.
void draw_padding_marker(gfx::Canvas& c, float x, float y0, float y1, bool show, float font,
                         const gfx::Palette& p);

// A canvas that draws nothing and remembers how far right a drawing reached (to fit a legend
// line to the figure before drawing it).
class ExtentCanvas : public gfx::Canvas {
 public:
  explicit ExtentCanvas(const gfx::Canvas& real) : real_(real) {}
  gfx::Vec2 size() const override { return real_.size(); }
  void rect_filled(gfx::Vec2, gfx::Vec2 max, gfx::Color, float) override { grow(max.x); }
  void rect(gfx::Vec2, gfx::Vec2 max, gfx::Color, float, float) override { grow(max.x); }
  void line(gfx::Vec2 a, gfx::Vec2 b, gfx::Color, float) override { grow(std::max(a.x, b.x)); }
  void triangle_filled(gfx::Vec2 a, gfx::Vec2 b, gfx::Vec2 c, gfx::Color) override {
    grow(std::max({a.x, b.x, c.x}));
  }
  void circle_filled(gfx::Vec2 centre, float radius, gfx::Color) override {
    grow(centre.x + radius);
  }
  void text(gfx::Vec2 pos, const std::string& utf8, float size, gfx::Color, gfx::HAlign h,
            gfx::VAlign) override {
    const float w = real_.text_size(utf8, size).x;
    grow(h == gfx::HAlign::Left ? pos.x + w : h == gfx::HAlign::Center ? pos.x + w / 2 : pos.x);
  }
  gfx::Vec2 text_size(const std::string& utf8, float size) const override {
    return real_.text_size(utf8, size);
  }
  float right() const { return right_; }

 private:
  void grow(float x) { right_ = std::max(right_, x); }
  const gfx::Canvas& real_;
  float right_ = 0;
};

// Where a view put its cells, for describe_at.
struct ScanCellRow {
  int step = -1;  // -1: the input row
  int buffer = 0;
  float x0 = 0, y = 0, cell_w = 0, cell_h = 0;
  int64_t cells = 0;
};
struct ScanHoverPane {
  gfx::Vec2 origin;  // the pane's top-left in the figure
  const ScanRun* run = nullptr;
  int current_step = 0;           // rows of later steps are structure only
  std::vector<ScanCellRow> rows;  // network and range table
  bool tree = false;              // the trace tree was drawn: use tree_key
  bool value_colours = false;     // some cells show their value as a colour (too small for text)
  TraceTreeKey tree_key;
  // Timeline: one row per block.
  float timeline_x0 = 0, timeline_x1 = 0, timeline_y0 = 0, timeline_row_h = 0;
  double timeline_t1 = 0;
  const scan::Timeline* timeline = nullptr;
};

// Everything that lies at `point` (pane coordinates): "" for nothing.
std::string describe_scan_point(const ScanHoverPane& pane, gfx::Vec2 point);

void draw_scan_network(gfx::Canvas& c, const ScanRun& r, int step, const gfx::Palette& p,
                       ScanHoverPane& pane);
void draw_scan_ranges(gfx::Canvas& c, const ScanRun& r, int step, const gfx::Palette& p,
                      ScanHoverPane& pane);
// Hierarchical scans: one row per global array a step wrote and one per shared section buffer
// (its state after the current step), cells as wide as the input elements they stand for (a block
// sum under its block).
struct LevelsRowInfo {
  int first_step = -1;  // -1: the input row
  int buffer = 0;
  bool live = false;    // a shared buffer: one row that follows the steps
  int shown_step = -1;  // the step whose snapshot the row shows at the current step; -1: none yet
};
std::vector<LevelsRowInfo> scan_level_rows(const ScanRun& r, int current);
void draw_scan_levels(gfx::Canvas& c, const ScanRun& r, int step, const gfx::Palette& p,
                      ScanHoverPane& pane);
void draw_levels_legend(gfx::Canvas& c, gfx::Vec2 origin, float font, const gfx::Palette& p,
                        bool value_colours);
// The colour key of cells too small for their value: viridis, low to high, and `text` saying over
// what (kValueColoursPerRow for the network and levels views, translated with tr by the caller);
// returns the width used.
inline constexpr const char* kValueColoursPerRow =
    TR_NOOP("value, low \xE2\x86\x92 high within its row");
float draw_value_colour_key(gfx::Canvas& c, gfx::Vec2 origin, float font, const gfx::Palette& p,
                            const std::string& text);
// The part of every block's bar a teach step belongs to: the steps before the look-back scan the
// block's own section, the look-back (or the chain) waits on predecessors, then the store.
enum class TimelinePart : uint8_t { None, OwnSection, LookBack, Store };
TimelinePart timeline_part_of_phase(const std::string& phase);
// The time axis of a timeline ending at `t1`: about `count` round ticks (1, 2, 5 x 10^k, in ns,
// µs or ms when measured; whole model steps otherwise) and their labels.
struct TimelineAxis {
  std::vector<double> ticks;  // in the timeline's own unit (ns or model steps)
  std::vector<std::string> labels;
  std::string unit;  // "ns", "µs", "ms"; "" for model time
};
TimelineAxis timeline_axis(double t1, bool measured, int count);
// `current_part`: the part drawn solid (None: every part); `step_name` names the step for the
// caption.
void draw_scan_timeline(gfx::Canvas& c, const scan::Timeline& t, const gfx::Palette& p,
                        ScanHoverPane& pane, TimelinePart current_part = TimelinePart::None,
                        const std::string& step_name = "");

// Steps and operations of every variant at each size (teach runs on the CPU twin).
struct ScalingSeries {
  scan::Variant variant;
  std::vector<int64_t> n, steps, ops;
};
struct ScalingData {
  std::vector<ScalingSeries> series;
  std::vector<std::string> skipped;  // "blelloch: not built yet"
};
void draw_scan_scaling(gfx::Canvas& c, const ScalingData& data, const gfx::Palette& p);

}  // namespace ws::app
