// `warpscope bench --scene S`: the scene's own benchmark (Scene::bench_job) on the chosen backend,
// as a table and JSON. A benchmark, never a test: it fails only when a result is wrong, never on
// speed. The GUI's fast-mode panel runs the same job.
#include <iostream>

#include "commands.h"
#include "common/error.h"
#include "scenes/registry.h"

namespace ws::app {

int run_bench_cli(const std::string& scene_id, const BenchRequest& request, const BenchJob& job,
                  const std::string& json_path) {
  std::cerr << "warpscope bench: " << device_description(request.backend) << "\n";
  const BenchReport report = job(std::cerr);
  std::cout << report.title << "\n" << report.notes << "\n" << report.table;
  if (!json_path.empty()) {
    nlohmann::json j = report.json.is_null() ? nlohmann::json::object() : report.json;
    j["scene"] = scene_id;
    j["backend"] = backend_name(request.backend);
    j["repeats"] = request.repeats;
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  WS_REQUIRE(report.failures.empty(), "bench: " + report.failures.front());
  return 0;
}

int bench_command(const std::string& scene_id, BenchRequest request, const std::string& backend,
                  const std::string& json_path) {
  const auto scene = make_scene(scene_id);
  WS_REQUIRE(scene->capabilities().benchable, "bench: scene '" + scene_id + "' has no benchmark");
  request.backend = choose_backend(backend, false);
  return run_bench_cli(scene->id(), request, scene->bench_job(request), json_path);
}

}  // namespace ws::app
