// The vector x (matrix.h): all ones, seeded random, or typed.
#include <string>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "matrix.h"
#include "matrix_values.h"

namespace ws::spmv {

const char* x_kind_id(XKind kind) {
  switch (kind) {
    case XKind::Ones:
      return "ones";
    case XKind::Random:
      return "random";
    case XKind::Typed:
      return "typed";
  }
  return "?";
}

XKind parse_x_kind(const std::string& text, std::string_view option) {
  if (text == "ones") return XKind::Ones;
  if (text == "random") return XKind::Random;
  if (text == "typed") return XKind::Typed;
  throw Error(std::string(option) + ": expected ones, random or typed, got '" + text + "'");
}

std::vector<double> make_x(XKind kind, int32_t cols, uint64_t seed,
                           const std::vector<double>& typed) {
  WS_REQUIRE(cols >= 0, "make_x: a negative length " + std::to_string(cols));
  switch (kind) {
    case XKind::Ones:
      return std::vector<double>(size_t(cols), 1.0);
    case XKind::Random: {
      std::vector<double> x(static_cast<size_t>(cols));
      SplitMix64 rng = stream_for(seed, 0x78ull);  // a stream of its own: not a matrix row's
      for (double& v : x) v = signed_unit24(rng.next());
      return x;
    }
    case XKind::Typed:
      break;
  }
  if (int64_t(typed.size()) != cols)
    throw Error("x: " + std::to_string(typed.size()) + " typed values; expected " +
                std::to_string(cols) + ", one per column of the matrix");
  return typed;
}

}  // namespace ws::spmv
