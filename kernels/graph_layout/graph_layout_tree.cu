// The Barnes-Hut tree on the device, rebuilt every iteration (graph_layout_cuda.cuh):
//   1. bounds      the box of all positions: one block, a grid-stride loop and a block
//                  reduction, O(n) work
//   2. morton      each vertex's 32-bit Morton code (16 bits of x and y in the box,
//                  interleaved): nearby vertices get nearby codes, O(n)
//   3. sort        (code, vertex) pairs by code: CUB's radix sort, O(n)
//   4. hierarchy   Karras's binary radix tree: internal node i finds the range of codes that
//                  share its prefix and the split inside it by binary searches, independently of
//                  every other node, O(n log n) work, O(log n) steps; equal codes are told apart
//                  by their positions (so many vertices at one point still give a balanced tree)
//   5. summarize   bottom-up: each leaf's thread climbs; at each node the first child to arrive
//                  stops, the second sums both children's mass, centre of mass and box and goes
//                  on, O(n) work, O(depth) steps
#include <cub/device/device_radix_sort.cuh>

#include "../common/cuda_check.cuh"
#include "graph_layout_cuda.cuh"

namespace ws::graph_layout::cuda {

namespace {

constexpr int kBlock = 256;

int blocks_for(int64_t n, int block = kBlock) {
  return int((n + block - 1) / block);
}

__global__ void bounds_kernel(int32_t n, const float* x, const float* y, float4* out) {
  __shared__ float4 part[1024];
  float4 b = make_float4(INFINITY, INFINITY, -INFINITY, -INFINITY);
  for (int32_t i = threadIdx.x; i < n; i += blockDim.x) {
    b.x = fminf(b.x, x[i]);
    b.y = fminf(b.y, y[i]);
    b.z = fmaxf(b.z, x[i]);
    b.w = fmaxf(b.w, y[i]);
  }
  part[threadIdx.x] = b;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      const float4 o = part[threadIdx.x + s];
      float4& m = part[threadIdx.x];
      m.x = fminf(m.x, o.x);
      m.y = fminf(m.y, o.y);
      m.z = fmaxf(m.z, o.z);
      m.w = fmaxf(m.w, o.w);
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = part[0];
}

__device__ uint32_t spread_bits(uint32_t v) {  // 16 bits -> the even bits of 32
  v &= 0xFFFF;
  v = (v | (v << 8)) & 0x00FF00FF;
  v = (v | (v << 4)) & 0x0F0F0F0F;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v;
}

__global__ void morton_kernel(int32_t n, const float* x, const float* y, const float4* bounds,
                              uint32_t* codes, int32_t* ids) {
  const int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 b = bounds[0];
  const float extent = fmaxf(fmaxf(b.z - b.x, b.w - b.y), 1e-20f);
  const float scale = 65535.0f / extent;
  const uint32_t qx = uint32_t(fminf(fmaxf((x[i] - b.x) * scale, 0.0f), 65535.0f));
  const uint32_t qy = uint32_t(fminf(fmaxf((y[i] - b.y) * scale, 0.0f), 65535.0f));
  codes[i] = spread_bits(qx) | (spread_bits(qy) << 1);
  ids[i] = i;
}

// Length of the common prefix of the keys at sorted positions i and j (code, then position);
// -1 outside 0..n-1.
__device__ int prefix(const uint32_t* codes, int32_t n, int32_t i, int64_t j) {
  if (j < 0 || j >= n) return -1;
  const uint32_t a = codes[i], b = codes[j];
  if (a != b) return __clz(a ^ b);
  return 32 + __clz(uint32_t(i) ^ uint32_t(j));  // equal codes: by position
}

__global__ void hierarchy_kernel(int32_t n, const uint32_t* codes, int2* children, int32_t* parent,
                                 int32_t* leaf_parent) {
  const int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  // The direction of the range: towards the neighbour sharing the longer prefix.
  const int d = prefix(codes, n, i, i + 1) - prefix(codes, n, i, i - 1) > 0 ? 1 : -1;
  const int min_prefix = prefix(codes, n, i, i - d);
  int64_t span_max = 2;
  while (prefix(codes, n, i, i + span_max * d) > min_prefix) span_max *= 2;
  int32_t span = 0;
  for (int32_t t = span_max / 2; t >= 1; t /= 2)
    if (prefix(codes, n, i, i + (span + t) * d) > min_prefix) span += t;
  const int32_t j = i + span * d;
  const int node_prefix = prefix(codes, n, i, j);
  // The split: the last position sharing more than node_prefix bits with i.
  int32_t s = 0, step = span;
  do {
    step = (step + 1) >> 1;
    if (prefix(codes, n, i, i + (s + step) * d) > node_prefix) s += step;
  } while (step > 1);
  const int32_t split = i + s * d + min(d, 0);
  const int32_t lo = min(i, j), hi = max(i, j);
  int2 c;
  if (lo == split) {
    c.x = ~split;
    leaf_parent[split] = i;
  } else {
    c.x = split;
    parent[split] = i;
  }
  if (hi == split + 1) {
    c.y = ~(split + 1);
    leaf_parent[split + 1] = i;
  } else {
    c.y = split + 1;
    parent[split + 1] = i;
  }
  children[i] = c;
  if (i == 0) parent[0] = -1;
}

__device__ void child_summary(int32_t c, const float4* leaf, const float4* box, const float4* body,
                              float4& b, float4& m) {
  if (c < 0) {
    const float4 l = __ldcg(&leaf[~c]);
    b = make_float4(l.x, l.y, l.x, l.y);
    m = make_float4(l.x, l.y, l.z, 0.0f);
  } else {
    b = __ldcg(&box[c]);
    m = __ldcg(&body[c]);
  }
}

__global__ void summarize_kernel(int32_t n, const float* x, const float* y, const float* mass,
                                 const int32_t* sorted_ids, const int2* children,
                                 const int32_t* parent, const int32_t* leaf_parent,
                                 int32_t* arrivals, float4* leaf, float4* box, float4* body) {
  const int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const int32_t v = sorted_ids[k];
  leaf[k] = make_float4(x[v], y[v], mass[v], __int_as_float(v));
  if (n < 2) return;
  __threadfence();
  int32_t node = leaf_parent[k];
  while (node >= 0) {
    if (atomicAdd(&arrivals[node], 1) == 0) return;  // the other child is not done yet
    const int2 c = children[node];
    float4 lb, lm, rb, rm;
    child_summary(c.x, leaf, box, body, lb, lm);
    child_summary(c.y, leaf, box, body, rb, rm);
    const float total = lm.z + rm.z;
    const float4 b =
        make_float4(fminf(lb.x, rb.x), fminf(lb.y, rb.y), fmaxf(lb.z, rb.z), fmaxf(lb.w, rb.w));
    box[node] = b;
    body[node] =
        make_float4((lm.x * lm.z + rm.x * rm.z) / total, (lm.y * lm.z + rm.y * rm.z) / total, total,
                    fmaxf(b.z - b.x, b.w - b.y));
    __threadfence();
    node = parent[node];
  }
}

}  // namespace

DeviceTree::DeviceTree(int32_t n)
    : n_(n),
      bounds_(1),
      codes_(size_t(n)),
      sorted_codes_(size_t(n)),
      ids_(size_t(n)),
      sorted_ids_(size_t(n)),
      leaf_(size_t(n)),
      box_(size_t(n > 1 ? n - 1 : 1)),
      body_(size_t(n > 1 ? n - 1 : 1)),
      children_(size_t(n > 1 ? n - 1 : 1)),
      parent_(size_t(n > 1 ? n - 1 : 1)),
      leaf_parent_(size_t(n)),
      arrivals_(size_t(n > 1 ? n - 1 : 1)) {
  WS_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, sort_temp_bytes_, codes_.data(),
                                                sorted_codes_.data(), ids_.data(),
                                                sorted_ids_.data(), n));
  sort_temp_ = DeviceBuffer<unsigned char>(std::max<size_t>(sort_temp_bytes_, 1));
}

