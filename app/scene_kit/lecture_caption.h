// Lecture mode's caption when a scene has none of its own: Scene::caption() when it says
// something, else "Step k of n." for a run with steps, else "" (a live simulation or a single
// figure: the shell says what it can do there).
#pragma once

#include <string>

#include "scene_kit/scene.h"

namespace ws::app {

std::string caption_or_fallback(const Scene& scene);

}  // namespace ws::app
