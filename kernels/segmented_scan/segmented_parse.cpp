// Segmented scan: the typed segments "[1 2] [6 7 1]", validation and the serial reference.
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "common/block_dim.h"
#include "common/error.h"
#include "segmented_internal.h"

namespace ws::segscan {

namespace {

[[noreturn]] void parse_error(const std::string& text, size_t pos, const std::string& what) {
  throw Error("segments \"" + text + "\": " + what + " at position " + std::to_string(pos));
}

}  // namespace

Segments parse_segments(const std::string& text) {
  Segments s;
  bool open = false;
  size_t open_at = 0;
  int64_t in_segment = 0;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
      ++i;
    } else if (c == '[') {
      if (open) parse_error(text, i, "a '[' inside a segment (segments do not nest)");
      open = true;
      open_at = i;
      in_segment = 0;
      ++i;
    } else if (c == ']') {
      if (!open) parse_error(text, i, "a ']' with no segment open");
      if (in_segment == 0) parse_error(text, i, "an empty segment");
      open = false;
      ++i;
    } else {
      size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
             text[end] != ',' && text[end] != '[' && text[end] != ']') {
        ++end;
      }
      const std::string token = text.substr(i, end - i);
      if (!open) parse_error(text, i, "the value '" + token + "' outside a segment (use [ ])");
      char* stop = nullptr;
      const double v = std::strtod(token.c_str(), &stop);
      if (stop != token.c_str() + token.size() || !std::isfinite(v))
        parse_error(text, i, "'" + token + "' is not a number");
      s.values.push_back(v);
      s.heads.push_back(in_segment == 0 ? 1 : 0);
      ++in_segment;
      i = end;
    }
  }
  if (open) parse_error(text, open_at, "a segment opened here is never closed");
  if (s.values.empty())
    throw Error("segments \"" + text + "\": no segments (write e.g. \"[1 2] [3]\")");
  return s;
}

std::string format_segments(const Segments& s) {
  std::ostringstream out;
  for (size_t i = 0; i < s.values.size(); ++i) {
    if (i == 0 || s.heads[i])
      out << (i == 0 ? "[" : "] [");
    else
      out << ' ';
    out << s.values[i];
  }
  if (!s.values.empty()) out << ']';
  return out.str();
}

Segments from_lengths(const std::vector<double>& values, const std::vector<int64_t>& lengths) {
  Segments s;
  s.values = values;
  s.heads.assign(values.size(), 0);
  size_t at = 0;
  for (int64_t len : lengths) {
    WS_REQUIRE(len > 0, "segment length " + std::to_string(len) + " must be positive");
    WS_REQUIRE(
        at + static_cast<size_t>(len) <= values.size(),
        "segment lengths add up to more than the " + std::to_string(values.size()) + " values");
    s.heads[at] = 1;
    at += static_cast<size_t>(len);
  }
  WS_REQUIRE(at == values.size(), "segment lengths add up to " + std::to_string(at) + ", not " +
                                      std::to_string(values.size()));
  return s;
}

void validate(const Params& p, int64_t n, bool teach) {
  WS_REQUIRE(n >= 0, "a negative number of elements (" + std::to_string(n) + ")");
  if (p.block_dim != 0) require_block_dim(p.block_dim, 1, "segmented scan");
  if (!teach) return;
  WS_REQUIRE(n <= kTeachMaxN, "segmented scan teach mode runs in one block of at most " +
                                  std::to_string(kTeachMaxN) + " elements, not " +
                                  std::to_string(n) + ": use fast mode for larger inputs");
  WS_REQUIRE(p.block_dim == 0 || p.block_dim >= n,
             "block size " + std::to_string(p.block_dim) + " cannot scan " + std::to_string(n) +
                 " elements in one block: leave it automatic or make it at least n");
}

int teach_block_dim(const Params& p, int64_t n) {
  if (p.block_dim != 0) return p.block_dim;
  // One block of n rounded up to a power of two (validate() keeps n within one block).
  return auto_block_dim(n, 1, kMaxBlockDim, [](int b) { return int64_t{b}; });
}

namespace {

template <class T>
std::vector<double> serial_typed(const Params& p, const Segments& s) {
  const size_t n = s.values.size();
  std::vector<double> out(n);
  T acc = identity_of<T>(p.op);
  for (size_t i = 0; i < n; ++i) {
    const T x = to_element<T>(s.values[i]);
    if (i == 0 || s.heads[i]) {
      acc = x;
      out[i] = p.inclusive ? static_cast<double>(x) : static_cast<double>(identity_of<T>(p.op));
    } else {
      out[i] = p.inclusive ? static_cast<double>(apply_op(p.op, acc, x)) : static_cast<double>(acc);
      acc = apply_op(p.op, acc, x);
    }
  }
  return out;
}

}  // namespace

std::vector<double> segmented_serial(const Params& p, const Segments& s) {
  WS_REQUIRE(s.heads.size() == s.values.size(), "segments need one head flag per value");
  return p.type == ValueType::Float32 ? serial_typed<float>(p, s) : serial_typed<int32_t>(p, s);
}

}  // namespace ws::segscan
