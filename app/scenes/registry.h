// The one list of scenes. Adding a scene means one folder in app/scenes/ and one line in
// make_scenes() (registry.cpp); the build picks up the folder's sources by itself.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "scene_kit/scene.h"
#include "scene_kit/scene_commands.h"

namespace CLI {
class App;
}

namespace ws::app {

using SceneFactory = std::function<std::unique_ptr<Scene>()>;

// Every scene, the default (the one the app opens with) first.
std::vector<std::unique_ptr<Scene>> make_scenes();
// The scene with this id, or ws::Error listing the ids there are.
std::unique_ptr<Scene> make_scene(const std::string& id);
// The id of the scene the app opens with.
std::string default_scene_id();
// Adds a scene after the built-in ones for the rest of the process: tests register a fake scene
// here and drive it through run, render, bench and the window like any other.
void register_scene(SceneFactory factory);
// Adds every scene's own subcommands (SceneCommands) to the app's command line.
std::vector<std::unique_ptr<SceneCommands>> add_scene_commands(CLI::App& app);

}  // namespace ws::app
