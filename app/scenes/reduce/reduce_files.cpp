// Files the reduction opens (File > Open, a drop on the window): an image's pixels, averaged to
// teach-mode size, or a text file of typed values.
#include "reduce/reduce.h"
#include "reduce_teach_mode.h"
#include "scene_kit/file_params.h"

namespace ws::app {

nlohmann::json ReduceTeachMode::params_for_file(const FileInfo& file) const {
  if (file.kind == FileKind::Image) return {{"image", file.path}};
  if (file.kind != FileKind::Text) return nullptr;
  const auto text =
      values_text_of(file, reduce::kTeachMaxN,
                     "teach mode shows at most " + std::to_string(reduce::kTeachMaxN) + " values");
  if (!text) return nullptr;  // words, not values
  return values_params(*text, scene().params_to_json());
}

}  // namespace ws::app
