// The live-loop benchmark (live_bench.h): simulation, interop colouring and drawing per frame.
#include "interop/live_bench.h"

#include <GL/glew.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "common/cuda_check.cuh"
#include "common/error.h"
#include "interop/colormap.h"
#include "interop/value_image.h"
#include "render/figure.h"
#include "render/image.h"
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

// Two GL_TIMESTAMP queries: before and after the frame's draw.
struct GlQueries {
  GLuint ids[2] = {0, 0};
  GlQueries() { glGenQueries(2, ids); }
  ~GlQueries() { glDeleteQueries(2, ids); }
  GlQueries(const GlQueries&) = delete;
  GlQueries& operator=(const GlQueries&) = delete;
};

// Pixels of `image` (RGBA8 bytes) that differ from `want` (packed 0xAABBGGRR, the same bytes).
int64_t differing_pixels(const gfx::Image& image, const uint32_t* want, int64_t count) {
  if (int64_t(image.width) * image.height != count) return count;
  int64_t differ = 0;
  for (int64_t i = 0; i < count; ++i) {
    uint32_t got = 0;
    std::memcpy(&got, image.rgba.data() + i * 4, 4);
    differ += got != want[i];
  }
  return differ;
}

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

int live_bench(std::ostream& out, const LiveBenchOptions& o, LiveBenchResult* result) {
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
    image.set_handoff(o.handoff);
    // Timing every frame needs this frame's events and queries: only with one frame in flight.
    const bool timed = o.frames_in_flight == 1;
    image.enable_write_profile(timed);
    gfx::OffscreenTarget target;
    gfx::FigureOptions figure;
    figure.width = 1920;
    figure.height = 1080;
    figure.supersample = 1;
    const auto draw_texture = [](GLuint texture) {
      return [texture](gfx::Canvas& canvas) {
        // The square field centred in the 1920x1080 frame, nearest filtering (the scene's look).
        const float side = 1080;
        canvas.image({(1920 - side) / 2, 0}, {(1920 + side) / 2, side}, {texture, nullptr, false});
      };
    };
    const auto draw = draw_texture(image.texture());
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
    GlQueries queries;
    const int64_t cells = int64_t(size) * size;
    std::vector<float>
        coloured;  // the field the last frame coloured (colour_first: before its step)
    std::vector<double> frame_ms, interop_ms, launch_ms, draw_ms, fence_ms, step_gpu_ms,
        colormap_gpu_ms;
    std::vector<double> cpu_wait, cpu_map, cpu_launch, cpu_unmap, gpu_map, gpu_ready_to_kernel,
        gpu_kernel, gpu_unmap, gpu_ready_to_done, gl_draw_start, gl_draw;
    const auto keep = [](std::vector<double>& v, double x) {
      if (x >= 0) v.push_back(x);
    };
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
      GLint64 gl_frame_start = 0;
      if (timed) glGetInteger64v(GL_TIMESTAMP, &gl_frame_start);  // the GPU clock now
      // Handoff::MapFirst maps the texture here, before the step (MapAhead: after the draw).
      if (o.handoff == Handoff::MapFirst) image.prepare_write();
      const auto tp = Clock::now();
      Clock::time_point t1;
      if (o.colour_first) {  // colour the field of the last frame, then advance it
        colour();
        if (o.check && i == frames - 1) coloured = sim->field();
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
      if (timed) glQueryCounter(queries.ids[0], GL_TIMESTAMP);
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
      if (timed) glQueryCounter(queries.ids[1], GL_TIMESTAMP);
      if (o.handoff == Handoff::MapAhead) image.prepare_write();  // for the next frame
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
      // Read every frame's profile (it resets the writer's sums), warm-up frames included.
      const WriteProfile w = timed ? image.write_profile() : WriteProfile{};
      if (i < 0) continue;
      frame_ms.push_back(ms_between(t0, t4));
      const double prepare = ms_between(t0, tp);
      launch_ms.push_back(o.colour_first ? ms_between(t1, t2) : ms_between(tp, t1));
      interop_ms.push_back(prepare + (o.colour_first ? ms_between(tp, t1) : ms_between(t1, t2)));
      draw_ms.push_back(ms_between(t2, t3));
      fence_ms.push_back(ms_between(t3, t4));
      if (timed) {  // waiting on this frame's events would stall a pipeline
        const float step = elapsed_ms(events.before_step, events.after_step);
        step_gpu_ms.push_back(steps_per_frame > 0 ? step / float(steps_per_frame) : 0.0f);
        colormap_gpu_ms.push_back(elapsed_ms(
            o.colour_first ? events.before_colour : events.after_step, events.after_colormap));
        cpu_wait.push_back(w.cpu_wait_ms);
        cpu_map.push_back(w.cpu_map_ms);
        cpu_launch.push_back(w.cpu_launch_ms);
        cpu_unmap.push_back(w.cpu_unmap_ms);
        keep(gpu_map, w.gpu_map_ms);
        keep(gpu_ready_to_kernel, w.gpu_ready_to_kernel_ms);
        keep(gpu_kernel, w.gpu_kernel_ms);
        keep(gpu_unmap, w.gpu_unmap_ms);
        keep(gpu_ready_to_done, w.gpu_ready_to_done_ms);
        GLint64 begin = 0, end = 0;
        glGetQueryObjecti64v(queries.ids[0], GL_QUERY_RESULT, &begin);
        glGetQueryObjecti64v(queries.ids[1], GL_QUERY_RESULT, &end);
        gl_draw_start.push_back(double(begin - gl_frame_start) / 1e6);
        gl_draw.push_back(double(end - begin) / 1e6);
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

    // The check: the texture as GL holds it (read with glGetTexImage, before anything else syncs
    // or unmaps) against the CPU colormap of the field it was coloured from, and the last frame
    // as drawn against the same figure drawn from a texture the CPU coloured.
    LiveBenchResult r;
    if (o.check) {
      const gfx::Image drawn = o.blit ? gfx::Image{} : target.read_pixels();
      const gfx::Image texture = image.read_back();
      if (!o.colour_first) coloured = sim->field();
      std::vector<uint32_t> expected(static_cast<size_t>(cells));
      colormap_fill_host(image.colormap(), coloured.data(), cells, cells, 0.0f, 1.0f,
                         expected.data());
      r.texture_mismatches = differing_pixels(texture, expected.data(), cells);
      if (!o.blit) {
        ValueImage reference(Backend::Cpu);
        reference.set_values(coloured.data(), cells, size, 0.0f, 1.0f);
        gfx::OffscreenTarget reference_target;
        gfx::render_figure_into(reference_target, draw_texture(reference.texture()), figure);
        const gfx::Image want = reference_target.read_pixels();
        r.frame_mismatches =
            want.width == drawn.width && want.height == drawn.height
                ? differing_pixels(drawn, reinterpret_cast<const uint32_t*>(want.rgba.data()),
                                   int64_t(want.width) * want.height)
                : int64_t(want.width) * want.height;
      }
      r.checked = true;
      r.correct = r.texture_mismatches == 0 && r.frame_mismatches <= 0;
    }

    cudaDeviceProp prop{};
    int device = 0, driver = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    cudaDriverGetVersion(&driver);
    const stencil::Stats stats = sim->stats();
    char line[4096];
    std::snprintf(
        line, sizeof line,
        "live %dx%d %s, %d steps/frame, %d frames (%s, CUDA driver %d, interop %s, handoff %s; "
        "draw %s%s%s, %d frame(s) in flight)\n"
        "  fps %.1f | frame ms median %.3f p99 %.3f\n"
        "  CPU ms per frame: interop call (map+launch+unmap+hand-offs) median %.4f p99 "
        "%.4f | simulation launches median %.4f | figure draw calls median %.4f\n"
        "  GPU ms: one simulation step median %.4f | colormap (after the step, incl. "
        "stream hand-off) median %.4f\n"
        "  field after %lld steps: min %.4f max %.4f mean %.6f\n",
        size, size, stencil::info(variant).id, steps_per_frame, frames, prop.name, driver,
        interop_method_name(image.interop_method()), handoff_name(o.handoff),
        o.blit ? "blit" : "ImGui figure", o.cpu_wait ? ", CPU waits for colormap" : "",
        o.flush ? ", glFlush after interop" : "", o.frames_in_flight, double(frames) / total_s,
        quantile(frame_ms, 0.5), quantile(frame_ms, 0.99), quantile(interop_ms, 0.5),
        quantile(interop_ms, 0.99), quantile(launch_ms, 0.5), quantile(draw_ms, 0.5),
        quantile(step_gpu_ms, 0.5), quantile(colormap_gpu_ms, 0.5),
        static_cast<long long>(frames + warmup) * steps_per_frame, stats.min, stats.max,
        stats.mean);
    out << line;
    const auto ms = [&](const std::vector<double>& v) {
      char text[32];
      if (v.empty())
        std::snprintf(text, sizeof text, "-");
      else
        std::snprintf(text, sizeof text, "%.4f", quantile(v, 0.5));
      return std::string(text);
    };
    out << "  phases, medians (ms): CPU: step launch " << ms(launch_ms) << ", colour call "
        << ms(interop_ms) << " (host waits " << ms(cpu_wait) << ", map " << ms(cpu_map)
        << ", colormap launch " << ms(cpu_launch) << ", unmap " << ms(cpu_unmap) << "), draw calls "
        << ms(draw_ms) << ", fence wait " << ms(fence_ms) << "\n";
    out << "    GPU (CUDA events): map " << ms(gpu_map) << ", step done -> colormap starts "
        << ms(gpu_ready_to_kernel) << ", colormap kernel " << ms(gpu_kernel)
        << ", kernel end -> unmapped " << ms(gpu_unmap) << ", step done -> colour done on stream 0 "
        << ms(gpu_ready_to_done) << "\n";
    out << "    GPU (GL timestamps): frame start -> draw begins " << ms(gl_draw_start) << ", draw "
        << ms(gl_draw) << "\n";
    if (r.checked) {
      out << "  check: texture vs CPU colormap: "
          << (r.texture_mismatches == 0 ? std::string("identical")
                                        : std::to_string(r.texture_mismatches) + " texels differ");
      if (r.frame_mismatches >= 0)
        out << " | last drawn frame vs CPU-coloured figure: "
            << (r.frame_mismatches == 0 ? std::string("identical")
                                        : std::to_string(r.frame_mismatches) + " pixels differ");
      out << (r.correct ? "  -> correct\n" : "  -> WRONG\n");
    }
    r.fps = double(frames) / total_s;
    r.frame_ms = quantile(frame_ms, 0.5);
    r.frame_p99_ms = quantile(frame_ms, 0.99);
    r.step_gpu_ms = quantile(step_gpu_ms, 0.5);
    r.colour_done_gpu_ms = quantile(colormap_gpu_ms, 0.5);
    r.draw_start_gl_ms = quantile(gl_draw_start, 0.5);
    r.draw_gl_ms = quantile(gl_draw, 0.5);
    if (result != nullptr) *result = r;
    return r.checked && !r.correct ? 1 : 0;
  } catch (const std::exception& e) {
    out << "live benchmark failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace ws::interop
