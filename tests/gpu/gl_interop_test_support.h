// Shared by the CUDA-GL interop tests (test_interop_gpu.cpp, test_pixel_image_gpu.cpp): one
// headless GL context per test process (torn down before static destructors run), the macro that
// requires it next to a CUDA device, the GL error check and the glFinish timing helper.
#pragma once

#include <GL/glew.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "common/cuda_device.h"
#include "gpu_test_support.h"
#include "shell/headless_context.h"

namespace ws::interop::test {

struct GlState {
  std::unique_ptr<gfx::HeadlessGl> gl;
  std::string error;
  bool attempted = false;
};
inline GlState& gl_state() {
  static GlState state;
  return state;
}
class GlTeardown : public ::testing::Environment {
 public:
  void TearDown() override { gl_state().gl.reset(); }
};
[[maybe_unused]] inline const auto* const kGlTeardownRegistered =
    ::testing::AddGlobalTestEnvironment(new GlTeardown);

// Makes the context on first use (printing the GL and CUDA devices); "" or the reason it failed.
inline const std::string& gl_error() {
  GlState& s = gl_state();
  if (!s.attempted) {
    s.attempted = true;
    try {
      s.gl = gfx::HeadlessGl::create();
      std::printf("[ gl ] %s | %s | %s\n[ cuda ] %s\n", s.gl->platform().c_str(),
                  s.gl->renderer().c_str(), s.gl->version().c_str(),
                  cuda_device_description().c_str());
    } catch (const std::exception& e) {
      s.error = e.what();
    }
  }
  return s.error;
}

inline void expect_no_gl_error() {
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Median of 20 runs of run(i), each until glFinish (the texture is ready to draw), in microseconds.
template <class F>
double median_us(F&& run) {
  std::vector<double> times;
  for (int i = 0; i < 20; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run(i);
    glFinish();
    times.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(times.begin(), times.end());
  return 0.5 * (times[9] + times[10]);
}

}  // namespace ws::interop::test

// A GPU machine must have a headless GL context: failing to make one is a failure, not a skip.
#define WS_REQUIRE_GPU_AND_GL()                                               \
  WS_SKIP_WITHOUT_GPU();                                                      \
  ASSERT_EQ(::ws::interop::test::gl_error(), "") << "no headless GL context"; \
  ::ws::interop::test::gl_state().gl->make_current()
