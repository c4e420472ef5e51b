// `warpscope render`: figures headless, through the same draw code and renderer as the window.
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <vector>

#include <unistd.h>

#include "commands.h"
#include "common/error.h"
#include "render/figure.h"
#include "render/image.h"
#include "io/animation_writer.h"
#include "io/json_file.h"
#include "scene_kit/scene_animation.h"
#include "scenes/registry.h"
#include "views/bench_chart.h"
#include "views/line_chart.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::app {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The GL context and ImGui are made once per process, and only when a PNG is asked for.
struct PngRenderer {
  std::unique_ptr<gfx::HeadlessGl> gl;
  std::unique_ptr<gfx::ImguiRuntime> imgui;
  void ensure() {
    if (gl) return;
    gl = gfx::HeadlessGl::create();
    imgui = std::make_unique<gfx::ImguiRuntime>();
  }
};

// Replaces the one "%d" or "%0Nd" in `pattern` with `number` (never a printf format: the pattern
// is the user's text). Anything else after a '%' is an error.
std::string numbered(const std::string& pattern, int number) {
  const size_t at = pattern.find('%');
  size_t end = at + 1;
  int width = 0;
  if (end < pattern.size() && pattern[end] == '0') ++end;
  while (end < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[end])) &&
         width < 9)
    width = width * 10 + (pattern[end++] - '0');
  WS_REQUIRE(
      at != std::string::npos && end < pattern.size() && pattern[end] == 'd' &&
          pattern.find('%', end) == std::string::npos,
      "--out for --step all needs exactly one %d or %03d-style number, got '" + pattern + "'");
  std::string digits = std::to_string(number);
  if (static_cast<int>(digits.size()) < width) digits.insert(0, width - digits.size(), '0');
  return pattern.substr(0, at) + digits + pattern.substr(end + 1);
}

gfx::FigureOptions figure_options(const RenderRequest& r) {
  gfx::FigureOptions options;
  options.width = r.width;
  options.height = r.height;
  options.scale = r.scale;
  options.theme = r.theme;
  options.transparent = r.transparent;
  return options;
}

void write_drawing(const gfx::DrawFn& draw, const RenderRequest& r, const std::string& out,
                   PngRenderer& png) {
  const gfx::FigureOptions options = figure_options(r);
  if (ends_with(out, ".svg")) {
    write_file_atomically(out, gfx::render_figure_svg(draw, options));
  } else {
    png.ensure();
    const gfx::Image image = gfx::render_figure(draw, options);
    const std::string temp = out + ".partial.png";
    try {
      gfx::write_png(image, temp);
    } catch (...) {
      std::remove(temp.c_str());
      throw;
    }
    if (std::rename(temp.c_str(), out.c_str()) != 0) {
      std::remove(temp.c_str());
      throw Error("cannot move the figure into place at '" + out + "'");
    }
  }
  std::cerr << "warpscope: wrote " << out << "\n";
}

void write_figure(Scene& scene, const RenderRequest& r, const std::string& out, PngRenderer& png) {
  write_drawing([&](gfx::Canvas& canvas) { scene.draw(canvas, r.theme); }, r, out, png);
}

// "all", "A-B" (1-based, B may be "last") -> 0-based first and last step.
void parse_step_range(const std::string& text, int count, int& first, int& last) {
  const std::string accepted =
      "an animation needs --step all or a range of steps such as 3-7 (1-based; 3-last too)";
  if (text == "all") {
    first = 0;
    last = count - 1;
    return;
  }
  const size_t dash = text.find('-');
  WS_REQUIRE(!text.empty() && dash != std::string::npos && dash > 0,
             text.empty() ? accepted : accepted + ", got --step " + text);
  const auto bound = [&](const std::string& part) {
    if (part == "last") return count;
    char* end = nullptr;
    const long k = std::strtol(part.c_str(), &end, 10);
    WS_REQUIRE(!part.empty() && end && *end == '\0' && k >= 1 && k <= count,
               "--step " + text + ": '" + part + "' is not a step of this run (1.." +
                   std::to_string(count) + " or last)");
    return static_cast<int>(k);
  };
  first = bound(text.substr(0, dash)) - 1;
  last = bound(text.substr(dash + 1)) - 1;
  WS_REQUIRE(first <= last, "--step " + text + ": the first step comes after the last");
}

