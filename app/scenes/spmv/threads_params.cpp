#include "threads_params.h"

#include "common/error.h"
#include "scene_kit/json_params.h"

namespace ws::app {

void imply_threads_mode(const ParamReader& keys, std::string& mode) {
  if (mode.empty() && keys.has("block")) mode = "threads";
}

std::string parse_fast_matrix(const std::string& text) {
  if (text == "scene") return text;
  static const char* const families[] = {"banded:", "poisson:", "random:", "powerlaw:", "pmpp"};
  if (text.rfind("gen:", 0) == 0)
    for (const char* f : families)
      if (text.compare(4, std::string(f).size(), f) == 0 && text.size() > 4) return text;
  throw Error("--fast-matrix: expected 'scene' (the scene's matrix) or gen:SPEC with SPEC one of " +
              std::string(spmv::generator_specs()) + ", got '" + text + "'");
}

void parse_threads_keys(SpmvSettings& s, ParamReader& keys, const std::string& mode) {
  if (const auto m = keys.text("fast-matrix")) s.fast_matrix = parse_fast_matrix(*m);
  if (mode != "threads") return;
  if (const auto v = keys.text("variant")) {
    const spmv::SpmvVariant variant = spmv::parse_spmv_variant(*v, "--variant");
    if (variant == spmv::SpmvVariant::Fast)
      throw Error(
          "--variant: threads mode teaches variants 1-6 (coo, csr, ell, hybrid, jds, "
          "csr-vector); 7 fast is timed in the fast panel, got '" +
          *v + "'");
    s.threads_variant = variant;
  }
  if (const auto b = keys.integer("block", 1, spmv::kSpmvTeachMaxBlockDim))
    s.threads_block = int(*b);
  if (s.threads_variant == spmv::SpmvVariant::CsrVector &&
      s.threads_block % spmv::kSpmvWarpSize != 0) {
    if (keys.has("block"))
      throw Error(
          "--block: csr-vector gives each row a warp, so a block is a multiple of 32 "
          "threads (32..256), got " +
          std::to_string(s.threads_block));
    // A variant switch to csr-vector rounds the block up to whole warps.
    s.threads_block =
        (s.threads_block + spmv::kSpmvWarpSize - 1) / spmv::kSpmvWarpSize * spmv::kSpmvWarpSize;
  }
}

void threads_keys_json(const SpmvSettings& s, const std::string& mode, nlohmann::json& j) {
  j["fast-matrix"] = s.fast_matrix;
  if (mode != "threads") return;
  j["variant"] = spmv::spmv_info(s.threads_variant).id;
  j["block"] = s.threads_block;
}

}  // namespace ws::app
