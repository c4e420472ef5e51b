#include "pair_param.h"

#include <cstdio>

#include "common/error.h"
#include "json_params.h"

namespace ws::app {

std::optional<std::pair<int, int>> int_pair_param(ParamReader& keys, const char* key, int min_a,
                                                  int min_b, const std::string& expected) {
  const auto text = keys.text(key);
  if (!text) return std::nullopt;
  int a = 0, b = 0;
  char tail = 0;
  if (std::sscanf(text->c_str(), "%d,%d%c", &a, &b, &tail) != 2 || a < min_a || b < min_b)
    throw Error(std::string("--") + key + ": expected " + expected + ", got '" + *text + "'");
  return std::make_pair(a, b);
}

}  // namespace ws::app
