#include "merge_scene.h"

#include <memory>

#include "networks/networks_mode.h"
#include "path/merge_path_mode.h"
#include "sort/sort_mode.h"
#include "tiled/tiled_mode.h"

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
  add_mode({"tiled", TR_NOOP("tiled merge"), std::make_unique<TiledMode>(),
            SceneCapabilities().with_steps(true).with_bench(), tiled_limits(),
            tiled_lecture_variants, tiled_source});
  add_mode({"networks", TR_NOOP("sorting networks"), std::make_unique<NetworksMode>(),
            SceneCapabilities().with_steps(true).with_bench(), network_limits(),
            network_lecture_variants, network_source});
  add_mode({"sort",
            TR_NOOP("merge sort"),
            std::make_unique<SortMode>(),
            SceneCapabilities().with_steps(true).with_bench(),
            {},
            sort_lecture_variants,
            sort_source});
}

}  // namespace ws::app
