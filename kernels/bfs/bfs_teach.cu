// The BFS kernels of teach mode (PMPP chapter 15), traced step by step. n vertices, m directed
// edges, D levels, d = the depth being expanded; one launch per level (one more for the queue
// swap), a "step" = one lock-step round of a thread's loop, ended by a grid-wide barrier.
//   1 push            one thread per vertex, every level: a frontier vertex walks its out-edges,
//                     edge k in step k, and labels the unvisited ends (PMPP 15.3).
//                     Work O(n D + m), steps per level 1 + the longest frontier row.
//   2 pull            one thread per vertex: an unvisited vertex walks its in-edges (CSC) and
//                     stops at the first whose end is in the frontier (early exit, PMPP 15.3).
//                     Work O(n D + m) worst case; steps 1 + the longest walk.
//   3 direction-opt   top-down levels run the global queue's kernel (5), bottom-up levels the
//                     pull kernel (2), which also appends what it finds to the next queue; the
//                     host picks each level's direction with next_direction (Beamer: alpha, beta).
//   4 edge-centric    one thread per edge (COO), every edge every level, one step per level
//                     (PMPP 15.4). Work O(m D), perfectly balanced.
//   5 global-queue    one thread per frontier entry; a discovery takes a slot in the next queue
//                     with an atomicAdd on its global tail (PMPP 15.5). Work O(n + m).
//   6 block-queue     the same into a shared-memory queue per block; then one atomicAdd per
//                     block on the global tail reserves room and the block copies its queue
//                     there (PMPP 15.6). One global atomic per block and level.
//   7 fast            3's directions, each level on the path the full-size kernels take
//                     (bfs_fast.cu, bfs_fast_cluster.cu), their thresholds scaled to teaching
//                     size in one place (bfs_teach_cpu.h: blocks of 8 threads for 256, tiles of
//                     8 edges for 256, an append queue of 32 for 1024; a cluster of 4 blocks for
//                     16, its shared queues of 8 entries for 4096, max_frontier 8 for 16384).
//                     Sparse graphs (m < 8 n) first run the cluster phase (fast_cluster_level):
//                     one thread-block cluster, the entries in its blocks' shared memory, read by
//                     the others through distributed shared memory, a cluster barrier a level,
//                     until a level turns bottom-up or its frontier does not fit; then it writes
//                     the frontier to the global queue in the grid kernel's form. The grid
//                     kernel's top-down levels take a thread per frontier vertex when the largest
//                     out-degree times the block fits the append queue (fast_top_down_threads),
//                     else the frontier's m_f edges in tiles (every entry carries edge_start, the
//                     out-degrees before it summed; a block per tile finds and stages its
//                     entries, a thread per edge, so a hub's row spreads over many blocks:
//                     fast_top_down). Bottom-up: a thread per entry of a list (the first
//                     bottom-up level: every vertex; later ones: the vertices the last one left
//                     unvisited with in-edges), in-edges read 4 at a time, one chunk a step, up
//                     to the chunk with a frontier in-neighbour. Work and steps per level as the
//                     full-size kernels'; the host still steps through the levels (the full-size
//                     kernels keep the level loop on the device).
// Teach mode makes every step deterministic, so the trace equals the CPU twin's event for event
// (the format: bfs_teach_cpu.cpp; the twins: bfs_teach_*_cpu.cpp). Within a step the threads act
// as if in thread order: a step first looks (every thread reads what it needs; a thread that
// wants to write level[x] offers its index with atomicMin on a claim array), then, after a grid
// barrier, the lowest offering thread writes and every thread records the value its read gives
// in thread order (the winner's d + 1 for a higher thread, as an atomicCAS would return it);
// after another barrier the queue slots are handed out in thread order: a thread's slot is the
// tail before the step plus the claims of the lower threads (6: of its block; the blocks then
// reserve room in block order; 7's list of the vertices left the same way, on its own tail; 7's
// chunks of up to 4 claims a thread, counted per thread). The atomics are still made, so the tails
// count right. 7's cluster phase does the same with the cluster's barrier (its one cluster is the
// whole launch). The fast kernels take whatever order the hardware gives.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace_recording.cuh"
#include "bfs_level_stats.h"
#include "bfs_teach_cpu.h"

