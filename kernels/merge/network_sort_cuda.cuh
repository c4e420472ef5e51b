// The network sorts' host side and their compare-exchange, shared by sort_bitonic.cu and
// sort_odd_even.cu (each brings its own kernels as a `Kernels` policy): padding to a power of
// two, the launches of network_schedule.h, and the traced teach run.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/trace_recording.cuh"
#include "network_schedule.h"
#include "network_wiring.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

// The kernels' names for the trace's buffers and phases (the host maps them, sort.h's layout).
enum NetworkTraceName : int { kNetKeys = 0, kNetTile = 1 };
enum NetworkPhase : int { kNetLoad = 0, kNetShared = 1, kNetStore = 2, kNetGlobal = 3 };

inline constexpr int kNetTileMax = 1024;       // keys a block holds in shared memory (max)
inline constexpr int kNetFullSizeTile = 1024;  // full size: 512 threads a block, as the sample

// A compare-exchange on wires lo and hi of `keys` (global or the shared tile): two reads, the
// comparison, both writes always (sort.h). Values move with their keys.
// @helper compare-exchange
template <bool kValues, class Key, class Rec>
__device__ __forceinline__ void net_compare_exchange(Rec& rec, int buffer, Key* keys,
                                                     uint32_t* values, int64_t lo, int64_t hi,
                                                     bool ascending) {
  const Key a = rec.read(buffer, lo, keys[lo]);
  const Key b = rec.read(buffer, hi, keys[hi]);
  uint32_t va = 0, vb = 0;
  if constexpr (kValues) {
    va = values[lo];
    vb = values[hi];
  }
  const bool swap = ascending ? network_after(a, va, b, vb) : network_after(b, vb, a, va);
  rec.op(buffer, lo, swap ? b : a);
  keys[lo] = rec.write(buffer, lo, swap ? b : a);
  keys[hi] = rec.write(buffer, hi, swap ? a : b);
  if constexpr (kValues) {
    values[lo] = swap ? vb : va;
    values[hi] = swap ? va : vb;
  }
}
// @end

// The padding: the key type's largest value (+inf for float), kNetworkPadValue beside it.
template <class Key>
Key net_padding_key() {
  return std::numeric_limits<Key>::has_infinity ? std::numeric_limits<Key>::infinity()
                                                : std::numeric_limits<Key>::max();
}

template <class Key>
__global__ void net_fill_padding(Key* keys, uint32_t* values, int64_t count, Key pad) {
  const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= count) return;
  keys[i] = pad;
  if (values) values[i] = kNetworkPadValue;
}

// A network's two kernels (sort_bitonic.cu, sort_odd_even.cu): a run of `stages` shared stages
// from (k, j) in each block's tile, and one stage (k, j) on global memory with one comparator a
// thread. Each file's `Kernels` policy returns its pair from `get<Key, kValues, Rec>()`.
template <class Key, bool kValues, class Rec>
struct NetworkKernels {
  void (*shared)(Key* keys, uint32_t* values, int tile, int k, int j, int stages, Rec rec);
  void (*global)(Key* keys, uint32_t* values, int64_t k, int64_t j, int64_t comparators, Rec rec);
};

// Runs every launch of the network on `wires` keys (and values) on device memory.
template <class Kernels, bool kValues, class Key, class Rec, class RecFor>
void net_run_schedule(NetworkKind kind, Key* keys, uint32_t* values, int64_t wires, int32_t tile,
                      cudaStream_t stream, RecFor rec_for) {
  const NetworkKernels<Key, kValues, Rec> kernels = Kernels::template get<Key, kValues, Rec>();
  const int32_t block = tile / 2;
  const int64_t grid = wires / tile;
  for (const NetworkLaunch& l : network_schedule(kind, wires, tile)) {
    Rec rec = rec_for(l);
    // Global stages take blocks of tile/2 threads as the shared launches (the trace's steps share
    // one launch shape): N/2 comparator slots, one a thread.
    if (l.shared)
      kernels.shared<<<int(grid), block, 0, stream>>>(keys, values, tile, l.k, l.j, l.stages, rec);
    else
      kernels.global<<<int(grid), block, 0, stream>>>(keys, values, l.k, l.j, grid * block, rec);
    WS_CUDA_CHECK_LAUNCH();
  }
}

