#include "conv_scene.h"

#include <functional>
#include <string>
#include <vector>

#include "common/variant_table.h"
#include "conv_bench.h"
#include "filter/conv_filter_mode.h"
#include "intensity/conv_intensity_mode.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/file_params.h"
#include "teach/conv_teach_limits.h"
#include "teach/conv_teach_mode.h"

namespace ws::app {

namespace {

// The scene's starting point: the book's 1D example (PMPP 7.2) with zero ghost cells.
ConvSettings book_example() {
  ConvSettings s;
  s.source.values = kConvBookValues;
  s.filter = kConvBookFilter;
  s.radius = 2;
  return s;
}

// The code panel of every mode: the variant's kernel file, the step's statement highlighted.
KernelSource conv_variant_source(const ConvSettings& s, const std::string& marker) {
  return {std::string("kernels/convolution/") + conv::info(s.variant).source,
          conv::info(s.variant).id, marker, ""};
}

// Lecture mode's keys 1..5: the five variants.
std::vector<std::string> conv_lecture_variants(const ConvSettings&) {
  return variant_ids(conv::variant_infos());
}

}  // namespace

ConvScene::ConvScene()
    : ModalScene(kConvSceneId, TR_NOOP("Convolution (tiles and halos)"), book_example()) {
  add_mode({"teach", TR_NOOP("teach"), std::make_unique<ConvTeachMode>(),
            SceneCapabilities().with_steps(true).with_image().with_grid_size().with_bench(),
            conv_teach_limits(), conv_lecture_variants, conv_variant_source});
  add_mode({"intensity", TR_NOOP("intensity"), std::make_unique<ConvIntensityMode>(),
            SceneCapabilities().with_steps(false).with_image().with_grid_size().with_bench(),
            conv_intensity_limits(), conv_lecture_variants, conv_variant_source});
  add_mode({"filter", TR_NOOP("filter"), std::make_unique<ConvFilterMode>(),
            SceneCapabilities().with_steps(false).with_image().with_grid_size().with_bench(),
            conv_filter_limits(), conv_lecture_variants, conv_variant_source});
  // Every mode times the one benchmark (bench/conv_bench.h); fast mode the scene's radius.
  set_bench([this](const BenchRequest& r, const std::string&) {
    bench::ConvBenchChoice choice;
    // The scene's radius where the benchmark takes it (1..7: every variant runs it).
    const int radius = settings().radius;
    if (r.from_scene && radius >= 1 && radius <= conv::kMaxTiledRadius) choice.radius = radius;
    return bench::conv_bench_job(r, choice);
  });
}

void ConvScene::on_switch(ConvSettings& s, const std::string& /*from*/, const std::string& to,
                          const ParamReader& keys) const {
  // The live filter is about photographs: the book's 1D array gives way to a shipped photo and
  // its weights to a Gaussian (unless the edit names its own).
  if (to == "filter") conv_filter_takes_photo(s, keys);
}

nlohmann::json ConvScene::params_for_file(const FileInfo& file) const {
  // A photo is filtered live; a text file of numbers is a typed input for teach mode.
  if (file.kind == FileKind::Image) return {{"mode", "filter"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text = values_text_of(file, int64_t{conv::kTeachMaxSide} * conv::kTeachMaxSide,
                                   "a typed 1D array of up to 256 values or a matrix up to 32x32");
  if (!text) return nullptr;
  return {{"mode", "teach"}, {"values", *text}};
}

}  // namespace ws::app
