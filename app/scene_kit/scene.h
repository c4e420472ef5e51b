// A scene is one algorithm family with its variants, inputs, parameters, views and counters.
// The shell drives every scene through this interface only (window, headless render, CLI, tests).
// Four hooks are the scene's own (id, title, ui, draw); every other one has a default, as nvpro's
// elements do. A scene of the kit is a ModalScene (modal_scene.h): its settings and a table of
// modes, which answers all of these.
#pragma once

#include <nlohmann/json.hpp>
#include <functional>
#include <string>
#include <vector>

#include "common/backend.h"
#include "io/file_kind.h"
#include "render/canvas.h"
#include "render/image.h"
#include "render/palette.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/capabilities.h"

namespace ws::app {

struct SceneContext {
  Backend backend = Backend::Cpu;  // what runs the algorithm now
  bool cuda_available = false;     // a CUDA device was found at start
  gfx::Theme theme = gfx::Theme::Light;
  bool has_gl = false;  // a GL context is current whenever the scene is called (the window)
  // Work longer than a frame may run on a worker thread (the window): reset() then returns
  // before the result is in, tick() takes it, and busy() says it is coming. False (the command
  // line, tests): reset() leaves the result in place.
  bool background_work = false;
  // Shows another scene with `params` (a panel's link such as "the radix sort is in the scan
  // scene's radix mode"): the window switches after the frame, so the scene asking is not
  // detached inside its own ui(). Null where nothing can switch (the command line, tests).
  std::function<void(const std::string& scene, const nlohmann::json& params)> open_scene;
};

class Scene {
 public:
  virtual ~Scene() = default;

  virtual const char* id() const = 0;     // command-line name (`--scene`)
  virtual const char* title() const = 0;  // menu title
  // What the scene can do (steps, live mode, inputs it takes, a benchmark): the shell, the command
  // line and the benchmarks read this, never the scene's name.
  virtual SceneCapabilities capabilities() const { return {}; }

  // Resources for the scene's lifetime in a context (GL objects, CUDA buffers).
  virtual void attach(SceneContext& /*context*/) {}
  virtual void detach() {}

  // Parameters (variant, operator, input, block size...) as JSON: the CLI, sessions and the UI
  // all go through these. Unknown keys or bad values throw ws::Error naming them.
  virtual nlohmann::json params_to_json() const { return nlohmann::json::object(); }
  // By default a scene takes no parameters: any key is an error naming it.
  virtual void params_from_json(const nlohmann::json& params);

  // Recomputes the run for the current parameters (seeded input): timeline back to step 0.
  virtual void reset() {}

  // Timeline: steps 0..step_count()-1; the view shows the state after step current_step().
  virtual int step_count() const { return 1; }
  virtual int current_step() const { return 0; }
  virtual void seek(int /*step*/) {}
  void step_forward() { seek(current_step() + 1); }
  void step_back() { seek(current_step() - 1); }

  // Live scenes (a running simulation) advance here once per frame, before ui() and draw(); a GL
  // context is current. `dt` is the wall time since the last frame in seconds.
  virtual void tick(float /*dt*/) {}
  // True while the scene changes by itself (a running simulation): the shell keeps redrawing.
  virtual bool live() const { return false; }
  // True while a recomputation runs on a worker (context.background_work): the figure still
  // shows the previous result; scripted screenshots wait for it.
  virtual bool busy() const { return false; }
  // The window has queued this frame's draw (and will draw again only after the next tick(), or
  // after tick_skipped()): a live scene may map its textures for the next frame's writes now, so
  // that the map's wait for GL's draw is over by then (Handoff::MapAhead, value_image.h).
  virtual void frame_drawn() {}
  // The window skips this frame's tick() (an animation export or lecture mode holds the
  // simulation): what frame_drawn() mapped must be unmapped before GL draws it.
  virtual void tick_skipped() {}
  // Live scenes (capabilities().live): runs the simulation on by what one frame of the window
  // runs while it plays (e.g. its steps per frame), whether it is running or paused now, and
  // refreshes what draw() shows. For recording an animation frame by frame (`render --frames`,
  // File > Export animation); no wall time is involved. A GL context is current when the context
  // has one. Scenes without a simulation do nothing.
  virtual void advance_frame() {}

  // The mouse over the viewport, in the logical coordinates of the last draw(): painting,
  // probing. Called every frame while the pointer is over the viewport.
  struct Pointer {
    gfx::Vec2 point;
    bool left_down = false, right_down = false;  // held this frame
    bool left_clicked = false;                   // pressed this frame
    bool shift = false;
    float wheel = 0;  // mouse wheel turned this frame (notches; up > 0): zoom where a view zooms
  };
  virtual void pointer(const Pointer& /*p*/) {}

  // ImGui panels (parameters, counters, timings); no GL calls.
  virtual void ui() = 0;
  // The code panel: the variant's kernel source with the current statement highlighted.
  virtual void code_ui() {}

  // The diagram of the current step, in logical pixels over canvas.size(); both screen and SVG.
  virtual void draw(gfx::Canvas& canvas, gfx::Theme theme) const = 0;

  // A description of what lies at `point` (logical coordinates of the last draw()), for a tooltip
  // when the mouse rests on the viewport; "" for nothing.
  virtual std::string describe_at(gfx::Vec2 /*point*/) const { return ""; }

  // Files the user opens or drops on the window: the parameters that make this scene show `file`
  // (e.g. {"image": path}, or {"mode": "filter", "image": path}), or null when the scene does not
  // take a file of that kind. The shell applies them like any edit (keeping the previous input on
  // an error) and, when the current scene returns null, offers the file to the other scenes.
  virtual nlohmann::json params_for_file(const FileInfo& /*file*/) const { return nullptr; }

  // Lecture mode: the values of the "variant" parameter that the keys 1..9 choose, in order
  // (empty: the keys do nothing in this scene or mode).
  virtual std::vector<std::string> lecture_variants() const { return {}; }
  // One or two sentences, in the current language, saying what the current step does and why
  // (which threads, what they read, what changed): the caption under the figure in lecture mode.
  // "" when the scene has nothing to say.
  virtual std::string caption() const { return ""; }

  // Results, trace summary and counters of the current run, for `warpscope run --json`: the one
  // schema of scene_kit/run_json.h (RunJson), the same keys in every scene.
  // By default the scene and its parameters with every other key null.
  virtual nlohmann::json results_json() const;

  // The image the current run produced (a filtered photo), for `warpscope run --out`; empty for a
  // scene whose result is not an image.
  virtual gfx::Image output_image() const { return {}; }

  // The benchmark of the current parameters as a self-contained job (`warpscope bench --scene`,
  // the fast-mode panel). Scenes without one (capabilities().benchable false) throw ws::Error.
  virtual BenchJob bench_job(const BenchRequest& request) const;
};

}  // namespace ws::app
