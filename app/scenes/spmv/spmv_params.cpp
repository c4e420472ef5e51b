// The SpMV scene's parameters: one parse for the command line, sessions and the panels of every
// mode, each key read once; the mode the keys imply; the parameters as JSON. The matrix and x the
// keys name are loaded here (spmv_matrix_source.h), so a bad file refuses the edit with the
// loader's message and the scene keeps what it showed.
#include <string>

#include "common/error.h"
#include "spmv_matrix_source.h"
#include "spmv_scene.h"
#include "threads_params.h"

namespace ws::app {

namespace {

// --matrix or --values (the one given replaces the other; both at once are refused).
void parse_spmv_matrix_keys(SpmvSettings& s, ParamReader& keys) {
  const std::optional<std::string> values = keys.text("values");
  const std::optional<std::string> matrix = keys.text("matrix");
  if (values && matrix)
    throw Error("--matrix and --values: give one (a named matrix or typed rows), not both");
  if (values) {
    WS_REQUIRE(!values->empty(), "--values: empty (rows like \"1 7 0 0; 5 0 3 9\")");
    s.values = *values;
    s.matrix.clear();
  }
  if (matrix) {
    WS_REQUIRE(!matrix->empty(),
               "--matrix: empty (a shipped name such as bcspwr10, a path, or "
               "gen:SPEC such as gen:poisson:64)");
    s.matrix = *matrix;
    s.values.reset();
  }
  if (const auto v = keys.integer("seed", 0, INT64_MAX)) s.seed = static_cast<uint64_t>(*v);
}

// --x ones | random | a typed list ("1 2 3 4").
void parse_spmv_x(SpmvSettings& s, ParamReader& keys) {
  const std::optional<std::string> x = keys.text("x");
  if (!x) return;
  if (*x == "ones" || *x == "random") {
    s.x_kind = spmv::parse_x_kind(*x, "--x");
    s.x_values.clear();
    return;
  }
  WS_REQUIRE(!x->empty(), "--x: empty (ones, random, or the values, e.g. \"1 2 3 4\")");
  s.x_kind = spmv::XKind::Typed;
  s.x_values = *x;
}

// --ell-width auto | 0..cols (checked against the matrix when it is loaded).
void parse_spmv_ell_width(SpmvSettings& s, ParamReader& keys) {
  const nlohmann::json* v = keys.value("ell-width");
  if (!v) return;
  if (v->is_string() && v->get<std::string>() == "auto") {
    s.ell_width = -1;
    return;
  }
  try {
    s.ell_width = int(json_int(keys.json(), "ell-width", 0, spmv::kMaxNonzeros));
  } catch (const Error&) {
    throw Error("--ell-width: expected auto or a width 0..the matrix's columns, got " +
                (v->is_string() ? "'" + v->get<std::string>() + "'" : v->dump()));
  }
}

}  // namespace

void SpmvScene::parse(SpmvSettings& s, ParamReader& keys, std::string& mode) const {
  const std::optional<std::string> variant = keys.text("variant");
  const std::optional<std::string> format = keys.text("format");
  if (!keys.has("mode") && format) mode = "formats";
  parse_spmv_matrix_keys(s, keys);
  parse_spmv_x(s, keys);
  if (const auto p = keys.text("precision"))
    s.precision = spmv::parse_spmv_value_type(*p, "--precision");
  if (variant) s.variant = spmv::parse_spmv_variant(*variant, "--variant");
  if (format) s.format = spmv::parse_sparse_format(*format, "--format");
  // Formats mode's lecture keys choose a variant: the format it walks is shown.
  if (mode == "formats" && variant && !format) s.format = format_of_variant(s.variant);
  if (const auto v = keys.integer("threads", 1, spmv::kSpmvTeachMaxBlockDim)) s.threads = int(*v);
  parse_spmv_ell_width(s, keys);
  // threads mode and fast panel (S2)
  parse_threads_keys(s, keys);
  load_matrix_choice(s);
}

nlohmann::json SpmvScene::to_json(const SpmvSettings& s, const std::string& /*mode*/) const {
  nlohmann::json j = {{"seed", s.seed},
                      {"precision", type_name(s.precision)},
                      {"variant", spmv::spmv_info(s.variant).id},
                      {"threads", s.threads},
                      {"format", spmv::sparse_format_id(s.format)}};
  if (s.values)
    j["values"] = *s.values;
  else
    j["matrix"] = s.matrix;
  j["x"] = s.x_kind == spmv::XKind::Typed ? s.x_values : spmv::x_kind_id(s.x_kind);
  if (s.ell_width < 0)
    j["ell-width"] = "auto";
  else
    j["ell-width"] = s.ell_width;
  // threads mode and fast panel (S2)
  threads_keys_json(s, j);
  return j;
}

}  // namespace ws::app
