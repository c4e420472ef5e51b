#include "sat_scene.h"

#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "filter/sat_filter_mode.h"
#include "query/sat_query_mode.h"
#include "sat_bench.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/file_params.h"
#include "teach/sat_teach_mode.h"

namespace ws::app {

namespace {

// What every mode takes: an image (or typed values, or a random --size W x H) and a bench run;
// `steps`: the mode steps through a trace (teach).
SceneCapabilities sat_capabilities(bool steps) {
  // --size is the random image's W x H (a grid size); --figure-size the figure's.
  return SceneCapabilities().with_steps(steps).with_image().with_grid_size().with_bench();
}

// Lecture mode's keys 1..9: every variant, or (teach mode) those with a step-by-step trace (all
// five now; the filter keeps the list honest should a variant without a traced kernel come).
std::function<std::vector<std::string>(const SatSettings&)> variant_keys(bool traced) {
  return [traced](const SatSettings&) {
    std::vector<std::string> ids;
    for (const sat::VariantInfo& v : sat::variant_infos())
      if (!traced || sat::has_teach_trace(v.variant)) ids.push_back(v.id);
    return ids;
  };
}

// The code panel of every mode: the variant's kernel, the step's statement highlighted.
KernelSource variant_source(const SatSettings& s, const std::string& marker) {
  return {std::string("kernels/sat/") + sat::info(s.variant).source, sat::info(s.variant).id,
          marker, ""};
}

// Teach mode's code panel: the variant's kernel, or the fused filter's traced kernels.
KernelSource teach_source(const SatSettings& s, const std::string& marker) {
  if (s.teach_kernel != sat::TeachKernel::FusedFilter) return variant_source(s, marker);
  return {std::string("kernels/sat/") + sat::kFusedTeachSource,
          sat::teach_kernel_name(s.teach_kernel), marker, ""};
}

}  // namespace

SatScene::SatScene() : ModalScene(kSatSceneId, TR_NOOP("Summed-area table (box filters)")) {
  add_mode({"teach",
            TR_NOOP("teach"),
            std::make_unique<SatTeachMode>(),
            sat_capabilities(true),
            {},
            variant_keys(true),
            teach_source});
  add_mode({"query",
            TR_NOOP("query"),
            std::make_unique<SatQueryMode>(),
            sat_capabilities(false),
            {},
            variant_keys(false),
            variant_source});
  add_mode({"filter",
            TR_NOOP("filter"),
            std::make_unique<SatFilterMode>(),
            sat_capabilities(false),
            {},
            variant_keys(false),
            variant_source});
  // Every mode times the one benchmark (bench/sat_bench.h; fast mode: the scene's type).
  set_bench([this](const BenchRequest& r, const std::string&) {
    bench::SatBenchChoice choice;  // the command line: the benchmark's own types
    if (r.from_scene) choice.accum = settings().accum;
    return bench::sat_bench_job(r, choice);
  });
}

void SatScene::on_switch(SatSettings& s, const std::string& /*from*/, const std::string& to,
                         const ParamReader& keys) const {
  const SatSettings& before = settings();  // what the edit started from
  if (to == "filter") {
    // The filter mode is about photographs and speed: the teaching matrix gives way to a shipped
    // photo, the notes' serial kernel to the fastest variant (unless the edit names its own).
    if (!before.source.values.empty()) {
      s.stash = {true, before.source.values, before.variant};
      if (!keys.has("values")) s.source.values.clear();
      if (!keys.has("image") && !keys.has("size")) s.source.image = "coffee.png";
    }
    if (!keys.has("variant") && s.variant == sat::Variant::RowColumn)
      s.variant = sat::Variant::RegisterTiled;
    return;
  }
  if (to != "teach") return;
  // Back to the teaching matrix, unless another input was chosen meanwhile or by this edit.
  const SatStash& stash = before.stash;
  if (stash.held && before.source.values.empty() && before.source.image == "coffee.png") {
    const bool other_input =
        keys.has("values") || keys.has("size") || (keys.has("image") && !s.source.image.empty());
    if (!other_input) s.source.values = stash.values;
    if (!keys.has("image")) s.source.image.clear();
    if (!keys.has("variant")) s.variant = stash.variant;
  }
  s.stash = {};
}

nlohmann::json SatScene::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image)
    return {{"mode", mode() == "query" ? "query" : "filter"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text = values_text_of(file, int64_t{1} << 20, "a typed matrix of up to 2^20 values");
  if (!text) return nullptr;
  return {{"mode", mode() == "query" ? "query" : "teach"}, {"values", *text}};
}

}  // namespace ws::app