void DeviceTree::build(const float* x, const float* y, const float* mass) {
  if (n_ == 0) return;
  bounds_kernel<<<1, 1024>>>(n_, x, y, bounds_.data());
  WS_CUDA_CHECK_LAUNCH();
  morton_kernel<<<blocks_for(n_), kBlock>>>(n_, x, y, bounds_.data(), codes_.data(), ids_.data());
  WS_CUDA_CHECK_LAUNCH();
  size_t bytes = sort_temp_bytes_;
  WS_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(sort_temp_.data(), bytes, codes_.data(),
                                                sorted_codes_.data(), ids_.data(),
                                                sorted_ids_.data(), n_));
  if (n_ >= 2) {
    hierarchy_kernel<<<blocks_for(n_ - 1), kBlock>>>(n_, sorted_codes_.data(), children_.data(),
                                                     parent_.data(), leaf_parent_.data());
    WS_CUDA_CHECK_LAUNCH();
    WS_CUDA_CHECK(cudaMemsetAsync(arrivals_.data(), 0, arrivals_.bytes()));
  }
  summarize_kernel<<<blocks_for(n_), kBlock>>>(
      n_, x, y, mass, sorted_ids_.data(), children_.data(), parent_.data(), leaf_parent_.data(),
      arrivals_.data(), leaf_.data(), box_.data(), body_.data());
  WS_CUDA_CHECK_LAUNCH();
}

TreeView DeviceTree::view() const {
  TreeView t;
  t.n = n_;
  t.leaf = leaf_.data();
  t.box = box_.data();
  t.body = body_.data();
  t.children = children_.data();
  return t;
}

}  // namespace ws::graph_layout::cuda
