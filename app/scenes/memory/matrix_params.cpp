#include "matrix_params.h"

#include "common/error.h"
#include "common/variant_table.h"
#include "scene_kit/json_params.h"

namespace ws::app {

namespace {

constexpr const char* kTransposeOnly[] = {"rows", "cols", "block-rows"};
constexpr const char* kMatmulOnly[] = {"size", "m", "n", "k", "coarse", "thread-tile"};

template <size_t N>
bool any_matrix_key(const ParamReader& keys, const char* const (&names)[N]) {
  for (const char* name : names)
    if (keys.has(name)) return true;
  return false;
}

void parse_transpose_keys(MemorySettings& s, ParamReader& keys) {
  if (const auto v = keys.text("variant");
      v && !mem::parse_transpose_variant(*v, s.transpose_variant))
    throw Error("variant: the transpose takes 1-6 or one of " +
                variant_id_list(mem::transpose_infos()) + ", got '" + *v + "'");
  if (const auto c = keys.text("compare")) {
    mem::TransposeVariant v = mem::TransposeVariant::Padded;
    if (c->empty() || *c == "none")
      s.transpose_compare.reset();
    else if (mem::parse_transpose_variant(*c, v))
      s.transpose_compare = v;
    else
      throw Error("compare: expected a transpose variant to show beside the first (1-6 or one of " +
                  variant_id_list(mem::transpose_infos()) + "), or \"\" for none, got '" + *c +
                  "'");
  }
  if (const auto r = keys.integer("rows", 1, 16384)) s.rows = int(*r);
  if (const auto c = keys.integer("cols", 1, 16384)) s.cols = int(*c);
  if (const auto t = keys.integer("tile", mem::kTransposeMinTile, mem::kTransposeMaxTile))
    s.transpose_tile = int(*t);
  if (const auto b = keys.integer("block-rows", 1, mem::kTransposeMaxTile)) s.block_rows = int(*b);
}

void parse_matmul_keys(MemorySettings& s, ParamReader& keys) {
  if (const auto v = keys.text("variant"); v && !mem::parse_matmul_variant(*v, s.matmul_variant))
    throw Error("variant: matrix multiplication takes 1-6 or one of " +
                variant_id_list(mem::matmul_variant_infos()) + ", got '" + *v + "'");
  if (const auto c = keys.text("compare")) {
    mem::MatmulVariant v = mem::MatmulVariant::Naive;
    if (c->empty() || *c == "none")
      s.matmul_compare.reset();
    else if (mem::parse_matmul_variant(*c, v))
      s.matmul_compare = v;
    else
      throw Error("compare: expected a matmul variant to show beside the first (1-6 or one of " +
                  variant_id_list(mem::matmul_variant_infos()) + "), or \"\" for none, got '" + *c +
                  "'");
  }
  if (const auto n = keys.integer("size", 1, mem::kMatmulTeachMaxSide))
    s.matmul_m = s.matmul_n = s.matmul_k = int(*n);
  if (const auto m = keys.integer("m", 1, mem::kMatmulTeachMaxSide)) s.matmul_m = int(*m);
  if (const auto n = keys.integer("n", 1, mem::kMatmulTeachMaxSide)) s.matmul_n = int(*n);
  if (const auto k = keys.integer("k", 1, mem::kMatmulTeachMaxSide)) s.matmul_k = int(*k);
  if (const auto t = keys.integer("tile", mem::kMatmulTeachMinTile, mem::kMatmulTeachMaxTile))
    s.tile_width = int(*t);
  if (const auto c = keys.integer("coarse", 1, 4)) s.coarse_factor = int(*c);
  if (const auto t = keys.integer("thread-tile", 1, 4)) s.thread_tile = int(*t);
  // The vectorized kernel's float4 loads need TILE_WIDTH 4 or 8. Choosing it without a tile moves
  // the book's 4 x 4 TILE_WIDTH 2 case to the panel's other one, 8 x 8 with TILE_WIDTH 4 (a tile
  // given in the same edit stands and is checked by the run; sizes given stand too).
  const bool tile_fits = s.tile_width == 4 || s.tile_width == 8;
  if (s.matmul_variant == mem::MatmulVariant::Vectorized && keys.has("variant") &&
      !keys.has("tile") && !tile_fits) {
    s.tile_width = 4;
    const bool sized = keys.has("size") || keys.has("m") || keys.has("n") || keys.has("k");
    if (!sized && s.matmul_m <= 4 && s.matmul_n <= 4 && s.matmul_k <= 4)
      s.matmul_m = s.matmul_n = s.matmul_k = 8;
  }
}

}  // namespace

void imply_matrix_mode(const ParamReader& keys, std::string& mode) {
  const bool transpose_keys = any_matrix_key(keys, kTransposeOnly);
  const bool matmul_keys = any_matrix_key(keys, kMatmulOnly);
  if (transpose_keys && matmul_keys)
    throw Error(
        "rows/cols and size/m/n/k: the first are the transpose's, the others matrix "
        "multiplication's; give one mode's keys at a time");
  if (!keys.has("mode") && transpose_keys) mode = "transpose";
  if (!keys.has("mode") && matmul_keys) mode = "matmul";
}

void parse_matrix_keys(MemorySettings& s, ParamReader& keys, std::string& mode) {
  imply_matrix_mode(keys, mode);
  if (mode == "transpose") return parse_transpose_keys(s, keys);
  if (mode == "matmul") return parse_matmul_keys(s, keys);
  // "variant" is the other modes' own (a pattern, a launch); these two are only ours.
  const bool transpose_keys = any_matrix_key(keys, kTransposeOnly);
  const bool matmul_keys = any_matrix_key(keys, kMatmulOnly);
  for (const char* key : {"compare", "tile"})
    if (keys.has(key))
      throw Error(std::string(key) + ": the transpose and matmul modes take it; give --mode " +
                  "transpose or --mode matmul with it");
  if (transpose_keys || matmul_keys)
    throw Error(std::string("mode ") + mode +
                ": rows, cols and block-rows are the transpose's keys, size, m, n, k, coarse "
                "and thread-tile matrix multiplication's");
}

void matrix_keys_json(const MemorySettings& s, const std::string& mode, nlohmann::json& j) {
  if (mode == "transpose") {
    j["variant"] = mem::transpose_info(s.transpose_variant).id;
    j["compare"] = s.transpose_compare ? mem::transpose_info(*s.transpose_compare).id : "";
    j["rows"] = s.rows;
    j["cols"] = s.cols;
    j["tile"] = s.transpose_tile;
    j["block-rows"] = s.block_rows;
  } else if (mode == "matmul") {
    j["variant"] = mem::matmul_info(s.matmul_variant).id;
    j["compare"] = s.matmul_compare ? mem::matmul_info(*s.matmul_compare).id : "";
    j["m"] = s.matmul_m;
    j["n"] = s.matmul_n;
    j["k"] = s.matmul_k;
    j["tile"] = s.tile_width;
    j["coarse"] = s.coarse_factor;
    j["thread-tile"] = s.thread_tile;
  }
}

}  // namespace ws::app
