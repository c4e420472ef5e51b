// The CUDA layout's pieces (graph_layout_tree.cu, graph_layout_forces.cu), used by the simulation
// in graph_layout_cuda.cu.
//   DeviceTree   the Barnes-Hut tree built on the device every iteration: bounding box (one
//                block), 32-bit Morton codes of the positions, a radix sort of (code, vertex)
//                (CUB), the binary radix tree over the sorted codes (Karras, HPG 2012: one thread
//                per internal node, O(n) work, O(log n) steps), and the cells' mass, centre of
//                mass and bounding box summed bottom-up (one thread per leaf, the second child to
//                arrive at a cell goes on). Each pair of tree levels is one quadtree level split
//                in halves, so the opening rule is the quadtree's: size / distance < theta.
//   kernels      repulsion by traversal (one thread per vertex, in Morton order so a warp walks
//                nearly the same cells), exact repulsion for theta == 0 (tiles in shared memory,
//                O(n^2)), attraction over the CSR (one warp per vertex) with gravity and the
//                swinging / traction sums (block reductions, one atomic per block), the global
//                speed (one thread) and the move (one thread per vertex).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../common/device_buffer.cuh"

namespace ws::graph_layout::cuda {

// Children of an internal node: >= 0 an internal node, < 0 the leaf ~c (a position in the
// Morton order).
struct TreeView {
  int32_t n = 0;                 // leaves (vertices)
  const float4* leaf = nullptr;  // per sorted position: x, y, mass, vertex id (int bits)
  const float4* box = nullptr;   // per internal node: min x, min y, max x, max y
  const float4* body = nullptr;  // per internal node: centre of mass x, y, total mass, size
  const int2* children = nullptr;
};

class DeviceTree {
 public:
  explicit DeviceTree(int32_t n);
  // Builds the tree of the vertices at (x, y) with their masses.
  void build(const float* x, const float* y, const float* mass);
  TreeView view() const;
  static size_t bytes_per_vertex() { return 112; }  // for the memory check

 private:
  int32_t n_ = 0;
  DeviceBuffer<float4> bounds_;  // one: the box of all positions
  DeviceBuffer<uint32_t> codes_, sorted_codes_;
  DeviceBuffer<int32_t> ids_, sorted_ids_;
  DeviceBuffer<unsigned char> sort_temp_;
  size_t sort_temp_bytes_ = 0;
  DeviceBuffer<float4> leaf_, box_, body_;
  DeviceBuffer<int2> children_;
  DeviceBuffer<int32_t> parent_, leaf_parent_, arrivals_;
};

struct ForceParams {
  float k_r, k_g, theta;
  bool lin_log, strong_gravity;
};

// fx, fy := repulsion (Barnes-Hut over `tree`).
void repulsion_tree(const TreeView& tree, const ForceParams& p, float* fx, float* fy);
// fx, fy := repulsion, every pair (theta == 0).
void repulsion_exact(int32_t n, const float* x, const float* y, const float* mass,
                     const ForceParams& p, float* fx, float* fy);
// fx, fy += attraction along the edges + gravity; sums[0] += mass-weighted swinging,
// sums[1] += mass-weighted traction, over the vertices not pinned.
void attraction_gravity(int32_t n, const int64_t* offsets, const int32_t* neighbours,
                        const float* x, const float* y, const float* mass, const uint8_t* pinned,
                        const float* old_fx, const float* old_fy, const ForceParams& p, float* fx,
                        float* fy, double* sums);
// speed[0] := the next global speed from sums; sums := 0.
void update_speed(double* speed, double* sums, double tau);
// Moves the vertices not pinned; old forces := forces.
void move(int32_t n, const double* speed, float max_step, const uint8_t* pinned, const float* fx,
          const float* fy, float* old_fx, float* old_fy, float* x, float* y);

}  // namespace ws::graph_layout::cuda