// Full size: pads to a power of two in scratch when n is not one, sorts, copies back.
template <class Kernels, class Key>
void net_sort_device(NetworkKind kind, Key* d_keys, int64_t n, uint32_t* d_values, void* d_scratch,
                     cudaStream_t stream) {
  if (n <= 1) return;
  int64_t wires = 2;
  while (wires < n) wires *= 2;
  DeviceBuffer<unsigned char> own;
  Key* keys = d_keys;
  uint32_t* values = d_values;
  if (wires != n) {
    if (!d_scratch) {
      own = DeviceBuffer<unsigned char>(size_t(wires) * (d_values ? 8 : 4));
      d_scratch = own.data();
    }
    keys = static_cast<Key*>(d_scratch);
    values = d_values ? reinterpret_cast<uint32_t*>(keys + wires) : nullptr;
    WS_CUDA_CHECK(
        cudaMemcpyAsync(keys, d_keys, size_t(n) * sizeof(Key), cudaMemcpyDeviceToDevice, stream));
    if (values)
      WS_CUDA_CHECK(
          cudaMemcpyAsync(values, d_values, size_t(n) * 4, cudaMemcpyDeviceToDevice, stream));
    const int64_t pad = wires - n;
    net_fill_padding<<<unsigned((pad + 255) / 256), 256, 0, stream>>>(
        keys + n, values ? values + n : nullptr, pad, net_padding_key<Key>());
    WS_CUDA_CHECK_LAUNCH();
  }
  const int32_t tile = int32_t(std::min<int64_t>(kNetFullSizeTile, wires));
  auto no_trace = [](const NetworkLaunch&) { return NoTrace{}; };
  if (values)
    net_run_schedule<Kernels, true, Key, NoTrace>(kind, keys, values, wires, tile, stream,
                                                  no_trace);
  else
    net_run_schedule<Kernels, false, Key, NoTrace>(kind, keys, values, wires, tile, stream,
                                                   no_trace);
  if (wires != n) {
    WS_CUDA_CHECK(
        cudaMemcpyAsync(d_keys, keys, size_t(n) * sizeof(Key), cudaMemcpyDeviceToDevice, stream));
    if (values)
      WS_CUDA_CHECK(
          cudaMemcpyAsync(d_values, values, size_t(n) * 4, cudaMemcpyDeviceToDevice, stream));
    if (own.size() > 0) WS_CUDA_CHECK(cudaStreamSynchronize(stream));  // before `own` is freed
  }
}

// Teach: the twin's run (padded wires as its "keys" buffer starts), recorded launch by launch.
template <class Kernels, class Key>
void net_teach_cuda(SortTeachRun& run) {
  const Network& net = run.network;
  const int64_t wires = net.wires;
  std::vector<Key> keys;
  for (double k : run.trace.buffers[kSortKeys].initial) keys.push_back(Key(k));
  std::vector<uint32_t> values(run.input_values);
  values.resize(size_t(wires), kNetworkPadValue);
  TraceRecording<DeviceTrace> recording(run.trace, size_t(wires) * 8, "sort teach mode");
  DeviceBuffer<Key> d_keys(static_cast<size_t>(wires));
  DeviceBuffer<uint32_t> d_values(static_cast<size_t>(wires));
  d_keys.upload(keys);
  d_values.upload(values);
  auto traced = [&](const NetworkLaunch& l) {
    DeviceTrace rec = recording.recorder();
    rec.buffers[kNetKeys] = kSortKeys;
    rec.buffers[kNetTile] = kSortTile;
    if (l.shared) {
      rec.phases[kNetLoad] = l.first_step;
      rec.phases[kNetShared] = l.first_step + 1;
      rec.phases[kNetStore] = l.first_step + 1 + l.stages;
    } else {
      rec.phases[kNetGlobal] = l.first_step;
    }
    return rec;
  };
  net_run_schedule<Kernels, true, Key, DeviceTrace>(net.kind, d_keys.data(), d_values.data(), wires,
                                                    run.tile, nullptr, traced);
  recording.download(run.trace);
  keys = d_keys.download();
  values = d_values.download();
  const size_t n = run.input.size();
  run.output.assign(keys.begin(), keys.begin() + n);
  run.output_values.assign(values.begin(), values.begin() + n);
}

}  // namespace ws::merge
