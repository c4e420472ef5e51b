#include "lab_scene.h"

#include <memory>

#include "lab_files.h"
#include "lab_mode.h"

namespace ws::app {

namespace {

// The default exercise with its starter (left empty when the data folder lacks it: the first
// edit or run then says what is missing).
LabSettings initial_lab_settings() {
  LabSettings s;
  try {
    s.source = lab_starter(s.exercise);
  } catch (const std::exception&) {
  }
  return s;
}

}  // namespace

LabScene::LabScene()
    : ModalScene(kLabSceneId, TR_NOOP("Kernel lab: write a kernel, watch it run"),
                 initial_lab_settings()) {
  // --size is the problem's size (teach, odd, full), not the figure's.
  add_mode({"lab",
            TR_NOOP("lab"),
            std::make_unique<LabMode>(),
            SceneCapabilities().with_steps(true).with_grid_size(),
            {}});
}

}  // namespace ws::app
