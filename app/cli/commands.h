// The subcommands of the warpscope executable. Each returns the process exit code; errors are
// thrown as ws::Error and reported by main.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/backend.h"
#include "i18n/i18n.h"
#include "io/json_file.h"
#include "render/palette.h"
#include "scene_kit/bench_report.h"

namespace ws::app {

// `--key value` pairs the scene understands (everything the command itself did not take).
// A key with no value (`--flag` followed by another option or nothing) becomes "true".
nlohmann::json scene_args_to_json(const std::vector<std::string>& extras);

// `--step` of render and gui: a step number (1-based) or "last" -> the 0-based step of a run of
// `count` steps; anything else, or a step outside the run, is an error naming what is accepted.
int resolve_step(const std::string& text, int count);

// The backend to use: the one asked for ("" = CUDA when built and a device is present, else the
// CPU, with a notice on stderr); asking for CUDA without one is an error.
Backend choose_backend(const std::string& requested, bool quiet);

struct RenderRequest {
  std::string scene;  // "" = the default scene
  nlohmann::json params = nlohmann::json::object();
  // 1-based step number, "last", "all", or "" (not given): the step the scene's parameters chose
  // when it has such a parameter (capabilities().step_from_params), else the last.
  std::string step;
  int width = 1280, height = 720;
  float scale = 1;
  gfx::Theme theme = gfx::Theme::Light;
  bool transparent = false;
  std::string out;
  std::string backend;
  std::string bench_json;  // set: draw this `warpscope bench` JSON as a chart instead of a scene
  // Animations (--out f.gif|f.mp4): frames per second (none: 2 for steps, 15 for a simulation),
  // and for a live scene the number of frames of its running simulation to record.
  std::optional<int> fps;
  std::optional<int> frames;
};

int run_command(const std::string& scene, const nlohmann::json& params, const std::string& backend,
                const std::string& json_path, const std::string& out_path = "");
int render_command(const RenderRequest& request);
// `warpscope bench --frames N --scene S --sweep KEY=LO:HI [--set KEY=VALUE ...]`: the scene's
// frame loop as the window runs it while a slider moves (set the parameter, recompute, draw a
// 1920x1080 figure, wait for the GPU), headless: fps and frame times.
int scene_frames_bench_command(const std::string& scene_id, const std::vector<std::string>& sets,
                               const std::string& sweep, int frames, const std::string& backend);
int render_script_command(const std::string& script_path);
// `warpscope bench --scene S`: the scene's benchmark (Scene::bench_job) for the request, printed
// and written as JSON; `request.backend` is chosen from `backend` ("" = CUDA when present).
int bench_command(const std::string& scene, BenchRequest request, const std::string& backend,
                  const std::string& json_path);
// Runs the job, prints the title, notes and table, writes the JSON (with "scene" and "backend"
// set) when a path is given, and fails when a row is wrong.
int run_bench_cli(const std::string& scene_id, const BenchRequest& request, const BenchJob& job,
                  const std::string& json_path);
// The display path on a headless GL context (bench --interop / --live): 0, or 1 with the reason.
int interop_bench_command(const std::vector<std::string>& sizes, int frames);
// `handoffs`: the hand-off strategies to run, one run each (interop::Handoff names, or "all");
// empty: the default. Several give a summary table, one row per strategy and size.
int live_bench_command(const std::vector<std::string>& sizes, int frames, int steps_per_frame,
                       const std::string& variant, const std::vector<std::string>& handoffs = {});
// `warpscope gui`: the window, or with no display the default figures headless (with a session:
// its scene, parameters, language and step).
struct GuiRequest {
  std::string scene;            // "" = the default scene
  std::string session_path;     // open this session at start
  int frames = 0;               // > 0: render this many frames, then exit (tests, screenshots)
  std::string screenshot_path;  // with frames: write the last frame here
  std::string step;             // open at this step: 1-based or "last" ("" = the run's start)
  // Scripted input (tests, demos): JSON {"events": [{"frame": F, "at": [fx, fy],
  // "left": bool, "right": bool, "shift": bool}, ...]}; `at` is a fraction of the viewport's
  // figure; each mouse event holds until the next. {"frame": F, "key": "Right"} presses a key
  // for frame F alone (lecture mode's keys: ui/lecture_mode.h; "ctrl+o": File > Open...), and
  // {"frame": F, "drop": [paths]} drops files on the window at frame F.
  std::string input_script;
  std::string session_out;  // write the session here when the window closes
  nlohmann::json params =
      nlohmann::json::object();  // scene options (--name value), after the session
  // --lang; none: the language the user chose last (settings), else the environment's (LANG).
  std::optional<i18n::Language> language;
  bool lecture = false;  // --lecture: open in lecture mode, the window over the whole screen
};
int gui_command(const GuiRequest& request);

// "1280x720" -> width and height; false when it does not look like that.
bool parse_size(const std::string& text, int& width, int& height);

}  // namespace ws::app
