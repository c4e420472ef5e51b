#include "registry.h"

#include "bfs/bfs_scene.h"
#include "common/error.h"
#include "convolution/conv_scene.h"
#include "heat/heat_scene.h"
#include "histogram/histogram_scene.h"
#include "lab/cli/lab_cli.h"
#include "lab/lab_scene.h"
#include "memory/memory_scene.h"
#include "merge/merge_scene.h"
#include "reduce/reduce_scene.h"
#include "sat/sat_scene.h"
#include "scan/scan_scene.h"
#include "spmv/spmv_scene.h"

namespace ws::app {

namespace {

std::vector<SceneFactory>& registered() {
  static std::vector<SceneFactory> factories;
  return factories;
}

}  // namespace

std::vector<std::unique_ptr<Scene>> make_scenes() {
  std::vector<std::unique_ptr<Scene>> scenes;
  scenes.push_back(std::make_unique<ReduceScene>());
  scenes.push_back(std::make_unique<HeatScene>());
  scenes.push_back(std::make_unique<ScanScene>());
  scenes.push_back(std::make_unique<SatScene>());
  scenes.push_back(std::make_unique<HistogramScene>());
  scenes.push_back(std::make_unique<BfsScene>());
  scenes.push_back(std::make_unique<ConvScene>());
  scenes.push_back(std::make_unique<MemoryScene>());
  scenes.push_back(std::make_unique<MergeScene>());
  scenes.push_back(std::make_unique<SpmvScene>());
  scenes.push_back(std::make_unique<LabScene>());
  for (const SceneFactory& make : registered()) scenes.push_back(make());
  return scenes;
}

std::unique_ptr<Scene> make_scene(const std::string& id) {
  std::string known;
  for (auto& scene : make_scenes()) {
    if (scene->id() == id) return std::move(scene);
    known += (known.empty() ? "" : ", ") + std::string(scene->id());
  }
  throw Error("unknown scene '" + id + "' (scenes: " + known + ")");
}

std::string default_scene_id() {
  return make_scenes().front()->id();
}

std::vector<std::unique_ptr<SceneCommands>> add_scene_commands(CLI::App& app) {
  std::vector<std::unique_ptr<SceneCommands>> commands;
  commands.push_back(std::make_unique<LabCommands>(app));
  return commands;
}

void register_scene(SceneFactory factory) {
  registered().push_back(std::move(factory));
}

}  // namespace ws::app
