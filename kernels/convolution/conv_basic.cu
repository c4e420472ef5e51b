// Variant 1, basic (PMPP 7.2): one thread per output P[y][x]; every tap reads its input cell and
// its weight from global memory. n outputs, a filter of F taps (2D: (2r+1)^2):
//   work    n F multiply-adds, 2 n F global loads (8 bytes per 2 operations: 0.25 OP/B)
//   steps   one: every output is independent (F multiply-adds deep)
// Ghost cells of Zero are skipped by the `if` (no load; teach mode records the lane's Skip of N
// and F there); clamp and mirror read the cell ghost_cell() names. Teach mode records every read,
// the running sum after each filter row and the store; fast mode runs the same body with the
// recorder compiled away.
#include <cuda_runtime.h>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxTaps = (2 * kMaxRadius + 1) * (2 * kMaxRadius + 1);
__device__ float g_filter[kMaxTaps];  // the filter, in global memory

// @variant basic
template <class In, class Out, class Rec>
__global__ void convolve_basic(const In* __restrict__ N, const float* F, Out* __restrict__ P,
                               Shape s, Rec rec) {
  const int x = s.bx() * s.block_x + s.tx(), y = s.by() * s.block_y + s.ty();
  if (x >= s.w || y >= s.h) return;
  float sum = 0.0f;
  for (int j = 0; j < s.fh; ++j) {
    rec.begin(kComputePhase, j);
    const int row = ghost_cell(y - s.ry + j, s.h, s.boundary);
    for (int i = 0; i < s.fw; ++i) {
      const int col = ghost_cell(x - s.rx + i, s.w, s.boundary);
      if (row < 0 || col < 0) {  // a ghost cell of zero: nothing to add, no load of N or F
        rec.skip(kNArray);
        rec.skip(kFArray);
        continue;
      }
      const int64_t k = int64_t(row) * s.w + col;
      const float n = rec.read(kNArray, k, float(N[k]));
      const float f = rec.read(kFArray, j * s.fw + i, F[j * s.fw + i]);
      sum += f * n;  // @basic-tap
    }
    rec.op(kPArray, int64_t(y) * s.w + x, sum);
  }
  rec.begin(kStorePhase);
  P[int64_t(y) * s.w + x] =
      output_of<Out>(rec.write(kPArray, int64_t(y) * s.w + x, sum), s);  // @basic-store
}
// @end

std::vector<float> g_held;

const float* filter_in_global(const Filter& f) {
  upload_filter(g_filter, g_held, f.weights);
  float* address = nullptr;
  WS_CUDA_CHECK(cudaGetSymbolAddress(reinterpret_cast<void**>(&address), g_filter));
  return address;
}

constexpr int kBlockX = 32, kBlockY = 8;

}  // namespace

void launch_basic(const LaunchArgs& a, const Filter& f) {
  check_radius(Variant::Basic, f);
  Shape s = shape_of(a, f);
  s.block_x = kBlockX, s.block_y = kBlockY, s.out_x = kBlockX, s.out_y = kBlockY;
  set_grid(s);
  const float* F = filter_in_global(f);
  dispatch_types(a, [&](auto in, auto out) {
    convolve_basic<<<s.grid_x * s.grid_y, kBlockX * kBlockY>>>(in, F, out, s, NoTrace{});
    WS_CUDA_CHECK_LAUNCH();
  });
}

TeachRun teach_cuda_basic(const TeachParams& p, const Plane& in, const Filter& f) {
  TeachRun run = teach_cpu_basic(p, in, f);
  TeachLaunch launch(run, "a teach-mode convolution trace");
  const float* F = filter_in_global(f);
  convolve_basic<<<launch.blocks(), launch.threads()>>>(launch.in(), F, launch.out(),
                                                        launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::conv
