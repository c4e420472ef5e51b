// The merge and sort scene (issue 27; PMPP chapters 12-13): merging as dynamic input partitioning
// and the sorts built on it. Modes over one MergeSettings: path (the merge path, each thread's
// co-rank search and the pieces it merges: variants 1 sequential, 2 basic, 5 fast; path/), tiled
// (3 tiled, 4 circular; tiled/), networks (7 bitonic, 8 odd-even; networks/) and sort (6 merge
// sort and the fast sort; sort/).
#pragma once

#include "merge_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class MergeScene : public ModalScene<MergeSettings> {
 public:
  MergeScene();

 protected:
  void parse(MergeSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const MergeSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