namespace ws::bfs {

namespace {

namespace cg = cooperative_groups;

// The kernels' names for the trace's buffers (the host maps them to teach_buffers' indices).
enum TraceArray : int {
  kRowOffsets,
  kColumns,
  kLevel,
  kParent,
  kColOffsets,
  kRows,
  kSrc,
  kDst,
  kFrontier,
  kNext,
  kTail,
  kBlockQueue,
  kBlockTail,
  kList,
  kLeft,
  kLeftTail,
  kEdgeStart,
  kNextEdgeStart,
  kNextEdges,
  kTileVertex,
  kTileStart,
  kTileRow,
  kClusterQueue,
  kClusterCounts,
  kClusterLargest,
  kClusterFirst,
  kTraceArrays
};
using BfsTrace = BasicDeviceTrace<kTraceArrays, false>;

constexpr int kNobody = 0x7f7f7f7f;  // the claim array's "no thread" (a byte-wise memset)
constexpr int kBlockQueueSize = kTeachMaxVertices;

// What every teach kernel gets.
struct Args {
  const int* row_offsets;  // CSR
  const int* columns;
  const int* col_offsets;  // CSC
  const int* rows;
  const int* src;  // COO
  const int* dst;
  int* level;  // -1: unvisited
  int* parent;
  int* frontier;         // queues: this level's vertices
  int* next;             // queues: the next level's
  int* tail;             // queues: the next queue's length
  int* writer;           // per vertex: the lowest thread writing its level in this step (kNobody)
  int* claimed;          // per thread: the step in which it took a queue slot
  int* block_count;      // 6: per block, its discoveries in this level
  int* list;             // 7: the bottom-up list (the vertices the last bottom-up level left)
  int* left;             // 7: the vertices this bottom-up level leaves (the next list)
  int* left_tail;        // 7: left's length
  int* edge_start;       // 7: per frontier entry, the out-degrees before it summed (else null)
  int* next_edge_start;  // 7: the same for the next queue
  int* next_edges;       // 7: the next queue's edges so far
  int* claim_degree;     // 7: per thread, the out-degrees of the vertices it claimed, summed
  int* claim_count;      // 7: per thread, how many vertices it claimed (a chunk claims up to 4)
  int* cluster_save;     // 7: the cluster blocks' shared arrays between launches (kClusterInts
                         // each; the full-size kernel keeps them in shared memory throughout)
  int n, m;
  int depth;           // d: the frontier's level
  int threads;         // threads with work: n, m or the frontier's size
  int frontier_size;   // 7: n_f, the frontier's vertices (the cluster's steps take them)
  int frontier_edges;  // 7: m_f, the frontier's edges (the tiles' index space)
  int edge_steps;      // the level's lock-step edge rounds
  int first_step;      // the trace index of the level's step 0 (stamps the claims)
  bool enqueue;        // bottom-up levels of 3 and 7 append to `next`
  bool listed;         // 7's bottom-up levels: thread i takes list[i] (else vertex i)
  // 7's cluster phase: the steps its launch takes (LevelPlan's), and the level's largest degree.
  bool cluster_load, cluster_counts, handover, cluster_expand;
  BfsTrace rec;  // records what each thread reads, writes and adds
};

// @helper thread-order
// A step at a time: every thread of the grid waits for all others (a grid-wide barrier, which
// is also each block's __syncthreads()).
__device__ void next_step() {
  cg::this_grid().sync();
}

// Before anyone writes: thread t wants to write level[x].
__device__ void offer(const Args& a, int x, int t) {
  atomicMin(&a.writer[x], t);
}

// After the barrier: what thread t's read of level[x] gives when the threads act in thread
// order: the new level if a lower thread wrote it in this step, else the value at its start.
__device__ int level_seen(const Args& a, int x, int t, int at_start) {
  return a.writer[x] < t ? a.depth + 1 : at_start;
}

// The slot thread t's atomicAdd on a tail returns in thread order: the tail before the step
// plus the slots the threads first..t-1 took in this step (`stamp`).
__device__ int slot_in_order(const Args& a, int tail_before, int first, int t, int stamp) {
  int slot = tail_before;
  for (int i = first; i < t; ++i) slot += a.claimed[i] == stamp;
  return slot;
}

// Appends x to the global `next` queue (after the step's claims are known).
__device__ void enqueue_in_order(Args& a, int x, int t, int tail_before, int stamp) {
  const int slot = slot_in_order(a, tail_before, 0, t, stamp);
  atomicAdd(a.tail, a.rec.atomic(kTail, 0, 1));  // @bfs-queue-atomic
  a.next[slot] = a.rec.write(kNext, slot, x);
}
// @end

// @variant push
// One thread per vertex, every level: most threads find their vertex is not in the frontier and
// stop; a frontier vertex walks its out-edges, one per step, and labels the unvisited ends. A
// vertex of high degree keeps its warp busy while the others idle.
__global__ void push_level(Args a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  int e = 0, end = 0;  // this thread's next edge and its row's end
  a.rec.begin(0, 0);
  if (t < a.n && a.rec.read(kLevel, t, a.level[t]) == d) {  // @bfs-push-vertex
    e = a.rec.read(kRowOffsets, t, a.row_offsets[t]);
    end = a.rec.read(kRowOffsets, t + 1, a.row_offsets[t + 1]);
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const bool has_edge = e < end;
    int u = -1, at_start = 0;
    if (has_edge) {
      u = a.columns[e];
      at_start = a.level[u];
      if (at_start == -1) offer(a, u, t);
    }
    next_step();
    bool wrote = false;
    if (has_edge) {
      a.rec.read(kColumns, e, u);
      if (a.rec.read(kLevel, u, level_seen(a, u, t, at_start)) == -1) {  // @bfs-push-edge
        a.level[u] = a.rec.write(kLevel, u, d + 1);
        a.parent[u] = a.rec.write(kParent, u, t);
        wrote = true;
      }
      ++e;
    }
    next_step();
    if (wrote) a.writer[u] = kNobody;
    next_step();
  }
}
// @end

// @helper bottom-up
// Bottom-up (2, and the bottom-up levels of 3): one thread per vertex; an unvisited vertex walks
// its in-edges and stops at the first whose end is in the frontier (early exit). 3 also appends
// the vertex to the next queue, for a top-down level after it.
__device__ void bottom_up(Args& a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  int e = 0, end = 0;
  a.rec.begin(0, 0);
  if (t < a.n && a.rec.read(kLevel, t, a.level[t]) == -1) {  // @bfs-bottom-up-vertex
    e = a.rec.read(kColOffsets, t, a.col_offsets[t]);
    end = a.rec.read(kColOffsets, t + 1, a.col_offsets[t + 1]);
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const int stamp = a.first_step + k;
    const bool has_edge = e < end;
    int u = -1, at_start = 0;
    if (has_edge) {
      u = a.rows[e];
      at_start = a.level[u];
      if (at_start == d) offer(a, t, t);  // it will write its own level
    }
    next_step();
    bool found = false;
    int tail_before = 0;
    if (has_edge) {
      a.rec.read(kRows, e, u);
      if (a.rec.read(kLevel, u, level_seen(a, u, t, at_start)) == d) {  // @bfs-bottom-up-edge
        a.level[t] = a.rec.write(kLevel, t, d + 1);
        a.parent[t] = a.rec.write(kParent, t, u);
        found = true;
        end = e;  // early exit: the first parent is enough
        if (a.enqueue) {
          a.claimed[t] = stamp;
          tail_before = *a.tail;
        }
      }
      ++e;
    }
    next_step();
    if (found) {
      a.writer[t] = kNobody;
      if (a.enqueue) enqueue_in_order(a, t, t, tail_before, stamp);
    }
    next_step();
  }
}
// @end

// @variant pull
// One thread per vertex, looking for a parent instead of children: the unvisited pull. When the
// frontier is most of the graph, an unvisited vertex finds a parent after a few in-edges.
__global__ void pull_level(Args a) {
  bottom_up(a);
}
// @end

// @helper top-down-queue
// Top-down from the frontier queue (5, and the top-down levels of 3 and 7): thread i takes
// frontier entry i, walks its out-edges one per step, and appends every vertex it labels to the
// next queue with an atomicAdd on the global tail.
__device__ void top_down_from_queue(Args& a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  int v = -1, e = 0, end = 0;
  a.rec.begin(0, 0);
  if (t < a.threads) {
    v = a.rec.read(kFrontier, t, a.frontier[t]);  // @bfs-top-down-vertex
    e = a.rec.read(kRowOffsets, v, a.row_offsets[v]);
    end = a.rec.read(kRowOffsets, v + 1, a.row_offsets[v + 1]);
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const int stamp = a.first_step + k;
    const bool has_edge = e < end;
    int u = -1, at_start = 0;
    if (has_edge) {
      u = a.columns[e];
      at_start = a.level[u];
      if (at_start == -1) offer(a, u, t);
    }
    next_step();
    bool wrote = false;
    int tail_before = 0;
    if (has_edge) {
      a.rec.read(kColumns, e, u);
      if (a.rec.read(kLevel, u, level_seen(a, u, t, at_start)) == -1) {  // @bfs-top-down-edge
        a.level[u] = a.rec.write(kLevel, u, d + 1);
        a.parent[u] = a.rec.write(kParent, u, v);
        a.claimed[t] = stamp;
        tail_before = *a.tail;
        wrote = true;
      }
      ++e;
    }
    next_step();
    if (wrote) {
      a.writer[u] = kNobody;
      enqueue_in_order(a, u, t, tail_before, stamp);
    }
    next_step();
  }
}
// @end

// @variant direction-opt
// Beamer's direction-optimizing BFS: the host picks each level's direction (next_direction:
// bottom-up when m_f > m_u / alpha, back when the frontier shrinks below n / beta) and launches
// the top-down queue kernel or the bottom-up kernel, which appends to the queue too.
__global__ void direction_opt_top_down(Args a) {
  top_down_from_queue(a);
}
__global__ void direction_opt_bottom_up(Args a) {
  bottom_up(a);
}
// @end

// @variant edge-centric
// One thread per edge: thread e checks whether its source is in the frontier and, if so, labels
// its destination when unvisited. Every edge every level: no thread waits for another's list.
__global__ void edge_level(Args a) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  a.rec.begin(0, 0);
  int v = -1, u = -1, v_level = -1, u_level = 0;
  if (e < a.m) {
    v = a.src[e];
    v_level = a.level[v];
    if (v_level == d) {
      u = a.dst[e];
      u_level = a.level[u];
      if (u_level == -1) offer(a, u, e);
    }
  }
  next_step();
  bool wrote = false;
  if (e < a.m) {
    a.rec.read(kSrc, e, v);
    if (a.rec.read(kLevel, v, level_seen(a, v, e, v_level)) == d) {  // @bfs-edge
      a.rec.read(kDst, e, u);
      if (a.rec.read(kLevel, u, level_seen(a, u, e, u_level)) == -1) {
        a.level[u] = a.rec.write(kLevel, u, d + 1);
        a.parent[u] = a.rec.write(kParent, u, v);
        wrote = true;
      }
    }
  }
  next_step();
  if (wrote) a.writer[u] = kNobody;
}
// @end

// @variant global-queue
// The textbook's frontier queue: only the frontier's vertices get threads, and every discovery
// takes a slot in the next queue with an atomicAdd on one global tail. Those atomics serialize.
__global__ void global_queue_level(Args a) {
  top_down_from_queue(a);
}
// @end

// @variant block-queue
// Privatized queues: a block appends its discoveries to a queue in shared memory (an atomic on a
// shared tail: short, and only the block's threads meet there), then reserves room for all of
// them in the global queue with one atomicAdd and copies them there.
__global__ void block_queue_level(Args a) {
  __shared__ int block_queue[kBlockQueueSize];
  __shared__ int block_tail, block_base;
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  const int first_of_block = blockIdx.x * blockDim.x;
  int v = -1, e = 0, end = 0;
  a.rec.begin(0, 0);
  if (threadIdx.x == 0) block_tail = a.rec.write(kBlockTail, 0, 0);
  if (t < a.threads) {
    v = a.rec.read(kFrontier, t, a.frontier[t]);  // @bfs-block-vertex
    e = a.rec.read(kRowOffsets, v, a.row_offsets[v]);
    end = a.rec.read(kRowOffsets, v + 1, a.row_offsets[v + 1]);
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const int stamp = a.first_step + k;
    const bool has_edge = e < end;
    int u = -1, at_start = 0;
    if (has_edge) {
      u = a.columns[e];
      at_start = a.level[u];
      if (at_start == -1) offer(a, u, t);
    }
    next_step();
    bool wrote = false;
    int tail_before = 0;
    if (has_edge) {
      a.rec.read(kColumns, e, u);
      if (a.rec.read(kLevel, u, level_seen(a, u, t, at_start)) == -1) {  // @bfs-block-edge
        a.level[u] = a.rec.write(kLevel, u, d + 1);
        a.parent[u] = a.rec.write(kParent, u, v);
        a.claimed[t] = stamp;
        tail_before = block_tail;
        wrote = true;
      }
      ++e;
    }
    next_step();
    if (wrote) {
      a.writer[u] = kNobody;
      const int slot = slot_in_order(a, tail_before, first_of_block, t, stamp);
      atomicAdd(&block_tail, a.rec.atomic(kBlockTail, 0, 1));
      block_queue[slot] = a.rec.write(kBlockQueue, slot, u);
    }
    next_step();
  }
  // One atomic per block on the global tail reserves room for the block's queue (in block
  // order: the base is the tail before plus the counts of the lower blocks).
  a.rec.begin(0, a.edge_steps + 1);
  int count = 0, tail_before = 0;
  if (threadIdx.x == 0) {
    count = a.rec.read(kBlockTail, 0, block_tail);
    a.block_count[blockIdx.x] = count;
    tail_before = *a.tail;
  }
  next_step();
  if (threadIdx.x == 0) {
    block_base = tail_before;
    for (int b = 0; b < blockIdx.x; ++b) block_base += a.block_count[b];
    if (count > 0) atomicAdd(a.tail, a.rec.atomic(kTail, 0, count));  // @bfs-block-reserve
  }
  next_step();
  // The block copies its queue into the reserved room: coalesced writes.
  a.rec.begin(0, a.edge_steps + 2);
  for (int j = threadIdx.x; j < block_tail; j += blockDim.x)
    a.next[block_base + j] = a.rec.write(
        kNext, block_base + j, a.rec.read(kBlockQueue, j, block_queue[j]));  // @bfs-block-copy
}
// @end

// @variant fast
// Each level on the path bfs_fast.cu and bfs_fast_cluster.cu take (the rule: bfs_teach_cpu.h):
// the cluster phase on sparse graphs (fast_cluster_level), then the grid kernel's thread per
// vertex (fast_top_down_threads), tiles (fast_top_down) or bottom-up list (fast_bottom_up).
// Tiled top-down levels as bfs_fast.cu's top_down_tiles runs them: every frontier entry carries
// edge_start, the out-degrees before it summed, so the frontier's m_f edges are one index space
// 0 .. m_f, cut into tiles of kTeachTile edges (256 in the full-size kernel), a block per tile.
// Thread 0 finds the entries holding the tile's first and last edge by a binary search of
// edge_start; the block stages those entries (vertex, edge start, row start) in shared memory;
// then thread j takes edge ts + j, finds its entry by a binary search of the staged starts, and
// claims the target. A hub's edges spread over many blocks: no thread or warp walks a row alone.
// Bottom-up levels scan a list, 4 in-edges at a time (fast_bottom_up). (The full-size kernels
// also keep the level loop on the device; the directions are variant 3's.)
//
// The largest i in [lo, hi) with start[i] <= key (start[lo] <= key), each probe recorded.
__device__ int last_at_most(Args& a, int buffer, const int* start, int lo, int hi, int key) {
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (a.rec.read(buffer, mid, start[mid]) <= key)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Where thread t's appends of this step start, in thread order: the tail and the edge count
// before the step plus the appends (and their out-degrees) of the lower threads (claims stamped
// `stamp`). The full-size kernel reserves both with one 64-bit atomic per block.
__device__ void append_base(const Args& a, int t, int stamp, int& slot, int& start) {
  for (int i = 0; i < t; ++i)
    if (a.claimed[i] == stamp) {
      slot += a.claim_count[i];
      start += a.claim_degree[i];
    }
}

// Appends x (out-degree `degree`) to `next` at `slot` and its edge range to `next_edge_start`.
__device__ void append_with_degree(Args& a, int x, int degree, int slot, int start) {
  atomicAdd(a.tail, a.rec.atomic(kTail, 0, 1));  // @bfs-tile-append
  atomicAdd(a.next_edges, a.rec.atomic(kNextEdges, 0, degree));
  a.next[slot] = a.rec.write(kNext, slot, x);
  a.next_edge_start[slot] = a.rec.write(kNextEdgeStart, slot, start);
}

// Appends x to `next` and its edge range to `next_edge_start`, in thread order (the thread's one
// claim of the step), reading its out-degree from row_offsets.
__device__ void enqueue_with_edges(Args& a, int x, int t, int tail_before, int edges_before,
                                   int stamp) {
  const int first = a.rec.read(kRowOffsets, x, a.row_offsets[x]);
  const int end = a.rec.read(kRowOffsets, x + 1, a.row_offsets[x + 1]);
  int slot = tail_before, start = edges_before;
  append_base(a, t, stamp, slot, start);
  append_with_degree(a, x, end - first, slot, start);
}

__global__ void fast_top_down(Args a) {
  __shared__ int tile_vertex[kTeachMaxVertices], tile_start[kTeachMaxVertices],
      tile_row[kTeachMaxVertices];
  __shared__ int tile_first, tile_count;
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  const int ts = blockIdx.x * kTeachTile, te = min(a.frontier_edges, ts + kTeachTile);
  const bool has_tile = ts < a.frontier_edges;
  a.rec.begin(0, 0);
  if (threadIdx.x == 0 && has_tile) {
    const int i0 = last_at_most(a, kEdgeStart, a.edge_start, 0, a.threads, ts);  // @bfs-tile-find
    const int i1 = last_at_most(a, kEdgeStart, a.edge_start, i0, a.threads, te - 1);
    tile_first = i0;
    tile_count = i1 - i0 + 1;
  }
  next_step();
  a.rec.begin(0, 1);
  if (has_tile)
    for (int j = threadIdx.x; j < tile_count; j += blockDim.x) {
      const int q = tile_first + j;
      const int v = a.rec.read(kFrontier, q, a.frontier[q]);
      tile_vertex[j] = a.rec.write(kTileVertex, j, v);  // @bfs-tile-stage
      tile_start[j] = a.rec.write(kTileStart, j, a.rec.read(kEdgeStart, q, a.edge_start[q]));
      tile_row[j] = a.rec.write(kTileRow, j, a.rec.read(kRowOffsets, v, a.row_offsets[v]));
    }
  next_step();
  a.rec.begin(0, 2);
  const int stamp = a.first_step + 2;
  const int e = ts + threadIdx.x;
  const bool has_edge = has_tile && e < te;
  int k = 0, row = 0, u = -1, at_start = 0;
  if (has_edge) {
    k = last_at_most(a, kTileStart, tile_start, 0, tile_count, e);  // its entry
    const int first = a.rec.read(kTileStart, k, tile_start[k]);
    row = a.rec.read(kTileRow, k, tile_row[k]) + e - first;
    u = a.columns[row];
    at_start = a.level[u];
    if (at_start == -1) offer(a, u, t);
  }
  next_step();
  bool wrote = false;
  int tail_before = 0, edges_before = 0;
  if (has_edge) {
    a.rec.read(kColumns, row, u);
    if (a.rec.read(kLevel, u, level_seen(a, u, t, at_start)) == -1) {  // @bfs-tile-edge
      const int v = a.rec.read(kTileVertex, k, tile_vertex[k]);
      a.level[u] = a.rec.write(kLevel, u, d + 1);
      a.parent[u] = a.rec.write(kParent, u, v);
      a.claimed[t] = stamp;
      a.claim_count[t] = 1;
      a.claim_degree[t] = a.row_offsets[u + 1] - a.row_offsets[u];
      tail_before = *a.tail;
      edges_before = *a.next_edges;
      wrote = true;
    }
  }
  next_step();
  if (wrote) {
    a.writer[u] = kNobody;
    enqueue_with_edges(a, u, t, tail_before, edges_before, stamp);
  }
  next_step();
}

// Appends x to the list of the vertices left (the next bottom-up level's), in thread order: the
// claims of this step are stamped -2 - stamp, apart from the queue's.
__device__ void keep_in_order(Args& a, int x, int t, int tail_before, int stamp) {
  const int slot = slot_in_order(a, tail_before, 0, t, -2 - stamp);
  atomicAdd(a.left_tail, a.rec.atomic(kLeftTail, 0, 1));  // @bfs-list-keep
  a.left[slot] = a.rec.write(kLeft, slot, x);
}

// Bottom-up as bfs_fast.cu runs it: thread i takes list entry i (vertex i in the first bottom-up
// level); an unvisited vertex reads its in-edges a chunk of 4 at a time (4 targets, then their 4
// levels, all in flight together) and stops after the first chunk holding a frontier vertex,
// whose first such in-neighbour becomes its parent. A vertex still unvisited after its last chunk
// goes to `left`: only those are looked at in the next bottom-up level.
__global__ void fast_bottom_up(Args a) {
  constexpr int kChunk = int(kBottomUpChunk);
  const int t = blockIdx.x * blockDim.x + threadIdx.x, d = a.depth;
  int v = -1, e = 0, end = 0;
  a.rec.begin(0, 0);
  if (t < a.threads) {
    v = a.listed ? a.rec.read(kList, t, a.list[t]) : t;  // @bfs-list-vertex
    if (a.rec.read(kLevel, v, a.level[v]) == -1) {
      e = a.rec.read(kColOffsets, v, a.col_offsets[v]);
      end = a.rec.read(kColOffsets, v + 1, a.col_offsets[v + 1]);
    }
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const int stamp = a.first_step + k;
    const int count = min(kChunk, end - e);  // this step's chunk (none once done)
    int u[kChunk], at_start[kChunk];
    bool hit = false;
    for (int j = 0; j < count; ++j) {
      u[j] = a.rows[e + j];
      at_start[j] = a.level[u[j]];
      hit = hit || at_start[j] == d;
    }
    if (hit) offer(a, v, t);  // it will write its own level
    next_step();
    bool found = false, leaves = false;
    int tail_before = 0, edges_before = 0;
    if (count > 0) {
      int seen[kChunk], parent = -1;
      for (int j = 0; j < count; ++j) a.rec.read(kRows, e + j, u[j]);
      for (int j = 0; j < count; ++j)
        seen[j] = a.rec.read(kLevel, u[j], level_seen(a, u[j], t, at_start[j]));
      for (int j = count - 1; j >= 0; --j)
        if (seen[j] == d) parent = u[j];  // @bfs-list-chunk
      e += count;
      if (parent >= 0) {
        a.level[v] = a.rec.write(kLevel, v, d + 1);
        a.parent[v] = a.rec.write(kParent, v, parent);
        found = true;
        end = e;  // the chunk with a parent is the last
        a.claimed[t] = stamp;
        a.claim_count[t] = 1;
        a.claim_degree[t] = a.row_offsets[v + 1] - a.row_offsets[v];
        tail_before = *a.tail;
        edges_before = *a.next_edges;
      } else if (e >= end) {
        leaves = true;  // no parent yet: the next bottom-up level looks again
        a.claimed[t] = -2 - stamp;
        tail_before = *a.left_tail;
      }
    }
    next_step();
    if (found) {
      a.writer[v] = kNobody;
      enqueue_with_edges(a, v, t, tail_before, edges_before, stamp);
    } else if (leaves) {
      keep_in_order(a, v, t, tail_before, stamp);
    }
    next_step();
  }
}

// A step's barrier: grid-wide for the grid kernel's levels, the cluster's in the cluster phase
// (whose one cluster is the whole launch).
struct GridBarrier {
  __device__ void operator()() const { next_step(); }
};

// A chunk of up to kBottomUpChunk edges of one thread's row, claimed as bfs_fast.cu's
// top_down_threads and bfs_fast_cluster.cu's expand_warp claim them: the targets, then their rows'
// offsets, then an atomicCAS per target (recorded as its read of the level and, when that was
// -1, its write of d + 1), in thread order: a thread sees the claims of the lower threads and its
// own earlier ones. `sync` ends the look; after the call the thread records its parents and
// appends, after another barrier (the caller's).
struct Chunk {
  static constexpr int kMax = int(kBottomUpChunk);
  int count = 0, claims = 0, edges = 0, largest = 0;
  int w[kMax], degree[kMax];
  bool won[kMax];
};

template <class Barrier>
__device__ void claim_chunk(Args& a, int t, int first, int count, int stamp, Chunk& c,
                            Barrier sync) {
  const int d = a.depth;
  int at_start[Chunk::kMax];
  c.count = max(count, 0);
  for (int j = 0; j < c.count; ++j) {
    c.w[j] = a.columns[first + j];
    at_start[j] = a.level[c.w[j]];
    if (at_start[j] == -1) offer(a, c.w[j], t);
  }
  sync();
  for (int j = 0; j < c.count; ++j) a.rec.read(kColumns, first + j, c.w[j]);
  for (int j = 0; j < c.count; ++j) {
    const int row = a.rec.read(kRowOffsets, c.w[j], a.row_offsets[c.w[j]]);
    c.degree[j] = a.rec.read(kRowOffsets, c.w[j] + 1, a.row_offsets[c.w[j] + 1]) - row;
  }
  for (int j = 0; j < c.count; ++j) {
    bool mine = false;  // this thread claimed it with an earlier edge of the chunk
    for (int i = 0; i < j; ++i) mine = mine || (c.won[i] && c.w[i] == c.w[j]);
    const int seen = mine ? d + 1 : level_seen(a, c.w[j], t, at_start[j]);
    c.won[j] = a.rec.read(kLevel, c.w[j], seen) == -1;
    if (c.won[j]) {
      a.level[c.w[j]] = a.rec.write(kLevel, c.w[j], d + 1);
      ++c.claims;
      c.edges += c.degree[j];
      c.largest = max(c.largest, c.degree[j]);
    }
  }
  if (c.claims > 0) {
    a.claimed[t] = stamp;
    a.claim_count[t] = c.claims;
    a.claim_degree[t] = c.edges;
  }
}

// A top-down level of small degree as bfs_fast.cu's top_down_threads runs it (when the largest
// out-degree times the block fits a block's append queue): thread i takes frontier entry i, its
// out-degree from the edge starts, and its row kBottomUpChunk edges a step, the chunk's loads and
// claims issued together; every vertex it claims is appended with its edge range.
__global__ void fast_top_down_threads(Args a) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = -1, row = 0, degree = 0;
  a.rec.begin(0, 0);
  if (t < a.threads) {
    v = a.rec.read(kFrontier, t, a.frontier[t]);  // @bfs-threads-entry
    const int e0 = a.rec.read(kEdgeStart, t, a.edge_start[t]);
    const int e1 =
        t + 1 < a.threads ? a.rec.read(kEdgeStart, t + 1, a.edge_start[t + 1]) : a.frontier_edges;
    degree = e1 - e0;
    row = a.rec.read(kRowOffsets, v, a.row_offsets[v]);
  }
  next_step();
  for (int k = 1; k <= a.edge_steps; ++k) {
    a.rec.begin(0, k);
    const int stamp = a.first_step + k, k0 = (k - 1) * Chunk::kMax;
    Chunk c;  // @bfs-threads-edges
    claim_chunk(a, t, row + k0, t < a.threads ? min(Chunk::kMax, degree - k0) : 0, stamp, c,
                GridBarrier{});
    int slot = *a.tail, start = *a.next_edges;
    next_step();
    if (c.claims > 0) append_base(a, t, stamp, slot, start);
    for (int j = 0; j < c.count; ++j)
      if (c.won[j]) {
        a.writer[c.w[j]] = kNobody;
        a.parent[c.w[j]] = a.rec.write(kParent, c.w[j], v);
        append_with_degree(a, c.w[j], c.degree[j], slot++, start);
        start += c.degree[j];
      }
    next_step();
  }
}

// The cluster phase as bfs_fast_cluster.cu runs it, at teaching size (bfs_teach_cpu.h): one
// cluster of kTeachClusterBlocks blocks; each block keeps the entries it discovers in its own
// shared memory (two halves of kTeachClusterCap: this level's, by depth parity, and the next's)
// beside its counts, and the blocks read each other's counts and entries through distributed
// shared memory (cluster.map_shared_rank). A launch runs one level's cluster steps (the host
// steps through the levels; the blocks' shared arrays wait in a.cluster_save between launches,
// where the full-size kernel keeps them in shared memory throughout):
//   load      the phase's first level: block r takes global entries [count r / B, count (r+1) / B)
//   counts    thread j < B reads block j's count, edges and largest degree of this level (a
//             remote read unless j is its own block), writes the prefix sums to "cluster first"
//             and clears the counts of the level after the next
//   handover  the level turns bottom-up or does not fit: each block writes its entries to the
//             global queue in the grid kernel's form (frontier, edge start), which then runs it
//   expand    each block takes an equal share of the entries, a thread each, read from the
//             block holding it; the rows a chunk of 4 edges a step, claimed with atomicCAS; a
//             block's discoveries go to its own queue (one atomicAdd on its count), their
//             edges and largest degree to its counts; then the cluster barrier.
constexpr int kClusterInts = 2 * kTeachClusterCap + 6 + 3 + 2 * (kTeachClusterBlocks + 1);

struct ClusterShared {
  int queue[2 * kTeachClusterCap];
  int counts[6];                             // per depth % 3: entries, edges
  int largest[3];                            // per depth % 3
  int first[2 * (kTeachClusterBlocks + 1)];  // entries before block r, then edges before it
};
static_assert(sizeof(ClusterShared) == kClusterInts * sizeof(int), "the save layout");

__device__ int count_at(int d) {
  return 2 * (d % 3);
}
__device__ int edges_at(int d) {
  return 2 * (d % 3) + 1;
}
__device__ int largest_at(int d) {
  return d % 3;
}
__device__ int half_at(int d) {
  return (d & 1) * kTeachClusterCap;
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
struct ClusterBarrier {
  __device__ void operator()() const { cg::this_cluster().sync(); }
};

// Element `i` of block `owner`'s copy of a shared array of `size` elements per block: a read of
// this block's own shared memory, or a remote read through distributed shared memory.
__device__ int cluster_read(Args& a, cg::cluster_group& cluster, int buffer, int* here, int size,
                            int owner, int i) {
  if (owner == int(cluster.block_rank())) return a.rec.read(buffer, i, here[i]);
  return a.rec.remote_read(buffer, int64_t(owner) * size + i,
                           cluster.map_shared_rank(here, unsigned(owner))[i]);
}
#endif

__global__ void fast_cluster_level(Args a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr int B = kTeachClusterBlocks, T = kTeachClusterThreads, kCap = kTeachClusterCap;
  __shared__ ClusterShared sh;
  __shared__ int staged[3][T];  // what a block's threads pass each other (the kernel's shuffles)
  __shared__ int range[3];
  cg::cluster_group cluster = cg::this_cluster();
  const int r = int(cluster.block_rank()), j = threadIdx.x, t = r * T + j, d = a.depth;
  int* save = a.cluster_save + r * kClusterInts;
  int* words = reinterpret_cast<int*>(&sh);
  for (int k = j; k < kClusterInts; k += T) words[k] = save[k];
  cluster.sync();
  int step = 0;
  if (a.cluster_load) {  // the source, from the global queue the setup left it in
    a.rec.begin(0, step++);
    const int count = a.frontier_size, lo = count * r / B, hi = count * (r + 1) / B, k = lo + j;
    if (j == 0)
      sh.counts[count_at(d)] =
          a.rec.write(kClusterCounts, count_at(d), hi - lo);  // @bfs-cluster-load
    if (k < hi) {
      const int v = a.rec.read(kFrontier, k, a.frontier[k]);
      const int e0 = a.rec.read(kEdgeStart, k, a.edge_start[k]);
      const int e1 =
          k + 1 < count ? a.rec.read(kEdgeStart, k + 1, a.edge_start[k + 1]) : a.frontier_edges;
      sh.queue[half_at(d) + j] = a.rec.write(kClusterQueue, half_at(d) + j, v);
      atomicAdd(&sh.counts[edges_at(d)], a.rec.atomic(kClusterCounts, edges_at(d), e1 - e0));
      atomicMax(&sh.largest[largest_at(d)], a.rec.atomic(kClusterLargest, largest_at(d), e1 - e0));
    }
    cluster.sync();
  }
  if (a.cluster_counts) {  // every block: the blocks' counts, through distributed shared memory
    a.rec.begin(0, step++);
    if (j < B) {
      staged[0][j] = cluster_read(a, cluster, kClusterCounts, sh.counts, 6, j, count_at(d));
      staged[1][j] = cluster_read(a, cluster, kClusterCounts, sh.counts, 6, j, edges_at(d));
      cluster_read(a, cluster, kClusterLargest, sh.largest, 3, j,
                   largest_at(d));  // @bfs-cluster-counts
    }
    __syncthreads();
    if (j < B) {
      int entries = 0, edges = 0;
      for (int i = 0; i <= j; ++i) entries += staged[0][i], edges += staged[1][i];
      sh.first[j + 1] = a.rec.write(kClusterFirst, j + 1, entries);
      sh.first[B + 1 + j + 1] = a.rec.write(kClusterFirst, B + 1 + j + 1, edges);
    }
    if (j == 0) {
      sh.first[0] = a.rec.write(kClusterFirst, 0, 0);
      sh.first[B + 1] = a.rec.write(kClusterFirst, B + 1, 0);
      sh.counts[count_at(d + 2)] = a.rec.write(kClusterCounts, count_at(d + 2), 0);
      sh.counts[edges_at(d + 2)] = a.rec.write(kClusterCounts, edges_at(d + 2), 0);
      sh.largest[largest_at(d + 2)] = a.rec.write(kClusterLargest, largest_at(d + 2), 0);
    }
    cluster.sync();
  }
  if (a.handover) {  // this level's entries to the global queue, in the grid kernel's form
    a.rec.begin(0, step++);
    if (j == 0) {
      range[0] = a.rec.read(kClusterFirst, r, sh.first[r]);  // @bfs-cluster-handover
      range[1] = a.rec.read(kClusterFirst, r + 1, sh.first[r + 1]) - range[0];
      range[2] = a.rec.read(kClusterFirst, B + 1 + r, sh.first[B + 1 + r]);
    }
    __syncthreads();
    int v = -1, degree = 0;
    if (j < range[1]) {
      v = a.rec.read(kClusterQueue, half_at(d) + j, sh.queue[half_at(d) + j]);
      const int row = a.rec.read(kRowOffsets, v, a.row_offsets[v]);
      degree = a.rec.read(kRowOffsets, v + 1, a.row_offsets[v + 1]) - row;
    }
    staged[0][j] = degree;
    __syncthreads();
    if (j < range[1]) {
      int running = range[2];
      for (int i = 0; i < j; ++i) running += staged[0][i];
      a.frontier[range[0] + j] = a.rec.write(kFrontier, range[0] + j, v);
      a.edge_start[range[0] + j] = a.rec.write(kEdgeStart, range[0] + j, running);
    }
    cluster.sync();
  }
  if (a.cluster_expand) {
    a.rec.begin(0, step++);
    const int count = a.frontier_size, share = (count + B - 1) / B;
    const int lo = min(count, share * r), hi = min(count, lo + share), i = lo + j;
    int v = -1, row = 0, degree = 0;
    if (i < hi) {  // the block holding entry i: the last with first[owner] <= i
      int owner = 0;
      for (int s = B / 2; s > 0; s >>= 1)
        if (owner + s < B && a.rec.read(kClusterFirst, owner + s, sh.first[owner + s]) <= i)
          owner += s;
      const int at = i - a.rec.read(kClusterFirst, owner, sh.first[owner]);
      v = cluster_read(a, cluster, kClusterQueue, sh.queue, 2 * kCap, owner,
                       half_at(d) + at);  // @bfs-cluster-entry
      row = a.rec.read(kRowOffsets, v, a.row_offsets[v]);
      degree = a.rec.read(kRowOffsets, v + 1, a.row_offsets[v + 1]) - row;
    }
    cluster.sync();
    for (int k = 1; k <= a.edge_steps; ++k) {
      a.rec.begin(0, step);
      const int stamp = a.first_step + step++, k0 = (k - 1) * Chunk::kMax;
      Chunk c;  // @bfs-cluster-edges
      claim_chunk(a, t, row + k0, i < hi ? min(Chunk::kMax, degree - k0) : 0, stamp, c,
                  ClusterBarrier{});
      const int base = sh.counts[count_at(d + 1)];  // before this step's atomic
      staged[0][j] = c.claims;
      staged[1][j] = c.edges;
      staged[2][j] = c.largest;
      cluster.sync();
      int before = 0, total = 0, edges = 0, largest = 0;
      for (int q = 0; q < T; ++q) {
        before += q < j ? staged[0][q] : 0;
        total += staged[0][q];
        edges += staged[1][q];
        largest = max(largest, staged[2][q]);
      }
      for (int q = 0; q < c.count; ++q)
        if (c.won[q]) {
          a.writer[c.w[q]] = kNobody;
          a.parent[c.w[q]] = a.rec.write(kParent, c.w[q], v);
        }
      // The block's pushes, as one warp's in the kernel: its last thread reserves them all.
      if (j == T - 1 && total > 0)
        atomicAdd(&sh.counts[count_at(d + 1)],
                  a.rec.atomic(kClusterCounts, count_at(d + 1), total));
      int slot = base + before;
      for (int q = 0; q < c.count; ++q)
        if (c.won[q]) {
          sh.queue[half_at(d + 1) + slot] =
              a.rec.write(kClusterQueue, half_at(d + 1) + slot, c.w[q]);
          ++slot;
        }
      if (j == 0 && edges > 0)
        atomicAdd(&sh.counts[edges_at(d + 1)],
                  a.rec.atomic(kClusterCounts, edges_at(d + 1), edges));
      if (j == 0 && largest > 0)
        atomicMax(&sh.largest[largest_at(d + 1)],
                  a.rec.atomic(kClusterLargest, largest_at(d + 1), largest));
      cluster.sync();
    }
    a.rec.begin(0, step++);
    cluster.sync();  // @bfs-cluster-barrier
  }
  for (int k = j; k < kClusterInts; k += T) save[k] = words[k];
#endif
}

// After a bottom-up level that left vertices: `left` becomes the list and its tail is reset (the
// host reads the tail first: the grid). The full-size kernel alternates two buffers instead.
__global__ void swap_lists(Args a, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  a.rec.begin(0, 0);
  if (i < count)
    a.list[i] = a.rec.write(kList, i, a.rec.read(kLeft, i, a.left[i]));  // @bfs-list-swap
  if (i == 0) *a.left_tail = a.rec.write(kLeftTail, 0, 0);
}
// @end

// @helper queue-swap
// After a level of the queue variants: the next queue becomes the frontier and its tail is
// reset (the host reads the tail first: the next level's grid).
__global__ void swap_queues(Args a, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  a.rec.begin(0, 0);
  if (i < count) {
    a.frontier[i] = a.rec.write(kFrontier, i, a.rec.read(kNext, i, a.next[i]));  // @bfs-swap
    if (a.edge_start)  // 7: the entries' edge starts go with them
      a.edge_start[i] =
          a.rec.write(kEdgeStart, i, a.rec.read(kNextEdgeStart, i, a.next_edge_start[i]));
  }
  if (i == 0) {
    *a.tail = a.rec.write(kTail, 0, 0);
    if (a.edge_start) *a.next_edges = a.rec.write(kNextEdges, 0, 0);
  }
}
// @end

// ================================ host side ====================================================

using Kernel = void (*)(Args);

Kernel kernel_of(Variant v, LevelKind kind) {
  const bool dir_opt = v == Variant::DirectionOptimizing || v == Variant::Fast;
  switch (kind) {
    case LevelKind::Push:
      return push_level;
    case LevelKind::BottomUp:
      return dir_opt ? direction_opt_bottom_up : pull_level;
    case LevelKind::EdgeCentric:
      return edge_level;
    case LevelKind::TopDownQueue:
      return dir_opt ? direction_opt_top_down : global_queue_level;
    case LevelKind::BlockQueue:
      return block_queue_level;
    case LevelKind::EdgeTiles:
      return fast_top_down;
    case LevelKind::ListBottomUp:
      return fast_bottom_up;
    case LevelKind::VertexThreads:
      return fast_top_down_threads;
    case LevelKind::ClusterLevel:  // launch_cluster's
      break;
  }
  throw Error("no teach kernel for this level");
}

DeviceBuffer<int> upload(const std::vector<int32_t>& host) {
  DeviceBuffer<int> d(host.size());
  d.upload(host);
  return d;
}

void launch_cooperative(Kernel kernel, const LevelPlan& plan, Args& a) {
  int device = 0, cooperative = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative)
    throw Error("teach mode on CUDA needs a cooperative launch (grid-wide barriers); " +
                cuda_device_description() + " has none");
  void* args[] = {&a};
  WS_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(kernel), dim3(plan.grid_dim),
                                            dim3(plan.block_dim), args, 0, 0));
}

