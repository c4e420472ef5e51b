#include "scene.h"

#include "common/error.h"
#include "json_params.h"
#include "run_json.h"

namespace ws::app {

void Scene::params_from_json(const nlohmann::json& params) {
  reject_unknown_keys(params, {}, id());
}

nlohmann::json Scene::results_json() const {
  RunJson doc;
  doc.scene = id();
  doc.params = params_to_json();
  doc.counters = nullptr;
  return doc.to_json();
}

BenchJob Scene::bench_job(const BenchRequest& /*request*/) const {
  throw Error(std::string("bench: scene '") + id() + "' has no benchmark");
}

}  // namespace ws::app
