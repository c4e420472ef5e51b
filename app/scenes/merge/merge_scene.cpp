#include "merge_scene.h"

#include <memory>

#include "path/merge_path_mode.h"

namespace ws::app {

MergeScene::MergeScene()
    : ModalScene(kMergeSceneId, TR_NOOP("Merge and sort (co-rank, merge path, sorting networks)")) {
  add_mode({"path",
            TR_NOOP("merge path"),
            std::make_unique<MergePathMode>(),
            SceneCapabilities().with_steps(true),
            {},
            path_lecture_variants,
            path_source});
  // tiled, networks and sort modes (S2)
}

}  // namespace ws::app
