#include <iostream>

#include "commands.h"
#include "common/error.h"
#include "render/image.h"
#include "scenes/registry.h"

namespace ws::app {

int run_command(const std::string& scene_id, const nlohmann::json& params,
                const std::string& backend, const std::string& json_path,
                const std::string& out_path) {
  auto scene = make_scene(scene_id);
  scene->params_from_json(params);
  SceneContext context;
  context.backend = choose_backend(backend, !json_path.empty() && json_path != "-");
  context.cuda_available = context.backend == Backend::Cuda;
  scene->attach(context);
  const nlohmann::json results = scene->results_json();
  if (!out_path.empty()) {
    const gfx::Image image = scene->output_image();
    WS_REQUIRE(!image.empty(), "--out: scene '" + scene_id + "' produces no image in this mode");
    gfx::write_png(image, out_path);
    std::cerr << "warpscope: wrote " << out_path << " (" << image.width << "x" << image.height
              << ")\n";
  }
  scene->detach();
  if (json_path.empty() || json_path == "-") {
    std::cout << results.dump(2) << "\n";
  } else {
    write_file_atomically(json_path, results.dump(1) + "\n");
    const std::string summary = results.contains("summary") ? results["summary"].get<std::string>()
                                                            : "result " + results["result"].dump();
    std::cerr << "warpscope: wrote " << json_path << " (" << summary << ")\n";
  }
  return 0;
}

}  // namespace ws::app
