// `warpscope bench --interop` and `warpscope bench --live`: the cost of putting a CUDA field on
// screen (interop/interop_bench.h) and the live stencil simulation's whole frame loop
// (interop/live_bench.h), on a headless EGL context so they run on GPU machines without a display.
#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <memory>

#include "commands.h"
#include "common/error.h"
#include "interop/interop_bench.h"
#include "interop/live_bench.h"
#include "interop/value_image.h"
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
                       const std::string& variant_text, const std::vector<std::string>& handoffs) {
  stencil::Variant variant = stencil::Variant::Basic;
  WS_REQUIRE(stencil::parse_variant(variant_text, variant),
             "--variant: unknown stencil variant '" + variant_text + "'");
  std::vector<interop::Handoff> chosen;
  for (const std::string& name : handoffs) {
    if (name == "all") {
      chosen.assign(std::begin(interop::kAllHandoffs), std::end(interop::kAllHandoffs));
      continue;
    }
    interop::Handoff handoff = interop::Handoff::Default;
    WS_REQUIRE(interop::parse_handoff(name, handoff), "--handoff: unknown hand-off '" + name +
                                                          "' (choose from " +
                                                          interop::handoff_names() + ", or all)");
    if (std::find(chosen.begin(), chosen.end(), handoff) == chosen.end()) chosen.push_back(handoff);
  }
  if (chosen.empty()) chosen.push_back(interop::Handoff::MapAhead);  // what the heat scene does
  std::vector<int> edges;
  for (const std::string& s : sizes.empty() ? std::vector<std::string>{"4096"} : sizes)
    edges.push_back(grid_edge(s));
  const auto gl = context();
  gfx::ImguiRuntime imgui;  // the frame is drawn as the GUI draws it, through ImGui's GL backend
  int status = 0;
  struct Row {
    int size;
    bool colour_first;
    interop::Handoff handoff;
    int status;
    interop::LiveBenchResult result;
  };
  std::vector<Row> rows;
  for (const int edge : edges) {
    // The scene's order (step, then colour) unless WARPSCOPE_LIVE_ORDERS asks for both.
    const bool both = std::getenv("WARPSCOPE_LIVE_ORDERS") != nullptr;
    for (const bool colour_first :
         both ? std::vector<bool>{false, true} : std::vector<bool>{false}) {
      for (const interop::Handoff handoff : chosen) {
        interop::LiveBenchOptions options;
        options.size = edge;
        options.frames = frames;
        options.steps_per_frame = steps_per_frame;
        options.variant = variant;
        options.colour_first = colour_first;
        options.handoff = handoff;
        if (both) std::cout << (colour_first ? "-- colour, then step\n" : "-- step, then colour\n");
        Row row{edge, colour_first, handoff, 0, {}};
        row.status = interop::live_bench(std::cout, options, &row.result);
        status |= row.status;
        rows.push_back(row);
        std::cout.flush();
      }
    }
  }
  if (rows.size() > 1) {
    // One row per run: frame time, GPU times of the hand-off, GL draw start, and the check.
    std::printf(
        "\n| handoff | N | order | fps | frame ms median / p99 | step GPU ms | step done -> colour "
        "done GPU ms | frame start -> GL draw begins ms | GL draw ms | pixels |\n"
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
    for (const Row& row : rows) {
      const interop::LiveBenchResult& r = row.result;
      const char* check = row.status != 0 && !r.checked ? "run failed"
                          : !r.checked                  ? "not checked"
                          : r.correct                   ? "correct"
                                                        : "WRONG";
      std::printf("| %s | %d | %s | %.1f | %.3f / %.3f | %.4f | %.4f | %.4f | %.4f | %s |\n",
                  interop::handoff_name(row.handoff), row.size,
                  row.colour_first ? "colour, step" : "step, colour", r.fps, r.frame_ms,
                  r.frame_p99_ms, r.step_gpu_ms, r.colour_done_gpu_ms, r.draw_start_gl_ms,
                  r.draw_gl_ms, check);
    }
  }
  std::fflush(stdout);
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
