// `warpscope bench --interop` and `warpscope bench --live`: the cost of putting a CUDA field on
// screen (interop/interop_bench.h) and the live stencil simulation's whole frame loop
// (interop/live_bench.h), on a headless EGL context so they run on GPU machines without a display.
#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "commands.h"
#include "common/error.h"
#include "interop/interop_bench.h"
#include "interop/live_bench.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"
#include "render/figure.h"
#include "render/offscreen_target.h"
#include "scenes/registry.h"

namespace ws::app {

namespace {

int grid_edge(const std::string& text) {
  char* end = nullptr;
  const long n = std::strtol(text.c_str(), &end, 10);
  WS_REQUIRE(!text.empty() && *end == '\0' && n >= 16 && n <= 16384,
             "--sizes for --interop/--live are grid edges N (an N x N field), 16..16384, got '" +
                 text + "'");
  return static_cast<int>(n);
}

std::unique_ptr<gfx::HeadlessGl> context() {
  auto gl = gfx::HeadlessGl::create();
  std::cerr << "warpscope bench: GL " << gl->platform() << " | " << gl->renderer() << "\n";
  return gl;
}

}  // namespace

int interop_bench_command(const std::vector<std::string>& sizes, int frames) {
  interop::InteropBenchOptions options;
  options.frames = frames;
  if (!sizes.empty()) {
    options.sizes.clear();
    for (const std::string& s : sizes) options.sizes.push_back(grid_edge(s));
  }
  const auto gl = context();
  return interop::interop_bench(std::cout, options);
}

int live_bench_command(const std::vector<std::string>& sizes, int frames, int steps_per_frame,
                       const std::string& variant_text) {
  stencil::Variant variant = stencil::Variant::Basic;
  WS_REQUIRE(stencil::parse_variant(variant_text, variant),
             "--variant: unknown stencil variant '" + variant_text + "'");
  const auto gl = context();
  gfx::ImguiRuntime imgui;  // the frame is drawn as the GUI draws it, through ImGui's GL backend
  int status = 0;
  for (const std::string& s : sizes.empty() ? std::vector<std::string>{"4096"} : sizes) {
    // The scene's order (step, then colour) unless WARPSCOPE_LIVE_ORDERS asks for both.
    const bool both = std::getenv("WARPSCOPE_LIVE_ORDERS") != nullptr;
    for (const bool colour_first :
         both ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
      interop::LiveBenchOptions options;
      options.size = grid_edge(s);
      options.frames = frames;
      options.steps_per_frame = steps_per_frame;
      options.variant = variant;
      options.colour_first = colour_first;
      if (both) std::cout << (colour_first ? "-- colour, then step\n" : "-- step, then colour\n");
      status |= interop::live_bench(std::cout, options);
    }
  }
  return status;
}

}  // namespace ws::app

namespace ws::app {

int scene_frames_bench_command(const std::string& scene_id, const std::vector<std::string>& sets,
                               const std::string& sweep, int frames, const std::string& backend) {
  nlohmann::json params = nlohmann::json::object();
  for (const std::string& s : sets) {
    const size_t eq = s.find('=');
    WS_REQUIRE(eq != std::string::npos && eq > 0,
               "--set expects KEY=VALUE (a scene parameter), got '" + s + "'");
    params[s.substr(0, eq)] = s.substr(eq + 1);
  }
  // --sweep KEY=LO:HI: each frame sets KEY to the next whole number of LO..HI, as a slider drag.
  const size_t eq = sweep.find('='), colon = sweep.find(':');
  WS_REQUIRE(eq != std::string::npos && colon != std::string::npos && colon > eq,
             "--sweep expects KEY=LO:HI, e.g. radius=1:64, got '" + sweep + "'");
  const std::string key = sweep.substr(0, eq);
  const long lo = std::strtol(sweep.c_str() + eq + 1, nullptr, 10);
  const long hi = std::strtol(sweep.c_str() + colon + 1, nullptr, 10);
  WS_REQUIRE(hi >= lo, "--sweep: HI must not be below LO, got '" + sweep + "'");
  const auto gl = context();
  gfx::ImguiRuntime imgui;
  auto scene = make_scene(scene_id);
  scene->params_from_json(params);
  SceneContext context;
  context.backend = choose_backend(backend, false);
  context.cuda_available = context.backend == Backend::Cuda;
  context.has_gl = true;
  scene->attach(context);
  gfx::OffscreenTarget target;
  gfx::FigureOptions figure;
  figure.width = 1920;
  figure.height = 1080;
  figure.supersample = 1;
  std::vector<double> frame_ms, update_ms;
  const int warmup = 10;
  using Clock = std::chrono::steady_clock;
  const auto start_all = Clock::now();
  Clock::time_point timed_start = start_all;
  for (int i = -warmup; i < frames; ++i) {
    if (i == 0) timed_start = Clock::now();
    const auto t0 = Clock::now();
    const long value = lo + ((i + warmup) % (hi - lo + 1));
    scene->params_from_json({{key, std::to_string(value)}});
    scene->reset();
    const auto t1 = Clock::now();
    gfx::render_figure_into(
        target, [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Dark); }, figure);
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, GLuint64(10) * 1000 * 1000 * 1000);
    glDeleteSync(fence);
    const auto t2 = Clock::now();
    if (i < 0) continue;
    update_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    frame_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
  }
  const double total = std::chrono::duration<double>(Clock::now() - timed_start).count();
  scene->detach();
  auto quantile = [](std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
  };
  std::printf("scene %s, %s backend, %d frames of 1920x1080, %s swept %ld..%ld\n", scene_id.c_str(),
              backend_name(context.backend), frames, key.c_str(), lo, hi);
  std::printf(
      "fps %.1f   frame median %.3f ms, p99 %.3f ms   (parameter change + recompute: "
      "median %.3f ms)\n",
      frames / total, quantile(frame_ms, 0.5), quantile(frame_ms, 0.99), quantile(update_ms, 0.5));
  return 0;
}

}  // namespace ws::app
