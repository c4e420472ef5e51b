// The threads mode's and the fast panel's keys (S2: threads_params.cpp), read by the scene's one
// parse (spmv_params.cpp) after the shared keys (matrix, x, type, ELL width):
//   threads mode: variant (1 coo .. 6 csr-vector; the mode the edit is for reads "variant"),
//                 block (threads a block, 1..256; csr-vector: a multiple of 32)
//   every mode:   fast-matrix (what the fast panel times: "scene", the scene's matrix, or a
//                 generated one, "gen:poisson:2048", "gen:powerlaw:20:16", ...)
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "spmv_settings.h"

namespace ws::app {

class ParamReader;

// The threads mode when the edit names no mode but gives --block.
void imply_threads_mode(const ParamReader& keys, std::string& mode);
// Reads the keys above into `s` (each once; "variant" only when `mode` is "threads"). Throws
// ws::Error naming the option and what it accepts.
void parse_threads_keys(SpmvSettings& s, ParamReader& keys, const std::string& mode);
// The keys above into `j` ("variant" and "block" when `mode` is "threads").
void threads_keys_json(const SpmvSettings& s, const std::string& mode, nlohmann::json& j);
// The fast panel's matrix: "scene" or a generator spec "gen:SPEC" (matrix.h's specs). Throws
// ws::Error naming --fast-matrix for anything else.
std::string parse_fast_matrix(const std::string& text);

}  // namespace ws::app
