// `warpscope bench --scene S`: the scene's own benchmark (Scene::bench_job) on the chosen backend,
// as a table and JSON. A benchmark, never a test: it fails only when a result is wrong, never on
// speed. The GUI's fast-mode panel runs the same job.
#include "commands.h"
#include "common/error.h"
#include "scenes/registry.h"

namespace ws::app {

int bench_command(const std::string& scene_id, BenchRequest request, const std::string& backend,
                  const std::string& json_path) {
  const auto scene = make_scene(scene_id);
  WS_REQUIRE(scene->capabilities().benchable, "bench: scene '" + scene_id + "' has no benchmark");
  request.backend = choose_backend(backend, false);
  return run_bench_cli(scene->id(), request, scene->bench_job(request), json_path);
}

}  // namespace ws::app