// Options that only an animation takes, on a .png or .svg: a message rather than silence.
void reject_animation_options(const RenderRequest& r) {
  WS_REQUIRE(!r.fps,
             "--fps is for animations: --out must end in .gif or .mp4, got '" + r.out + "'");
  WS_REQUIRE(!r.frames,
             "--frames records an animation: --out must end in .gif or .mp4, got '" + r.out + "'");
}

// `render ... --step all|A-B --out f.gif|f.mp4`, or `--frames N` for a live scene: one animation
// through the same render path as the PNGs, progress on stderr, nothing left behind on an error.
void write_animation(Scene& scene, const RenderRequest& r) {
  const SceneCapabilities caps = scene.capabilities();
  AnimationPlan plan;
  plan.out = r.out;
  plan.figure = figure_options(r);
  if (r.frames) {
    WS_REQUIRE(caps.live,
               "--frames records a running simulation and this scene has none: record its steps "
               "with --step all or a range such as 3-7");
    WS_REQUIRE(r.step.empty(), std::string("--frames and --step both choose the frames: give one"));
    WS_REQUIRE(*r.frames >= 1 && *r.frames <= kMaxLiveFrames,
               "--frames must be 1.." + std::to_string(kMaxLiveFrames) + ", got " +
                   std::to_string(*r.frames));
    plan.live_frames = *r.frames;
  } else {
    WS_REQUIRE(caps.steps || !caps.live,
               "this scene is a running simulation without steps: give --frames N, the number of "
               "frames to record (the scene's own options say how far it runs per frame)");
    parse_step_range(r.step, scene.step_count(), plan.first_step, plan.last_step);
  }
  plan.fps = r.fps ? *r.fps : plan.live_frames > 0 ? kDefaultLiveFps : kDefaultStepFps;
  const AnimationFormat format = *animation_format(r.out);
  const int max_fps = max_animation_fps(format);
  WS_REQUIRE(plan.fps >= kMinAnimationFps && plan.fps <= max_fps,
             "--fps must be " + std::to_string(kMinAnimationFps) + ".." + std::to_string(max_fps) +
                 (format == AnimationFormat::Gif ? " for a GIF" : " for an MP4") + ", got " +
                 std::to_string(plan.fps));
  SceneAnimation animation(scene, plan);
  const int total = animation.total();
  const bool terminal = isatty(STDERR_FILENO) != 0;
  while (!animation.closed()) {
    animation.next_frame();
    const int k = animation.done();
    // A terminal gets one line that counts up; a log gets about 10 lines.
    if (terminal)
      std::fprintf(stderr, "\rwarpscope: frame %d/%d", k, total);
    else if (k == total || (k * 10) / total != ((k - 1) * 10) / total)
      std::fprintf(stderr, "warpscope: frame %d/%d\n", k, total);
  }
  if (terminal) std::fprintf(stderr, "\n");
  std::cerr << "warpscope: wrote " << r.out << " (" << total << " frames at " << plan.fps
            << " fps)\n";
}

// `render --bench f.json`: the measured benchmark as a chart: lines for a sweep (a document with
// "chart": {"kind": "lines"}, views/line_chart.h), else bars per size (views/bench_chart.h).
void render_bench_chart(const RenderRequest& r, PngRenderer& png) {
  const nlohmann::json doc = read_json_file(r.bench_json, "bench JSON");
  if (is_line_chart_json(doc)) {
    const LineChart chart = line_chart_from_json(doc);
    write_drawing([&](gfx::Canvas& c) { draw_line_chart(c, chart, gfx::palette(r.theme)); }, r,
                  r.out, png);
    return;
  }
  const BenchChart chart = bench_chart_from_json(doc);
  write_drawing([&](gfx::Canvas& c) { draw_bench_chart(c, chart, gfx::palette(r.theme)); }, r,
                r.out, png);
}

