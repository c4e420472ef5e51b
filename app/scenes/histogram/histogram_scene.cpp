// The histogram scene's table of modes, its benchmark and the files it opens.
#include "histogram_scene.h"

#include "common/variant_table.h"
#include "common/error.h"
#include "contention/histogram_contention_mode.h"
#include "image/histogram_image_mode.h"
#include "scene_kit/file_params.h"
#include "teach/histogram_teach_mode.h"

namespace ws::app {

namespace {

// Lecture mode's keys 1..8 in every mode: the eight variants, in order.
std::vector<std::string> variant_ids(const HistogramSettings& /*s*/) {
  return ws::variant_ids(histogram::variant_infos());
}

// The code panel in every mode: the variant's kernel, `marker`'s line highlighted.
KernelSource variant_source(const HistogramSettings& s, const std::string& marker) {
  return {std::string("kernels/histogram/") + histogram::info(s.variant).source,
          histogram::info(s.variant).id, marker, ""};
}

// The image mode's: the same kernel, after what the image mode runs instead.
KernelSource image_source(const HistogramSettings& s, const std::string& marker) {
  KernelSource source = variant_source(s, marker);
  source.note =
      tr("The image mode counts each channel (256 bins over the byte values) with this variant's "
         "full-size kernel; shown here is its textbook form, which gives the same counts. "
         "Equalization then scans the counts with the scan scene's kernels into a lookup table.");
  return source;
}

}  // namespace

HistogramScene::HistogramScene()
    : ModalScene("histogram", TR_NOOP("Histogram (atomics and contention)")) {
  // Every mode takes an image and has the benchmark; teach mode has steps, the image mode no text.
  const auto teach = SceneCapabilities().with_image().with_text().with_bench();
  const auto contention = SceneCapabilities(teach).with_steps(false);
  const auto image = SceneCapabilities(contention).with_text(false);
  const std::vector<ModeLimit<HistogramSettings>> none;  // the full-size modes take any input
  add_mode({"teach", TR_NOOP("teach"), std::make_unique<HistogramTeachMode>(), teach,
            histogram_teach_limits(), variant_ids, variant_source});
  add_mode({"contention", TR_NOOP("contention"), std::make_unique<HistogramContentionMode>(),
            contention, none, variant_ids, variant_source});
  add_mode({"image", TR_NOOP("image"), std::make_unique<HistogramImageMode>(), image, none,
            variant_ids, image_source});
  // Every mode times the matrix on the input shown (the image mode's photo); "skew" is a
  // benchmark, not a mode: the throughput-against-skew sweep.
  set_bench(
      [this](const BenchRequest& request, const std::string& mode) {
        BenchRequest r = request;
        if (mode == "skew") r.mode = mode;
        return bench::histogram_bench_job(r, histogram_bench_choice(settings(), mode == "image"));
      },
      {"skew"});
}

// A text file of numbers opens as typed values, any other text as letters to count ("file").
nlohmann::json HistogramScene::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image) return {{"mode", "image"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text =
      values_text_of(file, histogram::kMaxSamples, "the histogram takes typed values");
  // The bytes bound the samples (letters, or numbers with their separators).
  const std::string mode =
      file.bytes <= histogram_teach_input_limits().max_samples ? "teach" : "contention";
  if (text) return {{"mode", mode}, {"values", *text}};
  return {{"mode", mode}, {"file", file.path}};
}

}  // namespace ws::app
