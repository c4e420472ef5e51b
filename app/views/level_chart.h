// A chart of per-level quantities (a BFS's levels, any level-synchronous algorithm's rounds): for
// each level a group of bars (e.g. frontier size and edges examined), a band under them giving
// each level's category (e.g. top-down / bottom-up) with the levels where it switches marked by
// a dashed line, an optional strip of a second quantity on its own axis (time per level), and the
// current level highlighted. Linear or log10 y axis (log when the values span decades).
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

struct LevelSeries {
  std::string name;  // legend text, e.g. "frontier (vertices)"
  gfx::Color color;
  std::vector<double> values;  // one per level
};

struct LevelCategory {
  std::string name;  // "top-down"
  gfx::Color color;
};

struct LevelChart {
  std::string title;              // drawn above the plot ("" = none)
  std::string x_label;            // e.g. "level (depth of the frontier expanded)"
  std::string y_label;            // e.g. "count"
  std::vector<LevelSeries> bars;  // grouped per level, left to right
  // The band: category index per level into `categories` (empty: no band).
  std::vector<int> category;
  std::vector<LevelCategory> categories;
  std::string band_label;    // e.g. "direction"
  std::string switch_label;  // legend text of the dashed switch lines ("" = no lines)
  // The strip below the plot (e.g. ms per level); empty values or all zero: no strip.
  LevelSeries strip;
  std::string strip_unit;  // "ms"
  int current = -1;        // the highlighted level (-1 none)
  bool log_scale = false;
};

// Where draw_level_chart put the levels, for hover and clicks.
struct LevelChartLayout {
  float x0 = 0, x1 = 0, y0 = 0, y1 = 0;  // the plot area with its band and strip
  int levels = 0;
};

// True when a log axis reads better: the largest positive value is at least 100 times the
// smallest positive one.
bool level_values_span_decades(const LevelChart& chart);

// Draws into [min, max] of the canvas with text of height `font`.
LevelChartLayout draw_level_chart(gfx::Canvas& canvas, gfx::Vec2 min, gfx::Vec2 max,
                                  const LevelChart& chart, const gfx::Palette& palette, float font);

// The level under `point`, or -1.
int level_at(const LevelChartLayout& layout, gfx::Vec2 point);

}  // namespace ws::app
