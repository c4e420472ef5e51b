// A key holding two whole numbers "A,B" (a sort pass and a merge of it: `--merge-at 2,0`), read
// through the scene's ParamReader like every other key.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace ws::app {

class ParamReader;

// std::nullopt when the key is absent; A >= min_a and B >= min_b, else ws::Error
// "--key: expected <expected>, got '<text>'".
std::optional<std::pair<int, int>> int_pair_param(ParamReader& keys, const char* key, int min_a,
                                                  int min_b, const std::string& expected);

}  // namespace ws::app