void render_one(const RenderRequest& r, PngRenderer& png) {
  WS_REQUIRE(!r.out.empty(), std::string("--out is required (a .png, .svg, .gif or .mp4 path)"));
  const bool animation = animation_format(r.out).has_value();
  WS_REQUIRE(ends_with(r.out, ".png") || ends_with(r.out, ".svg") || animation,
             "--out must end in .png or .svg (a figure) or .gif or .mp4 (an animation), got '" +
                 r.out + "'");
  if (!animation) reject_animation_options(r);
  WS_REQUIRE(r.width >= 64 && r.height >= 64 && r.width <= 8192 && r.height <= 8192,
             "--size must be between 64x64 and 8192x8192");
  // Figures are drawn twice as large and averaged down: 8192 output pixels need 16384 in GL.
  WS_REQUIRE(
      r.scale >= 0.25f && r.scale <= 8 && r.width * r.scale <= 8192 && r.height * r.scale <= 8192,
      "--scale must be 0.25..8 and the figure at most 8192 x 8192 pixels (size x scale)");
  if (!r.bench_json.empty()) {
    WS_REQUIRE(!animation, std::string("--bench draws one chart: write it as .png or .svg"));
    WS_REQUIRE(r.params.empty(), std::string("--bench draws a chart: scene options do not apply"));
    render_bench_chart(r, png);
    return;
  }
  auto scene = make_scene(r.scene);
  scene->params_from_json(r.params);
  SceneContext context;
  context.backend = choose_backend(r.backend, true);
  context.cuda_available = context.backend == Backend::Cuda;
  context.theme = r.theme;
  // A PNG is drawn in a headless GL context: make it before attach, so scenes that draw with GL
  // themselves (the graph view's buffers and shaders) can, as in the window. SVG stays vector.
  if (!ends_with(r.out, ".svg")) {
    png.ensure();
    context.has_gl = true;
  }
  scene->attach(context);
  const int count = scene->step_count();
  if (animation) {
    write_animation(*scene, r);
  } else if (r.step == "all") {
    WS_REQUIRE(r.out.find('%') != std::string::npos,
               "--step all writes one file per step: put a number pattern in --out, e.g. "
               "frame_%03d.png");
    numbered(r.out, 1);  // check the pattern before anything is written
    std::vector<std::string> written;
    try {
      for (int k = 0; k < count; ++k) {
        scene->seek(k);
        written.push_back(numbered(r.out, k + 1));
        write_figure(*scene, r, written.back(), png);
      }
    } catch (...) {
      for (const std::string& f : written) std::remove(f.c_str());  // no partial sequence
      throw;
    }
  } else if (r.step.empty() && scene->capabilities().step_from_params) {
    write_figure(*scene, r, r.out, png);  // the step the scene's parameters chose (e.g. --level)
  } else {
    scene->seek(resolve_step(r.step.empty() ? "last" : r.step, count));
    write_figure(*scene, r, r.out, png);
  }
  scene->detach();
}

}  // namespace

int render_command(const RenderRequest& request) {
  PngRenderer png;
  render_one(request, png);
  return 0;
}

bool parse_size(const std::string& text, int& width, int& height) {
  const size_t x = text.find('x');
  if (x == std::string::npos) return false;
  char* end = nullptr;
  const long w = std::strtol(text.c_str(), &end, 10);
  if (end != text.c_str() + x || w < 1 || w > 1000000) return false;
  const long h = std::strtol(text.c_str() + x + 1, &end, 10);
  if (*end != '\0' || h < 1 || h > 1000000) return false;
  width = static_cast<int>(w);
  height = static_cast<int>(h);
  return true;
}

int render_script_command(const std::string& script_path) {
  const nlohmann::json script = read_json_file(script_path, "figure script");
  WS_REQUIRE(script.contains("figures") && script["figures"].is_array(),
             "the figure script needs a \"figures\" array");
  PngRenderer png;
  int index = 0;
  for (const auto& f : script["figures"]) {
    ++index;
    const std::string where = "figure " + std::to_string(index) + ": ";
    try {
      RenderRequest r;
      r.scene = f.value("scene", default_scene_id());
      r.params = f.value("params", nlohmann::json::object());
      r.step = f.contains("step")
                   ? (f["step"].is_string() ? f["step"].get<std::string>() : f["step"].dump())
                   : "";
      if (f.contains("size"))
        WS_REQUIRE(parse_size(f["size"].get<std::string>(), r.width, r.height),
                   "size must look like 1280x720");
      r.scale = f.value("scale", 1.0f);
      WS_REQUIRE(gfx::parse_theme(f.value("theme", "light"), r.theme), "theme is light or dark");
      r.transparent = f.value("transparent", false);
      r.out = f.value("out", "");
      r.backend = f.value("backend", "");
      if (f.contains("fps")) r.fps = f["fps"].get<int>();
      if (f.contains("frames")) r.frames = f["frames"].get<int>();
      render_one(r, png);
    } catch (const nlohmann::json::exception& e) {
      throw Error(where + e.what());
    } catch (const Error& e) {
      throw Error(where + e.what());
    }
  }
  return 0;
}

}  // namespace ws::app
