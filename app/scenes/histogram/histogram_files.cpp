// Files the histogram scene opens (File > Open, a drop on the window): an image's channels (the
// image mode); a text file of numbers as typed values, any other text as letters to count (its
// "file" input). Inputs teach mode cannot trace whole go to the contention mode.
#include "histogram/histogram.h"
#include "histogram_scene.h"
#include "scene_kit/file_params.h"
#include "teach/histogram_teach_run.h"

namespace ws::app {

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
