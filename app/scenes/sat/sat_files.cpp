// Files the summed-area-table scene opens (File > Open, a drop on the window): a photo is filtered
// (or queried, when the query mode is shown); a text file of numbers in rows is a typed matrix for
// teach mode (or the query mode, when shown).
#include "sat_scene.h"
#include "scene_kit/file_params.h"

namespace ws::app {

nlohmann::json SatScene::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image)
    return {{"mode", mode() == "query" ? "query" : "filter"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text = values_text_of(file, int64_t{1} << 20, "a typed matrix of up to 2^20 values");
  if (!text) return nullptr;
  return {{"mode", mode() == "query" ? "query" : "teach"}, {"values", *text}};
}

}  // namespace ws::app
