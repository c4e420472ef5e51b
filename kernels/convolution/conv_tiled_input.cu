// Variant 3, tiled with the block as the input tile (PMPP 7.4). A block of T x T threads loads
// a T x T input tile (the output tile plus a halo of r cells on each side) into shared memory,
// one cell per thread; after the barrier only the inner (T - 2r)^2 threads compute, the halo
// threads idle. The filter is in constant memory.
//   work    n F multiply-adds from shared memory; global loads: each input tile once,
//           (T/(T-2r))^2 n cells (OP/B = (T-2r)^2 F 2 / (T^2 4))
//   steps   load, barrier, F multiply-adds
// Ghost cells of Zero are written into the tile as 0 without a load.
#include <cuda_runtime.h>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxTaps = (2 * kMaxTiledRadius + 1) * (2 * kMaxTiledRadius + 1);
__constant__ float c_filter[kMaxTaps];

// @variant tiled-input
template <class In, class Out, class Rec>
__global__ void convolve_tiled_input(const In* __restrict__ N, Out* __restrict__ P, Shape s,
                                     Rec rec) {
  float* N_s = shared_floats();  // in_x * in_y = block_x * block_y cells
  const int tx = s.tx(), ty = s.ty();
  // Every thread loads one cell of the input tile (the halo included).
  rec.begin(kLoadPhase);
  const int row = ghost_cell(s.by() * s.out_y - s.ry + ty, s.h, s.boundary);
  const int col = ghost_cell(s.bx() * s.out_x - s.rx + tx, s.w, s.boundary);
  float v = 0.0f;
  if (row >= 0 && col >= 0) {
    const int64_t k = int64_t(row) * s.w + col;
    v = rec.read(kNArray, k, float(N[k]));
  } else {
    rec.skip(kNArray);  // a ghost cell of zero: the load is predicated off
  }
  N_s[ty * s.block_x + tx] = rec.write(kNsArray, ty * s.block_x + tx, v);  // @tiled-input-load
  __syncthreads();
  // Only the inner threads compute; the halo threads are done.
  const int ox = tx - s.rx, oy = ty - s.ry;
  if (ox < 0 || oy < 0 || ox >= s.out_x || oy >= s.out_y) return;
  const int x = s.bx() * s.out_x + ox, y = s.by() * s.out_y + oy;
  if (x >= s.w || y >= s.h) return;
  float sum = 0.0f;
  for (int j = 0; j < s.fh; ++j) {
    rec.begin(kComputePhase, j);
    for (int i = 0; i < s.fw; ++i) {
      const int a = (oy + j) * s.block_x + ox + i;
      const float n = rec.read(kNsArray, a, N_s[a]);
      const float f = rec.read(kFArray, j * s.fw + i, c_filter[j * s.fw + i]);
      sum += f * n;  // @tiled-input-tap
    }
    rec.op(kPArray, int64_t(y) * s.w + x, sum);
  }
  rec.begin(kStorePhase);
  P[int64_t(y) * s.w + x] =
      output_of<Out>(rec.write(kPArray, int64_t(y) * s.w + x, sum), s);  // @tiled-input-store
}
// @end

std::vector<float> c_held;
constexpr int kTile = 32;  // 1024 threads, output tiles of 32 - 2r

}  // namespace

void launch_tiled_input(const LaunchArgs& a, const Filter& f) {
  check_radius(Variant::TiledInput, f);
  Shape s = shape_of(a, f);
  s.block_x = s.in_x = kTile, s.block_y = s.in_y = kTile;
  s.out_x = kTile - 2 * s.rx, s.out_y = kTile - 2 * s.ry;
  set_grid(s);
  upload_filter(c_filter, c_held, f.weights);
  const size_t shared = size_t(kTile) * kTile * sizeof(float);
  dispatch_types(a, [&](auto in, auto out) {
    convolve_tiled_input<<<s.grid_x * s.grid_y, kTile * kTile, shared>>>(in, out, s, NoTrace{});
    WS_CUDA_CHECK_LAUNCH();
  });
}

TeachRun teach_cuda_tiled_input(const TeachParams& p, const Plane& in, const Filter& f) {
  TeachRun run = teach_cpu_tiled_input(p, in, f);
  TeachLaunch launch(run, "a teach-mode convolution trace");
  upload_filter(c_filter, c_held, f.weights);
  convolve_tiled_input<<<launch.blocks(), launch.threads(), launch.shared_bytes()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::conv
