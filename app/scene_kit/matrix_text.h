// Typed matrices for the image scenes: "1 2 3; 4 5 6; 7 8 9" as a 3x3 grid of values, so a
// student can type a small input and follow every step on it.
#pragma once

#include <string>
#include <vector>

namespace ws::app {

struct MatrixText {
  int width = 0, height = 0;   // columns, rows
  std::vector<double> values;  // row-major, width * height
};

// Rows are separated by ';' or new lines, values in a row by spaces, tabs or single commas; blank
// rows (a trailing ';' or new line) are skipped. Every value must be a finite decimal number in
// [lo, hi], and a whole number when `integers` (2.0 counts as 2). Throws ws::Error naming the row
// and column and saying what is accepted: an empty text, rows of different lengths ("row 2 has 2
// values but row 1 has 3"), a token that is not a number, a value out of range or not whole.
MatrixText parse_matrix(const std::string& text, double lo, double hi, bool integers);

}  // namespace ws::app
