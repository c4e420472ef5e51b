// A stand-in until S2's modes land: S2 replaces this file with the tiled, networks and sort
// modes' keys (sort_params.h).
#include "sort_params.h"

#include "scene_kit/json_params.h"

namespace ws::app {

const char* sort_variant_mode(const std::string& /*text*/) {
  return nullptr;
}

void imply_sort_mode(const ParamReader& /*keys*/, std::string& /*mode*/) {}

void parse_sort_keys(MergeSettings& /*s*/, ParamReader& /*keys*/, const std::string& /*mode*/) {}

void sort_keys_json(const MergeSettings& /*s*/, const std::string& /*mode*/,
                    nlohmann::json& /*j*/) {}

}  // namespace ws::app
