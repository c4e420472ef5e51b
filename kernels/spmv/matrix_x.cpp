// The vector x (matrix.h): all ones, seeded random, or typed.
#include <string>

#include "../common/error.h"
#include "../common/split_mix.h"
#include "matrix.h"

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

}  // namespace ws::spmv
