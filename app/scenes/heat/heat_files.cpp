// Files the heat scene opens (File > Open, a drop on the window): an image becomes the starting
// temperature field (bright = hot), resampled to the grid, in either mode.
#include "heat_scene.h"

namespace ws::app {

nlohmann::json HeatScene::params_for_file(const FileInfo& file) const {
  if (file.kind != FileKind::Image) return nullptr;
  return {{"init", "image:" + file.path}};
}

}  // namespace ws::app
