#include "scene.h"

#include "common/error.h"

namespace ws::app {

BenchJob Scene::bench_job(const BenchRequest& /*request*/) const {
  throw Error(std::string("bench: scene '") + id() + "' has no benchmark");
}

}  // namespace ws::app
