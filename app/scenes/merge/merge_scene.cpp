#include "merge_scene.h"

#include <memory>
#include <string>

#include "merge_bench.h"
#include "networks/networks_mode.h"
#include "path/merge_path_mode.h"
#include "sort/sort_mode.h"
#include "tiled/tiled_mode.h"

namespace ws::app {

namespace {

// The part of the merge benchmark (bench/merge_bench.h) a mode times: the merges or the sorts.
std::string merge_bench_part(const std::string& mode) {
  return mode == "networks" || mode == "sort" ? "sort" : "merge";
}

// Fast mode in the window times what the scene shows: its key type, key-value pairs or keys
// alone, and the mode's variant where the benchmark has it (the sequential merge it has not).
BenchRequest merge_fast_request(BenchRequest r, const MergeSettings& s, const std::string& mode) {
  r.type = merge::key_type_id(s.key_type);
  r.params["pairs"] = s.pairs ? "1" : "0";
  if (mode == "path" && s.path_variant != merge::MergeVariant::Sequential)
    r.variants = std::to_string(int(s.path_variant));
  // tiled, networks and sort modes (S2): the variant shown.
  if (mode == "tiled") r.variants = std::to_string(int(s.tiled_variant));
  if (mode == "networks") r.variants = std::to_string(int(s.network_variant));
  if (mode == "sort") r.variants = std::to_string(int(s.sort_variant));
  return r;
}

}  // namespace

MergeScene::MergeScene()
    : ModalScene(kMergeSceneId, TR_NOOP("Merge and sort (co-rank, merge path, sorting networks)")) {
  add_mode({"path",
            TR_NOOP("merge path"),
            std::make_unique<MergePathMode>(),
            SceneCapabilities().with_steps(true).with_bench(),
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
  // One benchmark for every mode (bench/merge_bench.h): a mode times its part at full size. On
  // the command line the scene starts in path mode, so `bench --scene merge` without another
  // --mode runs both parts (--set part=merge runs the merges alone).
  set_bench([this](const BenchRequest& r, const std::string& mode) {
    if (r.from_scene)
      return bench::merge_bench_job(merge_fast_request(r, settings(), mode),
                                    merge_bench_part(mode));
    const bool whole = mode == "path" && this->mode() == "path";
    return bench::merge_bench_job(r, whole ? "" : merge_bench_part(mode));
  });
}

}  // namespace ws::app
