// Files the scan scene opens (File > Open, a drop on the window): an image goes to stream
// compaction (its pixels above the threshold kept); a text file of typed values is scanned, or
// compacted when compaction is shown.
#include "scan/scan.h"
#include "scan_scene.h"
#include "scene_kit/file_params.h"

namespace ws::app {

nlohmann::json ScanScene::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image) return {{"mode", "compact"}, {"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text =
      values_text_of(file, scan::kTeachMaxN,
                     "teach mode shows at most " + std::to_string(scan::kTeachMaxN) + " values");
  if (!text) return nullptr;
  const std::string target = mode() == "compact" ? "compact" : "scan";
  const Scene* shown = find_mode(target);
  nlohmann::json params = values_params(*text, shown ? shown->params_to_json() : nlohmann::json());
  params["mode"] = target;
  return params;
}

}  // namespace ws::app
