// Variant 4, tiled with the block as the output tile (PMPP 7.5). Each thread loads its own
// input cell into a shared tile of the block's size, then every thread computes: taps inside
// the tile come from shared memory, the halo from global memory, where the neighbouring blocks'
// loads of the same cells keep them in L1 and L2. The filter is in constant memory.
//   work    n F multiply-adds; DRAM loads about n (the halo hits the caches): OP/B -> F 2 / 4
//   steps   load, barrier, F multiply-adds
#include <cuda_runtime.h>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxTaps = (2 * kMaxTiledRadius + 1) * (2 * kMaxTiledRadius + 1);
__constant__ float c_filter[kMaxTaps];

// @variant tiled-output
template <class In, class Out, class Rec>
__global__ void convolve_tiled_output(const In* __restrict__ N, Out* __restrict__ P, Shape s,
                                      Rec rec) {
  float* N_s = shared_floats();  // block_x * block_y cells
  const int tx = s.tx(), ty = s.ty();
  const int x = s.bx() * s.block_x + tx, y = s.by() * s.block_y + ty;
  rec.begin(kLoadPhase);
  float v = 0.0f;
  if (x < s.w && y < s.h)
    v = rec.read(kNArray, int64_t(y) * s.w + x, float(N[int64_t(y) * s.w + x]));
  N_s[ty * s.block_x + tx] = rec.write(kNsArray, ty * s.block_x + tx, v);  // @tiled-output-load
  __syncthreads();
  if (x >= s.w || y >= s.h) return;
  float sum = 0.0f;
  for (int j = 0; j < s.fh; ++j) {
    rec.begin(kComputePhase, j);
    for (int i = 0; i < s.fw; ++i) {
      const int sx = tx - s.rx + i, sy = ty - s.ry + j;  // in the tile
      const int gx = x - s.rx + i, gy = y - s.ry + j;    // in the image
      float n;
      if (sx >= 0 && sy >= 0 && sx < s.block_x && sy < s.block_y && gx < s.w && gy < s.h) {
        n = rec.read(kNsArray, sy * s.block_x + sx, N_s[sy * s.block_x + sx]);
      } else {  // the halo: global memory through the caches, or a ghost cell
        const int row = ghost_cell(gy, s.h, s.boundary), col = ghost_cell(gx, s.w, s.boundary);
        if (row < 0 || col < 0) {  // a ghost cell of zero: no load of N or F
          rec.skip(kNArray);
          rec.skip(kFArray);
          continue;
        }
        const int64_t k = int64_t(row) * s.w + col;
        n = rec.read(kNArray, k, float(N[k]));
      }
      const float f = rec.read(kFArray, j * s.fw + i, c_filter[j * s.fw + i]);
      sum += f * n;  // @tiled-output-tap
    }
    rec.op(kPArray, int64_t(y) * s.w + x, sum);
  }
  rec.begin(kStorePhase);
  P[int64_t(y) * s.w + x] =
      output_of<Out>(rec.write(kPArray, int64_t(y) * s.w + x, sum), s);  // @tiled-output-store
}
// @end

std::vector<float> c_held;
constexpr int kBlockX = 32, kBlockY = 16;

}  // namespace

void launch_tiled_output(const LaunchArgs& a, const Filter& f) {
  check_radius(Variant::TiledOutput, f);
  Shape s = shape_of(a, f);
  s.block_x = s.in_x = s.out_x = kBlockX;
  s.block_y = s.in_y = s.out_y = kBlockY;
  set_grid(s);
  upload_filter(c_filter, c_held, f.weights);
  const size_t shared = size_t(kBlockX) * kBlockY * sizeof(float);
  dispatch_types(a, [&](auto in, auto out) {
    convolve_tiled_output<<<s.grid_x * s.grid_y, kBlockX * kBlockY, shared>>>(in, out, s,
                                                                              NoTrace{});
    WS_CUDA_CHECK_LAUNCH();
  });
}

TeachRun teach_cuda_tiled_output(const TeachParams& p, const Plane& in, const Filter& f) {
  TeachRun run = teach_cpu_tiled_output(p, in, f);
  TeachLaunch launch(run, "a teach-mode convolution trace");
  upload_filter(c_filter, c_held, f.weights);
  convolve_tiled_output<<<launch.blocks(), launch.threads(), launch.shared_bytes()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::conv
