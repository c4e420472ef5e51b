// The CUDA layout's per-iteration kernels (graph_layout_cuda.cuh), ForceAtlas2 as in the CPU
// twin (graph_layout_cpu.cpp) but in float:
//   repulsion_tree      one thread per vertex in Morton order, a private stack, Barnes-Hut
//                       opening rule size / d < theta: O(n log n) work
//   repulsion_exact     one thread per vertex, all others through shared-memory tiles: O(n^2)
//   attraction_gravity  one warp per vertex over its CSR row (lanes stride the neighbours, a warp
//                       sum), gravity, then the vertex's swinging and traction summed per block
//                       and added to two global sums (one atomic per block): O(n + m) work
//   update_speed        one thread: the global speed rule (graph_layout_parts.h)
//   move                one thread per vertex: the per-vertex speed, capped, and the step
#include "../common/cuda_check.cuh"
#include "graph_layout_cuda.cuh"
#include "graph_layout_parts.h"

namespace ws::graph_layout::cuda {

namespace {

constexpr int kBlock = 256;
constexpr int kStack = 64;

int blocks_for(int64_t n, int block = kBlock) {
  return int((n + block - 1) / block);
}

// The repulsion of u (at ux, uy, mass mu) on v, added to (fx, fy); coincident vertices push
// apart along x by id (as the CPU twin).
__device__ __forceinline__ void pair_repulsion(int32_t v, float x, float y, float m, int32_t u,
                                               float ux, float uy, float mu, float k_r, float& fx,
                                               float& fy) {
  const float dx = x - ux, dy = y - uy;
  const float d2 = dx * dx + dy * dy;
  const float min_d = float(detail::kMinDistance);
  if (d2 < min_d * min_d) {
    fx += (v < u ? -1.0f : 1.0f) * k_r * m * mu / min_d;
    return;
  }
  const float f = k_r * m * mu / d2;
  fx += dx * f;
  fy += dy * f;
}

__global__ void repulsion_tree_kernel(TreeView t, float k_r, float theta2, float* out_x,
                                      float* out_y) {
  const int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= t.n) return;
  const float4 me = t.leaf[k];
  const int32_t v = __float_as_int(me.w);
  float fx = 0, fy = 0;
  int32_t stack[kStack];
  int top = 0;
  if (t.n >= 2) stack[top++] = 0;
  while (top > 0) {
    const int32_t c = stack[--top];
    if (c < 0) {
      const int32_t j = ~c;
      if (j != k) {
        const float4 o = t.leaf[j];
        pair_repulsion(v, me.x, me.y, me.z, __float_as_int(o.w), o.x, o.y, o.z, k_r, fx, fy);
      }
      continue;
    }
    const float4 b = t.box[c];
    const float4 body = t.body[c];
    const bool inside = me.x >= b.x && me.x <= b.z && me.y >= b.y && me.y <= b.w;
    const float dx = me.x - body.x, dy = me.y - body.y;
    const float d2 = dx * dx + dy * dy;
    // One body when the cell looks small from here (and does not hold this vertex), or when
    // the stack is full (a tree deeper than kStack: an approximation instead of an overflow).
    if ((!inside && body.w * body.w < theta2 * d2) || (top + 2 > kStack && d2 > 0)) {
      const float f = k_r * me.z * body.z / d2;
      fx += dx * f;
      fy += dy * f;
      continue;
    }
    const int2 ch = t.children[c];
    stack[top++] = ch.y;
    stack[top++] = ch.x;
  }
  out_x[v] = fx;
  out_y[v] = fy;
}

__global__ void repulsion_exact_kernel(int32_t n, const float* x, const float* y, const float* mass,
                                       float k_r, float* out_x, float* out_y) {
  __shared__ float4 tile[kBlock];
  const int32_t v = blockIdx.x * blockDim.x + threadIdx.x;
  const float px = v < n ? x[v] : 0, py = v < n ? y[v] : 0, m = v < n ? mass[v] : 0;
  float fx = 0, fy = 0;
  for (int32_t base = 0; base < n; base += kBlock) {
    const int32_t u = base + threadIdx.x;
    tile[threadIdx.x] = u < n ? make_float4(x[u], y[u], mass[u], 0) : make_float4(0, 0, 0, 0);
    __syncthreads();
    const int32_t count = min(kBlock, n - base);
    if (v < n)
      for (int32_t j = 0; j < count; ++j)
        if (base + j != v)
          pair_repulsion(v, px, py, m, base + j, tile[j].x, tile[j].y, tile[j].z, k_r, fx, fy);
    __syncthreads();
  }
  if (v < n) {
    out_x[v] = fx;
    out_y[v] = fy;
  }
}

__global__ void attraction_gravity_kernel(int32_t n, const int64_t* offsets,
                                          const int32_t* neighbours, const float* x, const float* y,
                                          const float* mass, const uint8_t* pinned,
                                          const float* old_fx, const float* old_fy, ForceParams p,
                                          float* fx, float* fy, double* sums) {
  __shared__ double block_sums[2];
  if (threadIdx.x < 2) block_sums[threadIdx.x] = 0;
  __syncthreads();
  const int lane = threadIdx.x & 31;
  const int64_t v = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (v < n) {
    const float px = x[v], py = y[v];
    float ax = 0, ay = 0;
    for (int64_t e = offsets[v] + lane; e < offsets[v + 1]; e += 32) {
      const int32_t u = neighbours[e];
      const float dx = x[u] - px, dy = y[u] - py;
      if (p.lin_log) {
        const float d = sqrtf(dx * dx + dy * dy);
        if (d > 0) {
          const float f = log1pf(d) / d;
          ax += dx * f;
          ay += dy * f;
        }
      } else {
        ax += dx;
        ay += dy;
      }
    }
    for (int s = 16; s > 0; s >>= 1) {
      ax += __shfl_down_sync(0xFFFFFFFFu, ax, s);
      ay += __shfl_down_sync(0xFFFFFFFFu, ay, s);
    }
    if (lane == 0) {
      const float m = mass[v];
      float gx = fx[v] + ax, gy = fy[v] + ay;
      const float r = sqrtf(px * px + py * py);
      if (r > 0) {
        const float f = p.strong_gravity ? p.k_g * m : p.k_g * m / r;
        gx -= px * f;
        gy -= py * f;
      }
      fx[v] = gx;
      fy[v] = gy;
      if (!pinned[v]) {
        const float ox = old_fx[v], oy = old_fy[v];
        atomicAdd(&block_sums[0], double(m) * hypotf(gx - ox, gy - oy));
        atomicAdd(&block_sums[1], 0.5 * double(m) * hypotf(gx + ox, gy + oy));
      }
    }
  }
  __syncthreads();
  if (threadIdx.x < 2) atomicAdd(&sums[threadIdx.x], block_sums[threadIdx.x]);
}

__global__ void update_speed_kernel(double* speed, double* sums, double tau) {
  speed[0] = detail::next_global_speed(speed[0], sums[0], sums[1], tau);
  sums[0] = sums[1] = 0;
}

__global__ void move_kernel(int32_t n, const double* speed, float max_step, const uint8_t* pinned,
                            const float* fx, const float* fy, float* old_fx, float* old_fy,
                            float* x, float* y) {
  const int32_t v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const float gx = fx[v], gy = fy[v], ox = old_fx[v], oy = old_fy[v];
  old_fx[v] = gx;
  old_fy[v] = gy;
  if (pinned[v]) return;
  const float norm = hypotf(gx, gy);
  if (!(norm > 0) || !isfinite(norm)) return;
  const float s =
      detail::vertex_speed<float>(float(speed[0]), hypotf(gx - ox, gy - oy), norm, max_step);
  x[v] += s * gx;
  y[v] += s * gy;
}

}  // namespace

