// The one list of scenes. Adding a scene means adding one line to make_scenes().
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scene.h"

namespace ws::app {

std::vector<std::unique_ptr<Scene>> make_scenes();
// The scene with this id, or ws::Error listing the ids there are.
std::unique_ptr<Scene> make_scene(const std::string& id);

}  // namespace ws::app
