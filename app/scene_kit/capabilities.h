// What a scene can do, declared by the scene itself. The shell, the command line and the
// benchmarks read this instead of testing scene names or guessing from parameter keys.
#pragma once

#include <string>
#include <vector>

namespace ws::app {

struct SceneCapabilities {
  bool steps = true;               // a timeline of trace steps (teach mode)
  bool live = false;               // a running simulation that advances every frame (tick)
  bool grid_size = false;          // `--size` is the scene's own size (a grid), not the figure size
  bool takes_image = false;        // an image file is an input (--image or an init/material image)
  bool takes_graph = false;        // a graph file is an input
  bool takes_text = false;         // a text is an input
  bool benchable = false;          // bench_job() times the variants (`warpscope bench`, fast mode)
  std::vector<std::string> modes;  // the values of its "mode" parameter; empty: none

  // A parameter of the scene chooses the step shown (the BFS scene's --level): `render` without
  // --step draws the step the parameters leave the scene on, not the last one.
  bool step_from_params = false;

  // Chained setters, so a mode's row says what it can do in one line:
  // SceneCapabilities().with_image().with_bench().
  SceneCapabilities& with_steps(bool on) { return set(steps, on); }
  SceneCapabilities& with_live(bool on = true) { return set(live, on); }
  SceneCapabilities& with_grid_size(bool on = true) { return set(grid_size, on); }
  SceneCapabilities& with_image(bool on = true) { return set(takes_image, on); }
  SceneCapabilities& with_graph(bool on = true) { return set(takes_graph, on); }
  SceneCapabilities& with_text(bool on = true) { return set(takes_text, on); }
  SceneCapabilities& with_bench(bool on = true) { return set(benchable, on); }
  SceneCapabilities& with_step_from_params(bool on = true) { return set(step_from_params, on); }

 private:
  SceneCapabilities& set(bool& field, bool on) {
    field = on;
    return *this;
  }
};

}  // namespace ws::app