void repulsion_tree(const TreeView& tree, const ForceParams& p, float* fx, float* fy) {
  if (tree.n == 0) return;
  repulsion_tree_kernel<<<blocks_for(tree.n, 128), 128>>>(tree, p.k_r, p.theta * p.theta, fx, fy);
  WS_CUDA_CHECK_LAUNCH();
}

void repulsion_exact(int32_t n, const float* x, const float* y, const float* mass,
                     const ForceParams& p, float* fx, float* fy) {
  if (n == 0) return;
  repulsion_exact_kernel<<<blocks_for(n), kBlock>>>(n, x, y, mass, p.k_r, fx, fy);
  WS_CUDA_CHECK_LAUNCH();
}

void attraction_gravity(int32_t n, const int64_t* offsets, const int32_t* neighbours,
                        const float* x, const float* y, const float* mass, const uint8_t* pinned,
                        const float* old_fx, const float* old_fy, const ForceParams& p, float* fx,
                        float* fy, double* sums) {
  if (n == 0) return;
  attraction_gravity_kernel<<<blocks_for(int64_t(n) * 32), kBlock>>>(
      n, offsets, neighbours, x, y, mass, pinned, old_fx, old_fy, p, fx, fy, sums);
  WS_CUDA_CHECK_LAUNCH();
}

void update_speed(double* speed, double* sums, double tau) {
  update_speed_kernel<<<1, 1>>>(speed, sums, tau);
  WS_CUDA_CHECK_LAUNCH();
}

void move(int32_t n, const double* speed, float max_step, const uint8_t* pinned, const float* fx,
          const float* fy, float* old_fx, float* old_fy, float* x, float* y) {
  if (n == 0) return;
  move_kernel<<<blocks_for(n), kBlock>>>(n, speed, max_step, pinned, fx, fy, old_fx, old_fy, x, y);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::graph_layout::cuda
