#include "mode.h"

#include <imgui.h>

#include "common/error.h"
#include "panel_widgets.h"

namespace ws::app {

void Mode::attach(SceneContext& context) {
  context_ = &context;
  hover_.clear();
  reset();
}

BenchJob Mode::bench_job(const BenchRequest& /*request*/) const {
  throw Error(std::string("bench: scene '") + scene().id() + "' has no benchmark in this mode");
}

void Mode::code_ui() {
  const KernelSource source = kernel_source();
  if (!source.file.empty()) kernel_source_panel(source);
}

void Mode::edit(const nlohmann::json& change) {
  apply_edit(scene(), change, error_);
}

RunJson Mode::run_json() const {
  RunJson doc;
  doc.scene = scene().id();
  doc.params = scene().params_to_json();
  doc.backend = backend();
  return doc;
}

void Mode::fast_mode(int log2_max, const std::string& about, const char* header) {
  if (!ImGui::CollapsingHeader(label_id(header).c_str())) return;
  if (!about.empty()) ImGui::TextWrapped("%s", about.c_str());
  // The scene's benchmark (a scene may name one job for all its modes; ModeTable's asks the active
  // mode), in the window's words.
  fast_.ui(backend(), log2_max,
           [this](const BenchRequest& r) { return translated(scene().bench_job(r)); });
}

}  // namespace ws::app
