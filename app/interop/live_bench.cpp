// The live-loop benchmark (live_bench.h): simulation, interop colouring and drawing per frame.
#include "interop/live_bench.h"

#include <GL/glew.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "common/cuda_check.cuh"
#include "common/error.h"
#include "interop/value_image.h"
#include "render/figure.h"
#include "render/offscreen_target.h"

namespace ws::interop {

namespace {

using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

// Events recorded on the legacy default stream (where the simulation runs).
struct Events {
  cudaEvent_t before_step = nullptr, after_step = nullptr, before_colour = nullptr,
              after_colormap = nullptr;
  Events() {
    WS_CUDA_CHECK(cudaEventCreate(&before_colour));
    WS_CUDA_CHECK(cudaEventCreate(&before_step));
    WS_CUDA_CHECK(cudaEventCreate(&after_step));
    WS_CUDA_CHECK(cudaEventCreate(&after_colormap));
  }
  ~Events() {
    cudaEventDestroy(before_colour);
    cudaEventDestroy(before_step);
    cudaEventDestroy(after_step);
    cudaEventDestroy(after_colormap);
  }
  Events(const Events&) = delete;
  Events& operator=(const Events&) = delete;
};

float elapsed_ms(cudaEvent_t a, cudaEvent_t b) {
  WS_CUDA_CHECK(cudaEventSynchronize(b));
  float ms = 0;
  WS_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

}  // namespace

int live_bench(std::ostream& out, int size, int frames, int steps_per_frame,
               stencil::Variant variant) {
  LiveBenchOptions options;
  options.size = size;
  options.frames = frames;
  options.steps_per_frame = steps_per_frame;
  options.variant = variant;
  return live_bench(out, options);
}

int live_bench(std::ostream& out, const LiveBenchOptions& o) {
  const int size = o.size, frames = o.frames, steps_per_frame = o.steps_per_frame;
  const stencil::Variant variant = o.variant;
  try {
    WS_REQUIRE(o.frames_in_flight >= 1 && o.frames_in_flight <= 4,
               std::string("live benchmark: frames in flight must be 1..4"));
    WS_REQUIRE(frames >= 1 && steps_per_frame >= 0,
               "live benchmark needs frames >= 1 and steps per frame >= 0");
    stencil::Params p;
    p.dim = 2;
    p.nx = p.ny = size;
    p.nz = 1;
    p.variant = variant;
    p.r = 0.2f;
    p.boundary = stencil::Boundary::Insulated;
    auto sim = stencil::Simulation::create(Backend::Cuda, p);
    sim->set_field(stencil::initial_field(p, "hot-square"));
    sim->synchronize();

    ValueImage image(Backend::Cuda);
    gfx::OffscreenTarget target;
    gfx::FigureOptions figure;
    figure.width = 1920;
    figure.height = 1080;
    figure.supersample = 1;
    const auto draw = [&](gfx::Canvas& canvas) {
      // The square field centred in the 1920x1080 frame, nearest filtering (the scene's look).
      const float side = 1080;
      canvas.image({(1920 - side) / 2, 0}, {(1920 + side) / 2, side},
                   {image.texture(), nullptr, false});
    };
    // The blit path reads the texture through a framebuffer and scales it into 1920x1080.
    gfx::Framebuffer source = gfx::Framebuffer::create(), screen = gfx::Framebuffer::create();
    gfx::Texture screen_texture = gfx::Texture::create();
    if (o.blit) {
      glBindTexture(GL_TEXTURE_2D, screen_texture.id());
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1920, 1080, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
      glBindTexture(GL_TEXTURE_2D, 0);
      glBindFramebuffer(GL_FRAMEBUFFER, screen.id());
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                             screen_texture.id(), 0);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    bool source_attached = false;
    std::vector<GLsync> in_flight;
    Events events;
    const int64_t cells = int64_t(size) * size;
    std::vector<double> frame_ms, interop_ms, launch_ms, draw_ms, step_gpu_ms, colormap_gpu_ms;
    const int warmup = 10;
    Clock::time_point timed_start;
    for (int i = -warmup; i < frames; ++i) {
      if (i == 0) timed_start = Clock::now();
      const auto step = [&] {
        WS_CUDA_CHECK(cudaEventRecord(events.before_step, cudaStreamLegacy));
        sim->advance(steps_per_frame);
        WS_CUDA_CHECK(cudaEventRecord(events.after_step, cudaStreamLegacy));
        if (o.wait_step) WS_CUDA_CHECK(cudaEventSynchronize(events.after_step));
      };
      const auto colour = [&] {
        WS_CUDA_CHECK(cudaEventRecord(events.before_colour, cudaStreamLegacy));
        image.set_device_values(sim->device_field(), cells, size, 0.0f, 1.0f);
        // set_device_values makes stream 0 wait for the colormap: this event follows it.
        WS_CUDA_CHECK(cudaEventRecord(events.after_colormap, cudaStreamLegacy));
      };
      const auto t0 = Clock::now();
      Clock::time_point t1;
      if (o.colour_first) {  // colour the field of the last frame, then advance it
        colour();
        t1 = Clock::now();
        step();
      } else {
        step();
        t1 = Clock::now();
        colour();
      }
      if (o.flush) glFlush();
      if (o.cpu_wait) WS_CUDA_CHECK(cudaEventSynchronize(events.after_colormap));
      const auto t2 = Clock::now();
      if (o.blit) {
        if (!source_attached) {
          glBindFramebuffer(GL_FRAMEBUFFER, source.id());
          glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                                 image.texture(), 0);
          source_attached = true;
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, source.id());
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, screen.id());
        glBlitFramebuffer(0, 0, size, size, 420, 0, 1500, 1080, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
      } else {
        gfx::render_figure_into(target, draw, figure);
      }
      const auto t3 = Clock::now();
      in_flight.push_back(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
      if (int(in_flight.size()) >= o.frames_in_flight) {
        glClientWaitSync(in_flight.front(), GL_SYNC_FLUSH_COMMANDS_BIT,
                         GLuint64(10) * 1000 * 1000 * 1000);
        glDeleteSync(in_flight.front());
        in_flight.erase(in_flight.begin());
      } else {
        glFlush();
      }
      const auto t4 = Clock::now();
      if (i < 0) continue;
      frame_ms.push_back(ms_between(t0, t4));
      launch_ms.push_back(o.colour_first ? ms_between(t1, t2) : ms_between(t0, t1));
      interop_ms.push_back(o.colour_first ? ms_between(t0, t1) : ms_between(t1, t2));
      draw_ms.push_back(ms_between(t2, t3));
      if (o.frames_in_flight == 1) {  // waiting on this frame's events would stall a pipeline
        const float step = elapsed_ms(events.before_step, events.after_step);
        step_gpu_ms.push_back(steps_per_frame > 0 ? step / float(steps_per_frame) : 0.0f);
        colormap_gpu_ms.push_back(elapsed_ms(
            o.colour_first ? events.before_colour : events.after_step, events.after_colormap));
      }
    }
    for (GLsync fence : in_flight) {
      glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, GLuint64(10) * 1000 * 1000 * 1000);
      glDeleteSync(fence);
    }
    const double total_s = ms_between(timed_start, Clock::now()) / 1000.0;
    const GLenum gl_error = glGetError();
    WS_REQUIRE(gl_error == GL_NO_ERROR, "live benchmark: GL error " + std::to_string(gl_error));
    WS_REQUIRE(image.path() == ValueImage::Path::CudaInterop,
               "live benchmark: interop unavailable: " + image.notice());

    cudaDeviceProp prop{};
    int device = 0, driver = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    cudaDriverGetVersion(&driver);
    const stencil::Stats stats = sim->stats();
    char line[2048];
    std::snprintf(
        line, sizeof line,
        "live %dx%d %s, %d steps/frame, %d frames (%s, CUDA driver %d, interop %s; "
        "draw %s%s%s, %d frame(s) in flight)\n"
        "  fps %.1f | frame ms median %.3f p99 %.3f\n"
        "  CPU ms per frame: interop call (map+launch+unmap+hand-offs) median %.4f p99 "
        "%.4f | simulation launches median %.4f | figure draw calls median %.4f\n"
        "  GPU ms: one simulation step median %.4f | colormap (after the step, incl. "
        "stream hand-off) median %.4f\n"
        "  field after %lld steps: min %.4f max %.4f mean %.6f\n",
        size, size, stencil::info(variant).id, steps_per_frame, frames, prop.name, driver,
        interop_method_name(image.interop_method()), o.blit ? "blit" : "ImGui figure",
        o.cpu_wait ? ", CPU waits for colormap" : "", o.flush ? ", glFlush after interop" : "",
        o.frames_in_flight, double(frames) / total_s, quantile(frame_ms, 0.5),
        quantile(frame_ms, 0.99), quantile(interop_ms, 0.5), quantile(interop_ms, 0.99),
        quantile(launch_ms, 0.5), quantile(draw_ms, 0.5), quantile(step_gpu_ms, 0.5),
        quantile(colormap_gpu_ms, 0.5), static_cast<long long>(frames + warmup) * steps_per_frame,
        stats.min, stats.max, stats.mean);
    out << line;
    return 0;
  } catch (const std::exception& e) {
    out << "live benchmark failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace ws::interop
