// A scene's own subcommands on the app's command line (the kernel lab's `lab` and `lab-worker`).
// registry.cpp adds every scene's to the app before the parse (add_scene_commands); main.cpp asks
// each after it whether it was the command. So main.cpp names no scene and holds no scene's
// options.
#pragma once

#include <optional>

namespace ws::app {

class SceneCommands {
 public:
  virtual ~SceneCommands() = default;
  // The exit status when one of these commands was given; nullopt otherwise.
  virtual std::optional<int> run() const = 0;
};

}  // namespace ws::app
