// warpscope: watch parallel GPU algorithms work.
//   warpscope [gui]                      the application (default scene, built-in data)
//   warpscope render --scene S ... --out fig.png|fig.svg   one figure (or --step all: a sequence)
//   warpscope render --scene S ... --step all --out a.gif|a.mp4 [--fps N]   an animation
//   warpscope render --script figures.json                  a batch of figures
//   warpscope run --scene S ... [--backend cpu|cuda] --json out.json   results, trace, counters
//   warpscope bench [--scene S] [--sizes ...] --json out.json             timings vs baselines
//   warpscope list                                          the scenes, their options and defaults
//   warpscope <scene command> ...        a scene's own subcommands (scenes/registry.cpp)
//   warpscope --version                  the version, the CUDA build and the data folder in use
#include <algorithm>
#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "common/error.h"
#include "data/data_root.h"
#include "i18n/i18n.h"
#include "render/font_metrics.h"
#include "render/palette.h"
#include "scenes/registry.h"

namespace {

const char* kSceneHelp =
    "Scene options follow the command as --name value (e.g. --variant 3 --n 256 --seed 7); "
    "`warpscope list` shows every scene with its options and their defaults.";

// What `--version` prints: the version, what the build holds, and where the shipped data is read.
std::string version_text() {
  const ws::data::DataRoot& data = ws::data::data_root();
  return std::string("warpscope ") + WARPSCOPE_VERSION + "\nbuild: " + WARPSCOPE_BUILD_CUDA +
         "\ndata: " + data.path + " (" + data.from + ")";
}

// `language`: --lang when given (the window otherwise remembers the user's choice).
int run_cli(int argc, char** argv, std::optional<ws::i18n::Language> language) {
  using namespace ws::app;
  CLI::App app{"warpscope: watch parallel GPU algorithms work, step by step and at full speed"};
  app.require_subcommand(0, 1);
  app.footer(kSceneHelp);
  app.set_version_flag("--version", version_text,
                       "Print the version, the CUDA build and the data folder");

  const std::string default_scene = default_scene_id();
  std::string gui_scene = default_scene, session, screenshot;
  int frames = 0;
  auto* gui = app.add_subcommand("gui", "Open the application window (the default)");
  gui->allow_extras();
  gui->add_option("--scene", gui_scene, "Scene to open");
  gui->add_option("--session", session, "Session file to open");
  gui->add_option("--frames", frames, "Render this many frames and exit")
      ->check(CLI::Range(1, 100000));
  gui->add_option("--screenshot", screenshot, "With --frames: save the last frame as PNG");
  std::string gui_step;
  gui->add_option("--step", gui_step, "Open at this step of the run (1-based, or 'last')");
  std::string input_script, session_out;
  gui->add_option("--input", input_script,
                  "Scripted input (JSON events: frame, at [fx, fy] of the figure, buttons; or "
                  "frame and key)");
  gui->add_option("--save-session", session_out, "Write the session here when the window closes");
  bool lecture = false;
  gui->add_flag("--lecture", lecture,
                "Lecture mode: the figure over the whole screen with a caption; keys step "
                "(H in the window lists them)");

  RenderRequest render_request;
  render_request.scene = default_scene;
  std::string size, figure_size, theme = "light", script;
  auto* render = app.add_subcommand(
      "render", "Render a figure headless (PNG or SVG) or an animation (GIF or MP4)");
  render->allow_extras();
  render->add_option("--scene", render_request.scene, "Scene id");
  render->add_option("--step", render_request.step,
                     "Step number (1-based), 'last' or 'all' (default: last, or the step the "
                     "scene's options choose, e.g. the BFS scene's --level)");
  render->add_option("--figure-size", figure_size, "Logical figure size WxH (default 1280x720)");
  render->add_option("--size", size,
                     "The scene's size where it has one (a grid); otherwise the figure size");
  render->add_option("--scale", render_request.scale, "Output pixels per logical pixel");
  render->add_option("--theme", theme, "light or dark");
  render->add_flag("--transparent", render_request.transparent, "No background");
  render->add_option("--out", render_request.out,
                     "Output .png or .svg (with %03d for --step all), or an animation: .gif, or "
                     ".mp4 where ffmpeg is installed (with --step all or a range such as 3-7, or "
                     "--frames N for a running simulation)");
  int render_fps = 0, render_frames = 0;
  auto* fps_option = render->add_option(
      "--fps", render_fps, "Animation frames per second (default 2 for steps, 15 for --frames)");
  auto* frames_option = render->add_option(
      "--frames", render_frames,
      "Record this many frames of a live scene's running simulation as a .gif or .mp4 (the "
      "scene's own options say how far it runs per frame)");
  render->add_option("--backend", render_request.backend, "cpu or cuda (default: cuda if present)");
  render->add_option("--script", script, "JSON batch of figures");
  render->add_option(
      "--bench", render_request.bench_json,
      "Draw a `warpscope bench` JSON as a chart (GB/s per variant and size, or lines for a "
      "sweep such as the histogram's throughput against skew)");

  std::string run_scene = default_scene, run_backend, json_path;
  auto* run = app.add_subcommand("run", "Run a scene and write results, trace and counters");
  run->allow_extras();
  run->add_option("--scene", run_scene, "Scene id");
  run->add_option("--backend", run_backend, "cpu or cuda (default: cuda if present)");
  run->add_option("--json", json_path, "Output JSON file ('-' or none: standard output)");
  std::string run_out;
  run->add_option("--out", run_out, "Write the run's output image (PNG), e.g. a filtered photo");

  std::string bench_scene = default_scene, bench_backend, bench_json;
  BenchRequest bench_request;
  std::vector<std::string> bench_sizes;
  auto* bench = app.add_subcommand("bench", "Time every variant against the library and copy");
  bench->add_option("--scene", bench_scene, "Scene id (`warpscope list` names them)");
  bench->add_option("--mode", bench_request.mode,
                    "The scene's mode to time, for a scene with modes (`warpscope list` names "
                    "them)");
  bench
      ->add_option("--sizes", bench_sizes,
                   "The sizes, as the scene reads them (arrays: log2 of the length, e.g. "
                   "20,24,28; grids: N, NxM or NxMxL); none: the scene's defaults")
      ->delimiter(',');
  bench->add_option("--type", bench_request.type, "int32 or float32 (none: the scene's default)");
  bench->add_option("--backend", bench_backend, "cpu or cuda");
  bench->add_option("--repeats", bench_request.repeats, "Timed repeats (median)")
      ->check(CLI::Range(1, 1000));
  bench->add_option("--json", bench_json, "Output JSON file");
  bool bench_interop = false, bench_live = false;
  int bench_frames = 300, bench_steps_per_frame = 1;
  std::string bench_variant = "basic";
  bench->add_flag("--interop", bench_interop,
                  "Where the time goes when CUDA fields reach the screen (per path and size)");
  bench->add_flag(
      "--live", bench_live,
      "The live stencil simulation's frame loop at --sizes N (default 4096): fps, interop cost");
  bench->add_option("--frames", bench_frames, "--interop/--live: timed frames")
      ->check(CLI::Range(1, 100000));
  bench->add_option("--steps-per-frame", bench_steps_per_frame, "--live: time steps per frame")
      ->check(CLI::Range(1, 1000));
  std::vector<std::string> bench_handoffs;
  auto* bench_handoff_option =
      bench
          ->add_option("--handoff", bench_handoffs,
                       "--live: how the texture passes between CUDA and GL each frame: map-ahead "
                       "(the heat scene's, the default), map-per-write, map-first, "
                       "legacy-stream, gl-fence, sync-unmap, cpu-sync, keep-mapped, or "
                       "all (a list runs each, with a summary table; every run checks its pixels)")
          ->delimiter(',');
  auto* bench_variant_option = bench->add_option(
      "--variant", bench_variant,
      "--live: the stencil variant; otherwise time only these variants (e.g. 9 or 7,9)");

  std::string bench_sweep;
  std::vector<std::string> bench_sets;
  bench->add_option("--sweep", bench_sweep,
                    "KEY=LO:HI: time the scene's frame loop while KEY steps through LO..HI each "
                    "frame, as a slider drag (headless, 1920x1080 frames; --frames, --set)");
  bench->add_option("--set", bench_sets,
                    "KEY=VALUE: a scene parameter for --sweep, or an option of the scene's own "
                    "benchmark (e.g. --set bins=4096 for the histogram; repeatable)");
  auto* list = app.add_subcommand("list", "List the scenes and their parameters");
  const std::vector<std::unique_ptr<SceneCommands>> scene_commands = add_scene_commands(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  if (*render) {
    if (!script.empty()) return render_script_command(script);
    if (fps_option->count()) render_request.fps = render_fps;
    if (frames_option->count()) render_request.frames = render_frames;
    render_request.params = scene_args_to_json(render->remaining());
    // --size belongs to the scene when it has one (a grid: capabilities().grid_size); otherwise
    // it sets the figure size.
    const bool scene_size = render_request.bench_json.empty() &&
                            make_scene(render_request.scene)->capabilities().grid_size;
    if (!size.empty() && scene_size) render_request.params["size"] = size;
    const char* option = figure_size.empty() && !scene_size ? "--size" : "--figure-size";
    if (figure_size.empty() && !scene_size) figure_size = size;
    if (figure_size.empty()) figure_size = "1280x720";
    WS_REQUIRE(parse_size(figure_size, render_request.width, render_request.height),
               std::string(option) + " must look like 1280x720, got '" + figure_size + "'");
    WS_REQUIRE(ws::gfx::parse_theme(theme, render_request.theme),
               "--theme must be light or dark, got '" + theme + "'");
    return render_command(render_request);
  }
  for (const auto& commands : scene_commands) {
    if (const std::optional<int> status = commands->run()) return *status;
  }
  if (*run)
    return run_command(run_scene, scene_args_to_json(run->remaining()), run_backend, json_path,
                       run_out);
  if (*bench) {
    WS_REQUIRE(!(bench_interop && bench_live), std::string("--interop and --live are two runs"));
    WS_REQUIRE(bench_live || !bench_handoff_option->count(),
               std::string("--handoff belongs to --live"));
    if (bench_interop) return interop_bench_command(bench_sizes, bench_frames);
    if (!bench_sweep.empty())
      return scene_frames_bench_command(bench_scene, bench_sets, bench_sweep, bench_frames,
                                        bench_backend);
    if (bench_live)
      return live_bench_command(bench_sizes, bench_frames, bench_steps_per_frame, bench_variant,
                                bench_handoffs);
    bench_request.sizes = bench_sizes;
    for (const std::string& set : bench_sets) {
      const size_t eq = set.find('=');
      WS_REQUIRE(eq != std::string::npos && eq > 0, "--set expects KEY=VALUE, got '" + set + "'");
      bench_request.params[set.substr(0, eq)] = set.substr(eq + 1);
    }
    if (bench_variant_option->count()) bench_request.variants = bench_variant;
    return bench_command(bench_scene, bench_request, bench_backend, bench_json);
  }
  if (*list) {
    for (const auto& scene : make_scenes()) {
      const SceneCapabilities caps = scene->capabilities();
      // A long default (a kernel's source text) is shown by its first line and its length.
      nlohmann::json defaults = scene->params_to_json();
      for (auto& [key, value] : defaults.items()) {
        if (!value.is_string() || value.get<std::string>().size() <= 80) continue;
        const std::string text = value.get<std::string>();
        value = text.substr(0, std::min(text.find('\n'), size_t{60})) + "... (" +
                std::to_string(text.size()) + " characters)";
      }
      std::cout << scene->id() << "  " << scene->title() << "\n  defaults: " << defaults.dump()
                << "\n";
      if (!caps.modes.empty()) {
        std::cout << "  modes:";
        for (const std::string& m : caps.modes) std::cout << " " << m;
        std::cout << "\n";
      }
      std::cout << "  " << (caps.steps ? "steps" : "no steps") << (caps.live ? ", live" : "")
                << (caps.benchable ? ", bench" : "") << (caps.takes_image ? ", images" : "")
                << (caps.takes_graph ? ", graphs" : "") << (caps.takes_text ? ", text" : "")
                << "\n";
    }
    return 0;
  }
  GuiRequest request;
  request.scene = gui_scene;
  request.session_path = session;
  request.frames = frames;
  request.screenshot_path = screenshot;
  request.step = gui_step;
  request.input_script = input_script;
  request.session_out = session_out;
  request.params = scene_args_to_json(gui->remaining());
  request.language = language;
  request.lecture = lecture;
  return gui_command(request);
}

}  // namespace

int main(int argc, char** argv) {
  // --verbose (anywhere) or WARPSCOPE_VERBOSE=1: errors also name the failed check and its source
  // location, for developers; users see only the message.
  bool verbose = false;
  if (const char* env = std::getenv("WARPSCOPE_VERBOSE")) verbose = std::string(env) == "1";
  // --lang zh|en (anywhere; --lang=zh too) or WARPSCOPE_LANG: the language of the UI and of
  // figure text. Without either, figures are in English and the window uses the language chosen
  // last (View > Language), else the environment's.
  std::optional<ws::i18n::Language> language;
  std::string lang_text;
  if (const char* env = std::getenv("WARPSCOPE_LANG"); env && *env) lang_text = env;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i > 0 && arg == "--verbose") {
      verbose = true;
    } else if (i > 0 && arg == "--lang") {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "warpscope: error: --lang needs a value: en or zh\n");
        return 2;
      }
      lang_text = argv[++i];
    } else if (i > 0 && arg.rfind("--lang=", 0) == 0) {
      lang_text = arg.substr(7);
    } else {
      args.push_back(argv[i]);
    }
  }
  if (!lang_text.empty()) {
    ws::i18n::Language parsed;
    if (!ws::i18n::parse_language(lang_text, parsed)) {
      std::fprintf(stderr,
                   "warpscope: error: --lang must be en (English) or zh (简体中文), got '%s'\n",
                   lang_text.c_str());
      return 2;
    }
    language = parsed;
  }
  try {
    if (language) {
      ws::i18n::set_language(*language);
      if (*language == ws::i18n::Language::Chinese && ws::gfx::cjk_font_path().empty())
        std::fprintf(stderr,
                     "warpscope: no Chinese font found: Chinese text shows as '?' (install "
                     "fonts-wqy-microhei or set WARPSCOPE_CJK_FONT to a .ttf/.ttc file)\n");
    }
    return run_cli(int(args.size()), args.data(), language);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warpscope: error: %s\n", e.what());
    const auto* error = dynamic_cast<const ws::Error*>(&e);
    if (verbose && error != nullptr && !error->detail().empty())
      std::fprintf(stderr, "warpscope: (failed check: %s)\n", error->detail().c_str());
    return 1;
  }
}