// 7's cluster phase: one cluster of kTeachClusterBlocks blocks (the whole launch), on devices
// with thread-block clusters.
void launch_cluster(Args& a) {
  int device = 0, major = 0;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  if (major < 9)
    throw Error(
        "teach mode's fast variant on CUDA traces its cluster phase, which needs thread-block "
        "clusters (sm_90 or later); " +
        cuda_device_description() + " has none");
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(unsigned(kTeachClusterBlocks));
  config.blockDim = dim3(unsigned(kTeachClusterThreads));
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = unsigned(kTeachClusterBlocks);
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  config.attrs = &attribute;
  config.numAttrs = 1;
  WS_CUDA_CHECK(cudaLaunchKernelEx(&config, fast_cluster_level, a));
}

}  // namespace

TeachRun teach_cuda(const TeachParams& params, const Graph& g) {
  check_teach_request(params, g);
  if (!cuda_device_available())
    throw Error("teach mode on CUDA needs a device: " + cuda_device_description());
  // The twin gives the trace's buffers and steps; the events and the result are then replaced
  // by what the GPU did.
  TeachRun run = teach_cpu(params, g);
  const TeachGraph tg = teach_graph(g);
  const TeachBuffers tb = teach_buffers(params.variant);
  const int n = tg.n;
  const int max_threads = std::max(n, tg.m) + 128;  // 7's tiles: m_f rounded up to kTeachTile

  TraceRecording<BfsTrace> recording(run.trace, size_t(8 * tg.m + 16 * n + 8 * max_threads) * 4,
                                     "a teach-mode BFS trace");
  DeviceBuffer<int> row_offsets = upload(tg.row_offsets), columns = upload(tg.columns);
  DeviceBuffer<int> col_offsets = upload(tg.col_offsets), rows = upload(tg.rows);
  DeviceBuffer<int> src = upload(tg.src), dst = upload(tg.dst);
  std::vector<int32_t> level_init(size_t(n), -1), parent_init(size_t(n), -1);
  level_init[size_t(params.source)] = 0;
  parent_init[size_t(params.source)] = params.source;
  DeviceBuffer<int> level = upload(level_init), parent = upload(parent_init);
  std::vector<int32_t> frontier_init(size_t(n), -1);
  frontier_init[0] = params.source;
  DeviceBuffer<int> frontier = upload(frontier_init),
                    next = upload(std::vector<int32_t>(size_t(n), -1));
  DeviceBuffer<int> tail{1}, writer{size_t(n)}, claimed{size_t(max_threads)}, block_count{64};
  DeviceBuffer<int> list = upload(std::vector<int32_t>(size_t(n), -1)),
                    left = upload(std::vector<int32_t>(size_t(n), -1)), left_tail{1};
  std::vector<int32_t> edge_start_init(size_t(n), -1);
  edge_start_init[0] = 0;  // the source's edges are the first level's 0 .. degree
  DeviceBuffer<int> edge_start = upload(edge_start_init),
                    next_edge_start = upload(std::vector<int32_t>(size_t(n), -1));
  DeviceBuffer<int> next_edges{1}, claim_degree{size_t(max_threads)},
      claim_count{size_t(max_threads)};
  DeviceBuffer<int> cluster_save{size_t(kTeachClusterBlocks * kClusterInts)};
  cluster_save.fill_zero();  // the counts start at 0
  tail.fill_zero();
  left_tail.fill_zero();
  next_edges.fill_zero();
  WS_CUDA_CHECK(cudaMemset(writer.data(), 0x7f, writer.bytes()));    // kNobody
  WS_CUDA_CHECK(cudaMemset(claimed.data(), 0xff, claimed.bytes()));  // -1: no step

  Args a{};
  a.row_offsets = row_offsets.data();
  a.columns = columns.data();
  a.col_offsets = col_offsets.data();
  a.rows = rows.data();
  a.src = src.data();
  a.dst = dst.data();
  a.level = level.data();
  a.parent = parent.data();
  a.frontier = frontier.data();
  a.next = next.data();
  a.tail = tail.data();
  a.writer = writer.data();
  a.claimed = claimed.data();
  a.block_count = block_count.data();
  a.list = list.data();
  a.left = left.data();
  a.left_tail = left_tail.data();
  a.edge_start = params.variant == Variant::Fast ? edge_start.data() : nullptr;
  a.next_edge_start = next_edge_start.data();
  a.next_edges = next_edges.data();
  a.claim_degree = claim_degree.data();
  a.claim_count = claim_count.data();
  a.cluster_save = cluster_save.data();
  a.n = n;
  a.m = tg.m;
  a.rec = recording.recorder();
  const int names[kTraceArrays] = {tb.row_offsets,
                                   tb.columns,
                                   tb.level,
                                   tb.parent,
                                   tb.col_offsets,
                                   tb.rows,
                                   tb.src,
                                   tb.dst,
                                   tb.frontier,
                                   tb.next,
                                   tb.tail,
                                   tb.block_queue,
                                   tb.block_tail,
                                   tb.list,
                                   tb.left,
                                   tb.left_tail,
                                   tb.edge_start,
                                   tb.next_edge_start,
                                   tb.next_edges,
                                   tb.tile_vertex,
                                   tb.tile_start,
                                   tb.tile_row,
                                   tb.cluster_queue,
                                   tb.cluster_counts,
                                   tb.cluster_largest,
                                   tb.cluster_first};
  for (int i = 0; i < kTraceArrays; ++i) a.rec.buffers[i] = int16_t(names[i]);

  // The level loop on the host, deciding each level from the device's levels.
  std::vector<LevelPlan> plans;
  std::vector<LevelStats> stats;
  Direction direction = Direction::TopDown;
  int64_t previous_frontier = 0;
  int step = 0;
  std::vector<int32_t> now = level.download();
  std::vector<int32_t> bottom_up_list;  // 7: the vertices its last bottom-up level left
  bool listed = false;
  ClusterPhase cluster = cluster_phase_at_start(params.variant, tg);
  for (int32_t d = 0;; ++d) {
    LevelStats s = teach_level_counts(tg, now, d);
    direction = level_direction(params, direction, s, previous_frontier, n);
    const LevelPlan plan = plan_level(params.variant, tg, now, d, direction, params.block_dim, step,
                                      listed ? &bottom_up_list : nullptr, cluster);
    cluster = cluster_phase_after(plan);
    a.depth = d;
    a.threads = int(plan.threads);
    a.frontier_size = int(plan.frontier);
    a.frontier_edges = int(plan.frontier_edges);
    a.edge_steps = plan.edge_steps;
    a.enqueue = plan.enqueue;
    a.listed = plan.listed;
    a.cluster_load = plan.cluster_load;
    a.cluster_counts = plan.cluster_counts;
    a.handover = plan.handover;
    a.cluster_expand = plan.kind == LevelKind::ClusterLevel;
    if (plan.lead_steps() > 0 || a.cluster_expand) {  // the cluster's steps of the level
      a.first_step = plan.first_step;
      a.rec.phases[0] = plan.first_step;
      launch_cluster(a);
      WS_CUDA_CHECK(cudaDeviceSynchronize());
    }
    if (!a.cluster_expand) {  // the grid kernel's
      a.first_step = plan.kernel_step();
      a.rec.phases[0] = plan.kernel_step();
      launch_cooperative(kernel_of(params.variant, plan.kind), plan, a);
      WS_CUDA_CHECK(cudaDeviceSynchronize());
    }
    now = level.download();
    s.discovered = std::count(now.begin(), now.end(), d + 1);
    s.threads = plan.threads;
    s.direction = plan.direction;
    stats.push_back(s);
    plans.push_back(plan);
    previous_frontier = s.frontier;
    step = plan.after_edges();
    if (s.discovered == 0) break;
    if (plan.queues) {
      int count = 0;
      tail.download(&count, 1);
      WS_REQUIRE(count == s.discovered, "the GPU's queue holds " + std::to_string(count) +
                                            " vertices, its levels " +
                                            std::to_string(s.discovered));
      a.rec.phases[0] = step++;
      const int blocks = std::max(1, (count + params.block_dim - 1) / params.block_dim);
      swap_queues<<<blocks, params.block_dim>>>(a, count);
      WS_CUDA_CHECK_LAUNCH();
    }
    if (plan.kind == LevelKind::ListBottomUp) {
      int count = 0;
      left_tail.download(&count, 1);
      WS_REQUIRE(count >= 0 && count <= n, "the GPU's bottom-up level left " +
                                               std::to_string(count) + " vertices of " +
                                               std::to_string(n));
      const std::vector<int32_t> left_now = left.download();  // in the order appended
      bottom_up_list.assign(left_now.begin(), left_now.begin() + count);
      listed = true;
      if (count > 0) {
        a.rec.phases[0] = step++;
        const int blocks = (count + params.block_dim - 1) / params.block_dim;
        swap_lists<<<blocks, params.block_dim>>>(a, count);
        WS_CUDA_CHECK_LAUNCH();
      }
    }
  }
  WS_REQUIRE(step == int(run.trace.steps.size()), "the GPU's search took " + std::to_string(step) +
                                                      " steps, the twin's " +
                                                      std::to_string(run.trace.steps.size()));
  recording.download(run.trace);
  run.result = Result{};
  run.result.levels = stats;
  finish_teach_result(run, tg, g, plans, level.download(), parent.download());
  return run;
}

}  // namespace ws::bfs
