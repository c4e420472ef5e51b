// ws_interop_bench: the interop breakdown (interop_bench.h) and the live loop (live_bench.h) on a
// headless EGL context, for GPU machines without a display.
//   ws_interop_bench [frames] [N...]                      the breakdown (default 100; 512 1024
//   4096) ws_interop_bench live N frames steps_per_frame [variant]   the live loop
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

#include "interop/interop_bench.h"
#include "interop/live_bench.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

int main(int argc, char** argv) {
  try {
    auto gl = ws::gfx::HeadlessGl::create();
    std::cout << "GL context: " << gl->platform() << " | " << gl->renderer() << " | "
              << gl->version() << "\n";
    if (argc > 1 && std::strcmp(argv[1], "live") == 0) {
      if (argc < 5) {
        std::cerr << "usage: ws_interop_bench live N frames steps_per_frame [variant]\n";
        return 2;
      }
      ws::interop::LiveBenchOptions options;
      options.size = std::atoi(argv[2]);
      options.frames = std::atoi(argv[3]);
      options.steps_per_frame = std::atoi(argv[4]);
      for (int i = 5; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--blit") {
          options.blit = true;
        } else if (arg == "--cpu-wait") {
          options.cpu_wait = true;
        } else if (arg == "--flush") {
          options.flush = true;
        } else if (arg == "--colour-first") {
          options.colour_first = true;
        } else if (arg == "--wait-step") {
          options.wait_step = true;
        } else if (arg == "--in-flight" && i + 1 < argc) {
          options.frames_in_flight = std::atoi(argv[++i]);
        } else if (!ws::stencil::parse_variant(arg, options.variant)) {
          std::cerr << "unknown argument '" << arg << "'\n";
          return 2;
        }
      }
      ws::gfx::ImguiRuntime imgui;  // render_figure_into draws through ImGui's GL backend
      return ws::interop::live_bench(std::cout, options);
    }
    ws::interop::InteropBenchOptions options;
    if (argc > 1) options.frames = std::atoi(argv[1]);
    if (argc > 2) {
      options.sizes.clear();
      for (int i = 2; i < argc; ++i) options.sizes.push_back(std::atoi(argv[i]));
    }
    return ws::interop::interop_bench(std::cout, options);
  } catch (const std::exception& e) {
    std::cerr << "ws_interop_bench: " << e.what() << "\n";
    return 1;
  }
}
