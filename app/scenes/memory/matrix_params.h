// The transpose and matmul modes' parameters, read by the scene's one parse (memory_params.cpp):
//   transpose: variant, compare, rows, cols, tile, block-rows
//   matmul:    variant, compare, size (m = n = k), m, n, k, tile (TILE_WIDTH), coarse,
//              thread-tile
// P = M N with M m x k and N k x n (PMPP's I, J, K: m = I, k = J, n = K). "variant", "compare"
// and "tile" belong to the mode the edit is for; a key only one of the two modes takes (rows,
// size, ...) implies that mode when the edit names none.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "memory_settings.h"

namespace ws::app {

class ParamReader;

// Sets `mode` to the mode the keys imply when the edit names none (rows, cols, block-rows:
// transpose; size, m, n, k, coarse, thread-tile: matmul); called before any parse reads
// "variant", which each mode reads as its own. Throws ws::Error for keys of both modes.
void imply_matrix_mode(const ParamReader& keys, std::string& mode);
// Reads the keys above into `s` (each once); `mode` is the mode the edit is for (set here when
// the keys imply it and the edit has no "mode"). Throws ws::Error naming the option.
void parse_matrix_keys(MemorySettings& s, ParamReader& keys, std::string& mode);
// The keys of `mode` (transpose or matmul; nothing for the other modes) into `j`.
void matrix_keys_json(const MemorySettings& s, const std::string& mode, nlohmann::json& j);

}  // namespace ws::app
