#include "threads_params.h"

#include "common/error.h"
#include "scene_kit/json_params.h"

namespace ws::app {

std::string parse_fast_matrix(const std::string& text) {
  if (text == "scene") return text;
  static const char* const families[] = {"banded:", "poisson:", "random:", "powerlaw:"};
  if (text.rfind("gen:", 0) == 0) {
    for (const char* f : families)
      if (text.compare(4, std::string(f).size(), f) == 0 && text.size() > 4 + std::string(f).size())
        return text;
    if (text == "gen:pmpp") return text;
  }
  throw Error("--fast-matrix: expected scene (the scene's matrix) or gen:SPEC with SPEC one of " +
              std::string(spmv::generator_specs()) + ", got '" + text + "'");
}

void parse_threads_keys(SpmvSettings& s, ParamReader& keys) {
  if (const auto m = keys.text("fast-matrix")) s.fast_matrix = parse_fast_matrix(*m);
}

void threads_keys_json(const SpmvSettings& s, nlohmann::json& j) {
  j["fast-matrix"] = s.fast_matrix;
}

}  // namespace ws::app
