// `warpscope bench --interop` and `warpscope bench --live`: the cost of putting a CUDA field on
// screen (interop/interop_bench.h) and the live stencil simulation's whole frame loop
// (interop/live_bench.h), on a headless EGL context so they run on GPU machines without a display.
#include <cstdlib>
#include <iostream>
#include <memory>

#include "commands.h"
#include "common/error.h"
#include "interop/interop_bench.h"
#include "interop/live_bench.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

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
