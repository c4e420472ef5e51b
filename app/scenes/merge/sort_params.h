// The tiled, networks and sort modes' keys (S2: sort_params.cpp), read by the scene's one parse
// (merge_params.cpp) after the shared keys (key type, pairs, A and B, the sort's input, seed) and
// path mode's. "variant" belongs to the mode the edit is for; these read it when that mode is
// tiled, networks or sort.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "merge_settings.h"

namespace ws::app {

class ParamReader;

// The mode of tiled, networks and sort that takes the variant `text` (an id or a number, as
// lecture keys and --variant give it: "tiled", "4", "bitonic", "merge-sort", "fast", "9"), or
// nullptr when none of them does. Merge variants 3 and 4 are tiled mode's; "fast" is the sort's
// fast variant here (path mode's fast merge is variant 5).
const char* sort_variant_mode(const std::string& text);
// Sets `mode` to the mode S2's keys imply when the edit names none (e.g. --tile: tiled).
void imply_sort_mode(const ParamReader& keys, std::string& mode);
// Reads S2's keys into `s` (each once), "variant" when `mode` is one of S2's. Throws ws::Error
// naming the option.
void parse_sort_keys(MergeSettings& s, ParamReader& keys, const std::string& mode);
// S2's keys into `j` ("variant" when `mode` is one of S2's).
void sort_keys_json(const MergeSettings& s, const std::string& mode, nlohmann::json& j);

}  // namespace ws::app
