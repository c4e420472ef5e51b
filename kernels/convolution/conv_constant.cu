// Variant 2, constant-memory filter (PMPP 7.3): basic's schedule, the weights in __constant__
// memory. At each tap every lane of a warp reads the same weight: the constant cache serves it
// to all 32 lanes at once (a broadcast), so only the input cells come from global memory.
//   work    n F multiply-adds, n F global loads (4 bytes per 2 operations: 0.5 OP/B)
//   steps   one (F multiply-adds deep)
// Teach mode records F's reads in MemSpace::Constant: every warp read is one address (a
// broadcast, no serialization); lanes at a ghost cell of zero sit the read out (a Skip), they do
// not read another weight.
#include <cuda_runtime.h>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxTaps = (2 * kMaxRadius + 1) * (2 * kMaxRadius + 1);
__constant__ float c_filter[kMaxTaps];  // 15.9 KB of the 64 KB of constant memory

// @variant constant
template <class In, class Out, class Rec>
__global__ void convolve_constant(const In* __restrict__ N, Out* __restrict__ P, Shape s, Rec rec) {
  const int x = s.bx() * s.block_x + s.tx(), y = s.by() * s.block_y + s.ty();
  if (x >= s.w || y >= s.h) return;
  float sum = 0.0f;
  for (int j = 0; j < s.fh; ++j) {
    rec.begin(kComputePhase, j);
    const int row = ghost_cell(y - s.ry + j, s.h, s.boundary);
    for (int i = 0; i < s.fw; ++i) {
      const int col = ghost_cell(x - s.rx + i, s.w, s.boundary);
      if (row < 0 || col < 0) {  // a ghost cell of zero: the lane sits out N's and F's loads
        rec.skip(kNArray);
        rec.skip(kFArray);
        continue;
      }
      const int64_t k = int64_t(row) * s.w + col;
      const float n = rec.read(kNArray, k, float(N[k]));
      const float f = rec.read(kFArray, j * s.fw + i, c_filter[j * s.fw + i]);  // broadcast
      sum += f * n;                                                             // @constant-tap
    }
    rec.op(kPArray, int64_t(y) * s.w + x, sum);
  }
  rec.begin(kStorePhase);
  P[int64_t(y) * s.w + x] =
      output_of<Out>(rec.write(kPArray, int64_t(y) * s.w + x, sum), s);  // @constant-store
}
// @end

std::vector<float> c_held;
constexpr int kBlockX = 32, kBlockY = 8;

}  // namespace

void launch_constant(const LaunchArgs& a, const Filter& f) {
  check_radius(Variant::ConstantMemory, f);
  Shape s = shape_of(a, f);
  s.block_x = kBlockX, s.block_y = kBlockY, s.out_x = kBlockX, s.out_y = kBlockY;
  set_grid(s);
  upload_filter(c_filter, c_held, f.weights);
  dispatch_types(a, [&](auto in, auto out) {
    convolve_constant<<<s.grid_x * s.grid_y, kBlockX * kBlockY>>>(in, out, s, NoTrace{});
    WS_CUDA_CHECK_LAUNCH();
  });
}

TeachRun teach_cuda_constant(const TeachParams& p, const Plane& in, const Filter& f) {
  TeachRun run = teach_cpu_basic(p, in, f);
  TeachLaunch launch(run, "a teach-mode convolution trace");
  upload_filter(c_filter, c_held, f.weights);
  convolve_constant<<<launch.blocks(), launch.threads()>>>(launch.in(), launch.out(),
                                                           launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::conv
