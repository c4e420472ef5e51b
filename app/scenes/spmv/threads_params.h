// The fast panel's key (S2: threads_params.cpp), read by the scene's one parse (spmv_params.cpp)
// after the shared keys (matrix, x, precision, variant, threads, ELL width), which the threads
// mode reads as they are:
//   fast-matrix  what every mode's fast panel times: "scene" (the scene's matrix, the default)
//                or a generated one, "gen:poisson:2048", "gen:powerlaw:20:16" (matrix.h's specs)
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "spmv_settings.h"

namespace ws::app {

class ParamReader;

// Reads the key above into `s` (once). Throws ws::Error naming the option and what it accepts.
void parse_threads_keys(SpmvSettings& s, ParamReader& keys);
// The key above into `j`.
void threads_keys_json(const SpmvSettings& s, nlohmann::json& j);
// The fast panel's matrix: "scene" or "gen:SPEC" with SPEC one of matrix.h's generator families.
// Throws ws::Error naming --fast-matrix for anything else.
std::string parse_fast_matrix(const std::string& text);

}  // namespace ws::app
