// Typed matrices and vectors (matrix.h): "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6" (PMPP's example).
// Rows end at ';' or a newline (blank rows are skipped), numbers are separated by spaces, tabs or
// commas. Every message names the option and the row / column (1-based).
#include <charconv>
#include <cmath>
#include <string>

#include "../common/error.h"
#include "matrix.h"
#include "common/parse_real.h"

namespace ws::spmv {

namespace {

bool is_number_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\r';
}

// The numbers of one row of text, each passed to `take(value, column)`; the count. Messages
// call a number "<where><first_number + its place in the row>".
template <class Take>
int32_t read_numbers(std::string_view row_text, std::string_view option, const std::string& where,
                     int32_t first_number, Take&& take) {
  int32_t column = 0;
  size_t i = 0;
  while (i < row_text.size()) {
    if (is_number_separator(row_text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < row_text.size() && !is_number_separator(row_text[end])) ++end;
    const std::string_view field = row_text.substr(i, end - i);
    ++column;
    double v = 0;
    const char* b = field.data();
    if (field.size() > 1 && field[0] == '+') ++b;
    auto [p, ec] = ws::from_chars_real(b, field.data() + field.size(), v);
    if (ec != std::errc() || p != field.data() + field.size() || !std::isfinite(v))
      throw Error(std::string(option) + ": " + where + std::to_string(first_number + column) +
                  ": found '" + std::string(field) + "'; expected a finite number");
    take(v, column - 1);
    i = end;
  }
  return column;
}

bool is_blank_text(std::string_view s) {
  for (char c : s)
    if (!is_number_separator(c)) return false;
  return true;
}

}  // namespace

CsrMatrix parse_matrix_text(const std::string& text, std::string_view option) {
  CsrMatrix m;
  m.name = "typed";
  int32_t row = 0, first_row_cols = -1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find_first_of(";\n", start);
    if (end == std::string::npos) end = text.size();
    const std::string_view row_text = std::string_view(text).substr(start, end - start);
    start = end + 1;
    if (is_blank_text(row_text)) continue;
    const std::string where = "row " + std::to_string(row + 1) + ", column ";
    const int32_t n = read_numbers(row_text, option, where, 0, [&](double v, int32_t c) {
      if (v == 0) return;  // a typed zero is no entry
      m.col.push_back(c);
      m.val.push_back(v);
    });
    if (first_row_cols < 0) first_row_cols = n;
    if (n != first_row_cols)
      throw Error(std::string(option) + ": row " + std::to_string(row + 1) + " has " +
                  std::to_string(n) + " numbers; expected " + std::to_string(first_row_cols) +
                  " as row 1 has (every row as long; rows end at ';' or a new line)");
    m.row_ptr.push_back(int32_t(m.col.size()));
    ++row;
  }
  if (row == 0)
    throw Error(std::string(option) +
                ": found no numbers; expected rows of numbers such as '1 7 0 0; 5 0 3 9; 0 2 8 0; "
                "0 0 0 6' (rows end at ';' or a new line)");
  m.rows = row;
  m.cols = first_row_cols;
  return m;
}

std::vector<double> parse_vector_text(const std::string& text, int32_t cols,
                                      std::string_view option) {
  std::vector<double> x;
  int32_t count = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find_first_of(";\n", start);
    if (end == std::string::npos) end = text.size();
    const std::string_view part = std::string_view(text).substr(start, end - start);
    start = end + 1;
    // Entries are numbered across the whole text.
    count +=
        read_numbers(part, option, "entry ", count, [&](double v, int32_t) { x.push_back(v); });
  }
  if (int64_t(x.size()) != cols)
    throw Error(std::string(option) + ": " + std::to_string(x.size()) + " numbers; expected " +
                std::to_string(cols) + ", one per column of the matrix");
  return x;
}

}  // namespace ws::spmv
