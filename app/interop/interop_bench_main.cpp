// ws_interop_bench: the interop breakdown (interop_bench.h) and the live loop (live_bench.h) on a
// headless EGL context, for GPU machines without a display.
//   ws_interop_bench [frames] [N...]                      the breakdown (default 100; 512 1024
//   4096) ws_interop_bench live N frames steps_per_frame [variant]   the live loop
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>

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
      ws::stencil::Variant variant = ws::stencil::Variant::Basic;
      if (argc > 5 && !ws::stencil::parse_variant(argv[5], variant)) {
        std::cerr << "unknown variant '" << argv[5] << "'\n";
        return 2;
      }
      ws::gfx::ImguiRuntime imgui;  // render_figure_into draws through ImGui's GL backend
      return ws::interop::live_bench(std::cout, std::atoi(argv[2]), std::atoi(argv[3]),
                                     std::atoi(argv[4]), variant);
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
