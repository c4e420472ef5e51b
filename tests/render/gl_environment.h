// One headless GL context and ImGui runtime per test process. Failing to create them is a test
// failure, not a skip: every CI machine has at least Mesa's EGL.
#pragma once

#include <string>

#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::gfx::test {

// Creates the context and runtime on first use; returns "" on success or the error message.
const std::string& gl_setup_error();
HeadlessGl& headless_gl();
ImguiRuntime& imgui_runtime();

// Folder for actual/diff images written by failing tests (created on demand).
std::string render_output_dir();

}  // namespace ws::gfx::test

// Use at the top of a test that needs GL: fails the test with the setup error.
#define WS_REQUIRE_GL() ASSERT_EQ(::ws::gfx::test::gl_setup_error(), "") << "no headless GL context"
