// What the query mode computes and draws: the table of the input and the arithmetic of one query.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "common/backend.h"
#include "scenes/sat/sat_input.h"

namespace ws::app {

// The largest image the query mode shows (bigger ones are averaged down).
inline constexpr int kSatQueryMax = 1024;

// The arithmetic of one query: the corners' table values and what they give.
struct SatQuery {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // clamped to the image, inclusive
  double a = 0, b = 0, c = 0, d = 0;   // table values (0 outside the table)
  double sum = 0, direct = 0;          // by the four look-ups; by adding the pixels
  int64_t count = 0;
  double mean() const { return count > 0 ? sum / count : 0; }
  bool matches() const { return sum == direct; }
};

// Channel 0's table of the input in the accumulation type, and what computed it.
struct SatQueryTable {
  ImageInput input;
  std::vector<double> table;
  std::string computed_on;  // for the JSON: "cuda register-tiled", "cpu sequential (...)"
  bool sequential = false;  // typed values that are not bytes: the sequential loop
  Backend backend = Backend::Cpu;
  sat::Variant variant = sat::Variant::RowColumn;
  std::string shown_input;  // the input of the last reset (a new one may drop the rectangle)
};

// The query of `rect` (x0, y0, x1, y1) on `t`, clamped to the image.
SatQuery sat_query(const SatQueryTable& t, const std::array<int, 4>& rect, sat::Accum accum);
// t.computed_on in the current language: "cpu register-tiled" (a short variant name in Chinese).
std::string computed_on_text(const SatQueryTable& t);

}  // namespace ws::app
