#include "gl_environment.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "common/error.h"
#include "test_paths.h"

namespace ws::gfx::test {

namespace {

struct GlState {
  std::unique_ptr<HeadlessGl> gl;
  std::unique_ptr<ImguiRuntime> imgui;
  std::string error;
  bool attempted = false;
};

GlState& state() {
  static GlState s;
  return s;
}

// Tears ImGui down before the context it lives in, at the end of the test program.
class GlTeardown : public ::testing::Environment {
 public:
  void TearDown() override {
    state().imgui.reset();
    state().gl.reset();
  }
};

[[maybe_unused]] const auto* const kRegistered =
    ::testing::AddGlobalTestEnvironment(new GlTeardown);

}  // namespace

const std::string& gl_setup_error() {
  GlState& s = state();
  if (!s.attempted) {
    s.attempted = true;
    try {
      s.gl = HeadlessGl::create();
      s.imgui = std::make_unique<ImguiRuntime>();
    } catch (const std::exception& e) {
      s.imgui.reset();
      s.gl.reset();
      s.error = e.what();
    }
  }
  return s.error;
}

HeadlessGl& headless_gl() {
  return *state().gl;
}
ImguiRuntime& imgui_runtime() {
  return *state().imgui;
}

std::string render_output_dir() {
  std::filesystem::create_directories(WS_RENDER_OUT_DIR);
  return WS_RENDER_OUT_DIR;
}

}  // namespace ws::gfx::test
