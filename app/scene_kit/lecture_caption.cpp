#include "lecture_caption.h"

#include "i18n/i18n.h"

namespace ws::app {

std::string caption_or_fallback(const Scene& scene) {
  std::string text = scene.caption();
  if (!text.empty()) return text;
  if (scene.step_count() > 1)
    return trf("Step {0} of {1}.", scene.current_step() + 1, scene.step_count());
  return "";
}

}  // namespace ws::app
