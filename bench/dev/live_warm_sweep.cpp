// What the image scenes' untimed warm-up on CUDA leaves out (scene_kit/live_image.cpp): the wall
// time of a live edit's filter (+ synchronize), run twice, at each step of an edit sequence on one
// engine: a fresh engine, radii that pick other kernel instances (the fused filter's starts, the
// SAT filter's r mod 4, convolution's per-radius fast kernels), a new image size. Where "first"
// exceeds "second", a run without the warm-up would time setup: the SAT scene warms up at a new
// engine, image, method, variant or type (its warm_key), so its radius steps must show none.
// Build (here), then run on the GPU machine:
//   g++ -O2 -std=c++17 -Ikernels -I/usr/local/cuda/include -o /tmp/live_warm_sweep \
//     bench/dev/live_warm_sweep.cpp build/kernels/sat/libws_sat.a \
//     build/kernels/convolution/libws_convolution.a build/kernels/libws_common.a \
//     -L/usr/local/cuda/lib64 -lcudart_static -ldl -lpthread -lrt
#include <chrono>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#include "convolution/convolution.h"
#include "sat/sat.h"

namespace {

double wall_ms(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<uint8_t> planes(int w, int h, int c) {
  std::vector<uint8_t> p(size_t(w) * h * c);
  std::mt19937 rng(7);
  for (auto& b : p) b = uint8_t(rng());
  return p;
}

void step(const char* what, ws::ImageEngine& e, const std::function<void()>& filter) {
  const double first = wall_ms([&] {
    filter();
    e.synchronize();
  });
  const double second = wall_ms([&] {
    filter();
    e.synchronize();
  });
  std::printf("%-48s first %8.3f ms  second %8.3f ms\n", what, first, second);
}

}  // namespace

int main() {
  using namespace ws;
  {
    auto e = sat::Engine::create(Backend::Cuda);
    auto img = planes(600, 400, 3);
    e->set_image(600, 400, 3, img.data());
    auto fused = [&](int r) {
      return [&e, r] {
        sat::FilterParams p;
        p.radius = r;
        e->filter(sat::FilterMethod::Fused, p);
      };
    };
    auto table = [&](int r) {
      return [&e, r] {
        sat::FilterParams p;
        p.radius = r;
        e->compute_sat(sat::Variant::RegisterTiled, sat::Accum::U8U32);
        e->filter(sat::FilterMethod::Sat, p);
      };
    };
    step("sat 600x400x3 fused r=1 (fresh engine)", *e, fused(1));
    step("sat fused r=2", *e, fused(2));
    step("sat fused r=20 (strip starts)", *e, fused(20));
    step("sat fused r=21", *e, fused(21));
    step("sat fused r=300 (start columns)", *e, fused(300));
    step("sat table+filter r=5 (new method)", *e, table(5));
    step("sat table+filter r=6 (r mod 4 = 2)", *e, table(6));
    step("sat table+filter r=7 (r mod 4 = 3)", *e, table(7));
    step("sat table+filter r=8 (r mod 4 = 0)", *e, table(8));
    step("sat table+filter r=9", *e, table(9));
    auto big = planes(1920, 1080, 3);
    e->set_image(1920, 1080, 3, big.data());
    step("sat 1920x1080x3 fused r=4 (new size)", *e, fused(4));
    step("sat fused r=5", *e, fused(5));
    step("sat table+filter r=9 (new size)", *e, table(9));
    step("sat table+filter r=10", *e, table(10));
    auto huge = planes(8192, 8192, 1);
    e->set_image(8192, 8192, 1, huge.data());
    step("sat 8192x8192 fused r=4 (new size)", *e, fused(4));
    step("sat fused r=40 (own start)", *e, fused(40));
    step("sat fused r=50 (strip starts)", *e, fused(50));
    step("sat fused r=300 (start columns)", *e, fused(300));
    step("sat fused r=2100 (64-bit walk)", *e, fused(2100));
    step("sat fused r=60", *e, fused(60));
  }
  {
    auto e = conv::Engine::create(Backend::Cuda);
    auto img = planes(600, 400, 3);
    e->set_image(600, 400, 3, img.data());
    auto run = [&](conv::Variant v, int r) {
      return [&e, v, r] {
        e->filter(v, conv::named_filter("gaussian", r, 0, 2), conv::Boundary::Clamp);
      };
    };
    step("conv 600x400x3 fast r=2 (fresh engine)", *e, run(conv::Variant::Fast, 2));
    step("conv fast r=3 (new radius instance)", *e, run(conv::Variant::Fast, 3));
    step("conv fast r=4", *e, run(conv::Variant::Fast, 4));
    step("conv fast r=3 again", *e, run(conv::Variant::Fast, 3));
    step("conv tiled-output r=3 (new variant)", *e, run(conv::Variant::TiledOutput, 3));
    step("conv tiled-output r=4", *e, run(conv::Variant::TiledOutput, 4));
    step("conv basic r=4 (new variant)", *e, run(conv::Variant::Basic, 4));
    step("conv basic r=5", *e, run(conv::Variant::Basic, 5));
  }
  return 0;
}
