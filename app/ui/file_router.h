// Opening a file in the window, whatever the scene: File > Open, File > Open recent and files
// dropped on the window all come here. A session applies as a session; any other file goes to the
// current scene when its params_for_file takes it, else to the first other scene that does, which
// is then shown (and the notice says so). The parameters apply like an edit (apply_edit): on an
// error the scene keeps what it had, the scene that was shown stays shown, and the message says
// why. Nothing here names a scene: scenes declare what they take (Scene::params_for_file).
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io/file_probe.h"
#include "io/session.h"
#include "scene_kit/scene.h"

namespace ws::app {

// What opening a file needs from the window (GuiApp gives its own; the tests give theirs).
struct SceneHost {
  std::vector<Scene*> scenes;  // in the Scene menu's order
  std::function<Scene&()> current;
  // Shows `scene` in place of the current one (detach it, attach `scene`, which resets it);
  // throws when `scene` cannot attach.
  std::function<void(Scene&)> show;
  // Applies a session (scene, parameters, step, view); throws ws::Error on a bad one.
  std::function<void(const Session&)> apply_session;
};

// What opening a file will do, decided before anything large is read.
struct OpenPlan {
  FilePreview preview;
  Scene* scene = nullptr;  // the scene that takes the file (null for a session, or on error)
  nlohmann::json params;   // what makes `scene` show it
  bool switches = false;   // `scene` is not the one shown now
  std::optional<Session> session;
  std::vector<FileInfo> preload;  // images and graphs worth decoding on a worker first
  std::string error;              // "" or why the file cannot be opened, in words

  bool ok() const { return error.empty(); }
};

// Never throws: a file nobody takes, a missing or corrupt file, a session of an unknown scene give
// a plan with `error`.
OpenPlan plan_open(const std::string& path, const SceneHost& host);

// Carries a plan out (on the UI thread). Returns the notice ("opened camera.png"; "opened
// camera.png in Summed-area tables: Parallel scan does not take image files"); throws ws::Error
// with the message, the previous input left in place, when the scene refuses the file.
std::string apply_plan(const OpenPlan& plan, SceneHost& host);

// plan_open then apply_plan, without a worker: files opened one after the other in tests and
// scripts. `message` is the notice or the error.
struct OpenOutcome {
  bool ok = false;
  std::string message;
};
OpenOutcome open_file_now(const std::string& path, SceneHost& host);

// "cannot open NAME: WHY", in the current language (NAME is the file name without its folder).
std::string open_failure(const std::string& path, const std::string& why);

}  // namespace ws::app
