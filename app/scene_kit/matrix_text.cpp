#include "matrix_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "common/parse_real.h"

namespace ws::app {

namespace {

const char* const kHowTo =
    "type rows of numbers, e.g. \"1 2 3; 4 5 6\" (rows separated by ';' or new lines, values by "
    "spaces or commas)";

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string where(int row, int column) {
  return "row " + std::to_string(row) + ", column " + std::to_string(column);
}

std::string count_text(size_t n) {
  return std::to_string(n) + (n == 1 ? " value" : " values");
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// One row's values; `row` counts the non-blank rows from 1.
std::vector<double> parse_row(const std::string& line, int row, double lo, double hi,
                              bool integers) {
  std::vector<double> values;
  size_t i = 0;
  bool after_comma = false;  // a comma must sit between two values
  while (true) {
    while (i < line.size() && is_space(line[i])) ++i;
    const int column = static_cast<int>(values.size()) + 1;
    if (i == line.size() || line[i] == ',') {
      if (after_comma || (i < line.size() && values.empty()))
        throw Error(where(row, column) + " is empty: commas go between two values");
      if (i == line.size()) return values;
      after_comma = true;
      ++i;
      continue;
    }
    size_t end = i;
    while (end < line.size() && !is_space(line[end]) && line[end] != ',') ++end;
    const std::string token = line.substr(i, end - i);
    const bool plus = token[0] == '+' && token.size() > 1 && token[1] != '-';
    double v = 0;
    const auto [ptr, ec] = ws::from_chars_real(token.data() + plus, token.data() + token.size(), v);
    const std::string range = number_text(lo) + " to " + number_text(hi);
    const bool whole_token = ptr == token.data() + token.size();
    if (ec == std::errc::result_out_of_range && whole_token)
      throw Error(where(row, column) + ": " + token + " is out of range; values must be from " +
                  range);
    if (ec != std::errc() || !whole_token || !std::isfinite(v))
      throw Error(where(row, column) + ": '" + token + "' is not a number; " + kHowTo);
    if (integers && v != std::floor(v))
      throw Error(where(row, column) + ": " + token + " is not a whole number; values must be " +
                  "whole numbers from " + range);
    if (v < lo || v > hi)
      throw Error(where(row, column) + ": " + token + " is out of range; values must be from " +
                  range);
    values.push_back(v);
    after_comma = false;
    i = end;
  }
}

}  // namespace

MatrixText parse_matrix(const std::string& text, double lo, double hi, bool integers) {
  MatrixText out;
  int row = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find_first_of(";\n", start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // a blank row
    ++row;
    std::vector<double> values = parse_row(line, row, lo, hi, integers);
    if (row == 1) {
      out.width = static_cast<int>(values.size());
    } else if (static_cast<int>(values.size()) != out.width) {
      throw Error("row " + std::to_string(row) + " has " + count_text(values.size()) +
                  " but row 1 has " + std::to_string(out.width) +
                  ": every row needs the same number of values");
    }
    out.values.insert(out.values.end(), values.begin(), values.end());
  }
  if (row == 0) throw Error(std::string("the matrix is empty: ") + kHowTo);
  out.height = row;
  return out;
}

}  // namespace ws::app
