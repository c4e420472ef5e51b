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
//   7 fast            3's directions, each level as the full-size kernel (bfs_fast.cu) runs it.
//                     Top-down: the frontier's m_f edges in tiles of kTeachTile (every entry
//                     carries edge_start, the out-degrees before it summed); a block per tile
//                     finds and stages its entries, a thread per edge, so a hub's row spreads
//                     over many blocks. Bottom-up: a thread per entry of a list (the first
//                     bottom-up level: every vertex; later ones: the vertices the last one left
//                     unvisited with in-edges), in-edges read 4 at a time, one chunk a step, up to
//                     the chunk with a frontier in-neighbour. (The full-size kernels also keep
//                     the level loop on the device, and top-down levels of small degree use a
//                     thread per vertex instead of tiles.)
// Teach mode makes every step deterministic, so the trace equals the CPU twin's event for event
// (the format: bfs_teach_cpu.cpp; the twins: bfs_teach_*_cpu.cpp). Within a step the threads act
// as if in thread order: a step first looks (every thread reads what it needs; a thread that
// wants to write level[x] offers its index with atomicMin on a claim array), then, after a grid
// barrier, the lowest offering thread writes and every thread records the value its read gives
// in thread order (the winner's d + 1 for a higher thread, as an atomicCAS would return it);
// after another barrier the queue slots are handed out in thread order: a thread's slot is the
// tail before the step plus the claims of the lower threads (6: of its block; the blocks then
// reserve room in block order; 7's list of the vertices left the same way, on its own tail). The
// atomics are still made, so the tails count right. The fast kernels take whatever order the
// hardware gives.
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
  int* claim_degree;     // 7: per thread, the out-degree of the vertex it claimed
  int n, m;
  int depth;           // d: the frontier's level
  int threads;         // threads with work: n, m or the frontier's size
  int frontier_edges;  // 7's top-down levels: m_f, the tiles' index space
  int edge_steps;      // the level's lock-step edge rounds
  int first_step;      // the trace index of the level's step 0 (stamps the claims)
  bool enqueue;        // bottom-up levels of 3 and 7 append to `next`
  bool listed;         // 7's bottom-up levels: thread i takes list[i] (else vertex i)
  BfsTrace rec;        // records what each thread reads, writes and adds
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
// Top-down levels as bfs_fast.cu's top_down_tiles runs them: every frontier entry carries
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

// Appends x to `next` and its edge range to `next_edge_start`, in thread order: the slot and the
// range start are the tail and the edge count before the step plus the claims (and their
// out-degrees) of the lower threads. The full-size kernel reserves both with one 64-bit atomic.
__device__ void enqueue_with_edges(Args& a, int x, int t, int tail_before, int edges_before,
                                   int stamp) {
  const int first = a.rec.read(kRowOffsets, x, a.row_offsets[x]);
  const int end = a.rec.read(kRowOffsets, x + 1, a.row_offsets[x + 1]);
  int slot = tail_before, start = edges_before;
  for (int i = 0; i < t; ++i)
    if (a.claimed[i] == stamp) {
      ++slot;
      start += a.claim_degree[i];
    }
  atomicAdd(a.tail, a.rec.atomic(kTail, 0, 1));  // @bfs-tile-append
  atomicAdd(a.next_edges, a.rec.atomic(kNextEdges, 0, end - first));
  a.next[slot] = a.rec.write(kNext, slot, x);
  a.next_edge_start[slot] = a.rec.write(kNextEdgeStart, slot, start);
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
  DeviceBuffer<int> next_edges{1}, claim_degree{size_t(max_threads)};
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
  a.n = n;
  a.m = tg.m;
  a.rec = recording.recorder();
  const int names[kTraceArrays] = {tb.row_offsets, tb.columns,     tb.level,
                                   tb.parent,      tb.col_offsets, tb.rows,
                                   tb.src,         tb.dst,         tb.frontier,
                                   tb.next,        tb.tail,        tb.block_queue,
                                   tb.block_tail,  tb.list,        tb.left,
                                   tb.left_tail,   tb.edge_start,  tb.next_edge_start,
                                   tb.next_edges,  tb.tile_vertex, tb.tile_start,
                                   tb.tile_row};
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
  for (int32_t d = 0;; ++d) {
    LevelStats s = teach_level_counts(tg, now, d);
    direction = level_direction(params, direction, s, previous_frontier, n);
    const LevelPlan plan = plan_level(params.variant, tg, now, d, direction, params.block_dim, step,
                                      listed ? &bottom_up_list : nullptr);
    a.depth = d;
    a.threads = int(plan.threads);
    a.frontier_edges = int(plan.frontier_edges);
    a.edge_steps = plan.edge_steps;
    a.first_step = plan.first_step;
    a.enqueue = plan.enqueue;
    a.listed = plan.listed;
    a.rec.phases[0] = plan.first_step;
    launch_cooperative(kernel_of(params.variant, plan.kind), plan, a);
    WS_CUDA_CHECK(cudaDeviceSynchronize());
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
